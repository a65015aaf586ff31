// PostgreSQL's client library, for the team-server backend of the document store. Only its
// types and constants are used from here: the module links nothing, and DocStore's LibPQ
// opens libpq.so.5 with dlopen the first time a team server is used.
#include <postgresql/libpq-fe.h>
