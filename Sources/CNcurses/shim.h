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

/// Where `chat_look_sequence` gathers what ncurses writes.
struct chat_capture { char bytes[256]; int length; };
static inline struct chat_capture *chat_capture_buffer(void) {
    static struct chat_capture capture;
    return &capture;
}
static inline int chat_capture_putc(int c) {
    struct chat_capture *capture = chat_capture_buffer();
    if (capture->length < (int)sizeof capture->bytes) capture->bytes[capture->length++] = (char)c;
    return c;
}
static inline int chat_discard_putc(int c) { return c; }

/// Puts in `out` (up to `capacity`) the bytes that set `attr` and colour pair
/// `pair` from the plain look, as ncurses words them for this terminal, and
/// returns their count; with `plain`, the bytes that go back to the plain look
/// from another. ncurses is left believing the terminal plain.
static inline int chat_look_sequence(attr_t attr, short pair, int plain, char *out, int capacity) {
    struct chat_capture *capture = chat_capture_buffer();
    if (plain) {
        vid_puts(attr & ~A_COLOR, pair, NULL, chat_discard_putc);
        capture->length = 0;
        vid_puts(A_NORMAL, 0, NULL, chat_capture_putc);
    } else {
        vid_puts(A_NORMAL, 0, NULL, chat_discard_putc);
        capture->length = 0;
        vid_puts(attr & ~A_COLOR, pair, NULL, chat_capture_putc);
        vid_puts(A_NORMAL, 0, NULL, chat_discard_putc);
    }
    int count = capture->length < capacity ? capture->length : capacity;
    memcpy(out, capture->bytes, (size_t)count);
    return count;
}

/// True when writing the last column of the last row leaves the screen
/// unscrolled (`xenl`: the terminal wraps only at the next character).
static inline int chat_writes_last_cell(void) { return tigetflag("xenl") > 0; }

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
