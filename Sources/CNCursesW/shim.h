// Wide-character curses: the extended API needs this before the header.
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <poll.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Swift does not import macros that compute values; these wrap the ones the backend uses.
static inline attr_t tern_attr_bold(void) { return A_BOLD; }
static inline attr_t tern_attr_dim(void) { return A_DIM; }
static inline attr_t tern_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t tern_attr_reverse(void) { return A_REVERSE; }
static inline mmask_t tern_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tern_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tern_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t tern_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int tern_colors(void) { return COLORS; }
static inline int tern_color_pairs(void) { return COLOR_PAIRS; }
static inline int tern_key_f0(void) { return KEY_F0; }
// Columns the C library gives a character (declared here as glibc hides it without _XOPEN_SOURCE).
int wcwidth(wchar_t c);
static inline int tern_wcwidth(wchar_t c) { return wcwidth(c); }
// The C library's and curses' globals, read through functions: Swift 6 refuses a direct read
// of a mutable C global, and the backend reads these on the loop's thread only.
static inline FILE *tern_stdout(void) { return stdout; }
static inline FILE *tern_stdin(void) { return stdin; }
static inline WINDOW *tern_stdscr(void) { return stdscr; }
static inline WINDOW *tern_curscr(void) { return curscr; }
