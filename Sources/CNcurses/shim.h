// The curses half of chat-tui's C (CSystem holds the rest): turns on ncurses' wide-character API and wraps
// what Swift cannot import (macros, and C globals Swift 6 rejects).
#ifndef CHAT_TUI_CNCURSES_SHIM_H
#define CHAT_TUI_CNCURSES_SHIM_H

// SwiftPM drops the -D_XOPEN_SOURCE flags pkg-config gives; without this
// curses.h hides get_wch, wadd_wch, cchar_t and wint_t.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <unistd.h>
#include <langinfo.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline WINDOW *chat_stdscr(void) { return stdscr; }
static inline WINDOW *chat_curscr(void) { return curscr; }
static inline int chat_lines(void) { return LINES; }
static inline int chat_cols(void) { return COLS; }

static inline void chat_getmaxyx(WINDOW *w, int *rows, int *cols) {
    int y, x;
    getmaxyx(w, y, x);
    *rows = y;
    *cols = x;
}

static inline attr_t chat_a_normal(void) { return A_NORMAL; }
static inline attr_t chat_a_bold(void) { return A_BOLD; }
static inline attr_t chat_a_dim(void) { return A_DIM; }
static inline attr_t chat_a_reverse(void) { return A_REVERSE; }
static inline attr_t chat_a_underline(void) { return A_UNDERLINE; }
static inline attr_t chat_a_italic(void) { return A_ITALIC; }
static inline int chat_colors(void) { return COLORS; }
static inline int chat_color_pairs(void) { return COLOR_PAIRS; }

/// Writes one screen cell holding up to CCHARW_MAX code points at (y, x).
/// The cell is filled directly rather than through setcchar, which would cut a
/// cluster at its second spacing character (a ZWJ sequence, say): ncurses
/// advances by the width of the first code point and sends all of them.
/// `chat_put_cell` for a cell of one code point, the most common: nothing to
/// gather into an array first.
static inline int chat_put_char(WINDOW *w, int y, int x, wchar_t c, attr_t attr, short pair) {
    cchar_t cell;
    memset(&cell, 0, sizeof cell);
    cell.chars[0] = c;
    cell.attr = (attr & ~A_COLOR) | (attr_t)COLOR_PAIR(pair);
    cell.ext_color = pair;
    if (wmove(w, y, x) == ERR) return ERR;
    return wadd_wch(w, &cell);
}

static inline int chat_put_cell(WINDOW *w, int y, int x, const wchar_t *chars,
                                int count, attr_t attr, short pair) {
    cchar_t cell;
    memset(&cell, 0, sizeof cell);
    if (count > CCHARW_MAX) count = CCHARW_MAX;
    for (int i = 0; i < count; i++) cell.chars[i] = chars[i];
    cell.attr = (attr & ~A_COLOR) | (attr_t)COLOR_PAIR(pair);
    cell.ext_color = pair;
    if (wmove(w, y, x) == ERR) return ERR;
    return wadd_wch(w, &cell);
}

/// Where `chat_set_attributes` writes: the terminal chat-tui draws on, set
/// from Swift. (A static inside a function, as Swift gives a header's globals
/// no storage; and called from Swift, as only what Swift calls is compiled.)
static inline FILE **chat_attribute_output(void) {
    static FILE *output;
    return &output;
}
static inline int chat_attribute_putc(int c) { return fputc(c, *chat_attribute_output()); }

/// Writes to the terminal (`chat_attribute_output`) what switches it to `attr`
/// and colour pair `pair`, as ncurses would, and tells ncurses it is now so.
static inline void chat_set_attributes(attr_t attr, short pair) {
    vid_puts(attr & ~A_COLOR, pair, NULL, chat_attribute_putc);
}

/// The largest number of code points one ncurses cell holds.
static inline int chat_cell_capacity(void) { return CCHARW_MAX; }

/// The C library's width of one code point in the current locale (-1 when it
/// is not printable): what ncurses advances its cursor by.
extern int wcwidth(wchar_t);
static inline int chat_wcwidth(wchar_t c) { return wcwidth(c); }

/// A string capability of the current terminal (`BE`, `PS`...), or NULL when
/// it has none (tigetstr's (char *)-1 for "not a string" included).
static inline const char *chat_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

/// True when the C library's current character set is UTF-8.
static inline int chat_codeset_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

#endif
