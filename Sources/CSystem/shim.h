#ifndef CHAT_TUI_CSYSTEM_SHIM_H
#define CHAT_TUI_CSYSTEM_SHIM_H

// What chat-tui needs of Linux that Swift's Glibc module does not show:
// signals read from a descriptor, so a signal wakes the run loop's poll,
// two files swapped in one step, and a byte looked for from the end.

#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <unistd.h>

/// A descriptor that reads as readable when one of `signals` (blocked by the
/// caller) is pending, and the number of the signal read from it (0: none).
static inline int chat_signal_descriptor(const sigset_t *signals) {
    return signalfd(-1, signals, SFD_NONBLOCK | SFD_CLOEXEC);
}
static inline int chat_read_signal(int descriptor) {
    struct signalfd_siginfo info;
    if (read(descriptor, &info, sizeof info) != (ssize_t)sizeof info) return 0;
    return (int)info.ssi_signo;
}
/// The signals read from `descriptor` in one read, a bit each (1 << number);
/// `filled` is set when the read filled its block, so more may wait.
static inline unsigned chat_read_signals(int descriptor, int *filled) {
    struct signalfd_siginfo infos[4];
    ssize_t count = read(descriptor, infos, sizeof infos);
    *filled = count == (ssize_t)sizeof infos;
    unsigned seen = 0;
    for (ssize_t index = 0; count > 0 && index < count / (ssize_t)sizeof infos[0]; index++) {
        seen |= 1u << (infos[index].ssi_signo & 31);
    }
    return seen;
}

/// Swaps the files at `from` and `to` in one step (`renameat2` with
/// `RENAME_EXCHANGE`): 0, or -1 with errno set, `ENOENT` when either is
/// missing and `EINVAL` where the file system cannot swap.
static inline int chat_exchange(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 << 1 /* RENAME_EXCHANGE */);
}

/// The last `byte` among the `length` bytes at `bytes`, NULL when there is
/// none: glibc's `memrchr`, which it declares only with `_GNU_SOURCE`.
void *memrchr(const void *bytes, int byte, size_t length);

#endif
