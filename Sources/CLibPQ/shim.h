// PostgreSQL's client library, for the team-server backend of the document store.
#include <postgresql/libpq-fe.h>
