// The only C in chat-tui: turns on ncurses' wide-character API and wraps
// what Swift cannot import (macros, and C globals Swift 6 rejects).
#ifndef CHAT_TUI_CNCURSES_SHIM_H
#define CHAT_TUI_CNCURSES_SHIM_H

// SwiftPM drops the -D_XOPEN_SOURCE flags pkg-config gives; without this
// curses.h hides get_wch, wadd_wch, cchar_t and wint_t.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <time.h>
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

/// The largest number of code points one ncurses cell holds.
static inline int chat_cell_capacity(void) { return CCHARW_MAX; }

/// The C library's width of one code point in the current locale (-1 when it
/// is not printable): what ncurses advances its cursor by.
extern int wcwidth(wchar_t);
static inline int chat_wcwidth(wchar_t c) { return wcwidth(c); }

/// poll() that lets the signals outside `mask` in only while it waits, so a
/// signal that came before the wait ends it at once instead of being missed
/// (ppoll is a GNU extension Swift's Glibc module does not show).
extern int ppoll(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);
static inline int chat_ppoll(struct pollfd *fds, nfds_t count, int timeout_ms, const sigset_t *mask) {
    struct timespec timeout = { timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L };
    return ppoll(fds, count, timeout_ms < 0 ? NULL : &timeout, mask);
}

/// A descriptor that reads as readable when one of `signals` (blocked by the
/// caller) is pending, and the number of the signal read from it (0: none).
/// signalfd is Linux's; Swift's Glibc module does not show it.
static inline int chat_signal_descriptor(const sigset_t *signals) {
    return signalfd(-1, signals, SFD_NONBLOCK | SFD_CLOEXEC);
}
static inline int chat_read_signal(int descriptor) {
    struct signalfd_siginfo info;
    if (read(descriptor, &info, sizeof info) != (ssize_t)sizeof info) return 0;
    return (int)info.ssi_signo;
}

/// A string capability of the current terminal (`BE`, `PS`...), or NULL when
/// it has none (tigetstr's (char *)-1 for "not a string" included).
static inline const char *chat_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

/// Key codes chat-tui gives the start and end markers of a bracketed paste.
static inline int chat_key_paste_start(void) { return KEY_MAX + 1; }
static inline int chat_key_paste_end(void) { return KEY_MAX + 2; }
/// Asks for mouse wheel events only; clicks and drags stay with the terminal
/// (with Shift held, in terminals that pass them to the program otherwise).
static inline void chat_enable_wheel(void) {
    mousemask(BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
    mouseinterval(0);
}

/// Which way the wheel of the mouse event just read turned: -1 up, 1 down, 0 not
/// a wheel event.
static inline int chat_wheel_direction(void) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    if (event.bstate & BUTTON4_PRESSED) return -1;
    if (event.bstate & BUTTON5_PRESSED) return 1;
    return 0;
}

/// Key codes chat-tui gives Ctrl-Left and Ctrl-Right (terminfo kLFT5, kRIT5).
static inline int chat_key_control_left(void) { return KEY_MAX + 3; }
static inline int chat_key_control_right(void) { return KEY_MAX + 4; }

/// The first of the key codes chat-tui gives keys reported with their modifiers
/// (xterm's modifyOtherKeys, the kitty keyboard protocol): the code for a key is
/// this plus modifiers * 128 plus the key's code point, below 128.
static inline int chat_key_extended_base(void) { return KEY_MAX + 16; }

/// True when the C library's current character set is UTF-8.
static inline int chat_codeset_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

#endif
