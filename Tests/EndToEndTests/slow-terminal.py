#!/usr/bin/env python3
"""A terminal that answers slowly, as one over a remote link does.

Runs a program in a pseudo-terminal and answers its cursor position requests
(ESC [ 6 n) and its device attributes request (ESC [ c), all of them, only
ANSWER_AFTER seconds after the device attributes request came. Meanwhile it
types what the script says, at the times it says.

    slow-terminal.py ANSWER_AFTER COLUMNS SCRIPT -- PROGRAM [ARGUMENTS...]

COLUMNS: the columns to report for the samples, comma-separated (the cursor
moved that far from column 1). SCRIPT: steps `SECONDS:TEXT`, separated by `|`,
where TEXT may hold \\r and \\x03 (Ctrl-C); SECONDS count from the request.
Prints, on standard output, `asked N` (the number of cursor position
requests), `answered` and `exited STATUS`, each with when it happened
(`at SECONDS`).
"""
import os
import pty
import select
import sys
import time


def main():
    separator = sys.argv.index("--")
    answer_after, columns, script = float(sys.argv[1]), sys.argv[2], sys.argv[3]
    program = sys.argv[separator + 1:]
    steps = []
    for step in filter(None, script.split("|")):
        at, text = step.split(":", 1)
        text = text.replace("\\r", "\r").replace("\\x03", "\x03")
        steps.append((float(at), text.encode()))

    pid, master = pty.fork()
    if pid == 0:
        os.execvp(program[0], program)

    asked_at = None
    answered = False
    requests = 0
    seen = b""
    start = time.monotonic()
    status = None
    while status is None:
        now = time.monotonic()
        if asked_at is not None:
            while steps and now - asked_at >= steps[0][0]:
                os.write(master, steps.pop(0)[1])
            if not answered and now - asked_at >= answer_after:
                reports = "".join("\x1b[1;%dR" % (1 + int(c)) for c in columns.split(","))
                os.write(master, (reports + "\x1b[?62;22c").encode())
                answered = True
                print("answered at %.2f" % (now - start), flush=True)
        readable, _, _ = select.select([master], [], [], 0.02)
        if readable:
            try:
                data = os.read(master, 65536)
            except OSError:
                data = b""
            # A request may straddle two reads: look at the end of the last one too.
            window = seen + data
            requests += window.count(b"\x1b[6n") - seen.count(b"\x1b[6n")
            if asked_at is None and b"\x1b[c" in window:
                asked_at = time.monotonic()
                print("asked %d at %.2f" % (requests, asked_at - start), flush=True)
            seen = window[-8:]
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
        elif time.monotonic() - start > 30:
            os.kill(pid, 9)
    print("exited %d at %.2f" % (status, time.monotonic() - start), flush=True)


main()
