// Wide-character curses: the extended API needs this before the header.
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <ncursesw/curses.h>
