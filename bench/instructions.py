#!/usr/bin/env python3
"""chat-tui's CPU budget in instructions: what a typed key (in one room, and
with ten open), a resize and an incoming message cost, counted by valgrind's
callgrind, which counts the same instructions for the same binary and input
however loaded the machine is.

    python3 bench/instructions.py [--binary PATH] [--update] [--figures FILE]

Each figure is the instructions of a run that does the thing N times, minus
those of a run that starts, waits as long and quits, divided by N. Resizes
are made with the typed keys' draft in the composer, as in make bench, and
counted less the run that typed it. Every step
waits for chat-tui's answer on the screen before the next, so each key, resize
and message is taken and drawn on its own, as a person's would be. Swift's
hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING) so that no
figure depends on a random seed.

The figures are compared with those committed in bench/instructions.json:
any that rose more than 10 % fails (exit 1). --update writes the new figures
there instead, for a change that lowered them (or one whose rise is meant).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import bench  # noqa: E402  (the pseudo-terminal driver and the generated rooms)

# 200 code points typed one at a time: ASCII words, Japanese and emoji, as in
# the benchmark's typing rows.
KEYS = (bench.TYPED + " and thirty-one more to end it.")[:200]
RESIZES = bench.RESIZES
MESSAGES = 20
ALLOWED_RISE = 0.10
FIGURES = os.path.join(HERE, "instructions.json")
# Under callgrind chat-tui runs some fifty times slower: every wait is long.
ANSWER_LIMIT = 30


class Counted:
    """chat-tui in a pseudo-terminal under callgrind; `stop()` gives the total.
    `options` go to callgrind, `arguments` to chat-tui; `other_rooms` are room
    files linked into its home as bench.make_home does."""

    def __init__(self, folder, name, binary, room_file=None, options=(), arguments=(), other_rooms=None):
        self.out = os.path.join(folder, name + ".callgrind")
        home = bench.make_home(folder, name, room_file, other_rooms)
        self.env = bench.environment(home, {"SWIFT_DETERMINISTIC_HASHING": "1"})
        self.program = bench.Program(self.command(binary, options) + list(arguments), self.env)
        self.program.first_frame(limit=60)
        self.program.quiet(1.0, 60)

    def command(self, binary, options):
        return ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + self.out] + list(options) + [binary]

    def answer(self, data, marker=None):
        """Writes `data` and waits until chat-tui has answered it (`marker` on the
        screen when given, else any output), then for a moment of quiet."""
        start = len(self.program.output)
        self.program.write(data)
        deadline = time.monotonic() + ANSWER_LIMIT
        while time.monotonic() < deadline:
            shown = self.program.output[start:]
            if (marker in shown) if marker else shown:
                break
            self.program.read(0.01)
        else:
            sys.exit("instructions: chat-tui did not answer %r within %d s" % (data, ANSWER_LIMIT))
        self.program.quiet(0.1, ANSWER_LIMIT)

    def type_keys(self):
        """Types KEYS a code point at a time, each answered before the next."""
        for key in KEYS:
            self.answer(key.encode())

    def stop(self):
        self.program.stop(b"\x03")
        return self.total()

    def total(self):
        return total(self.out)


class Uncounted(Counted):
    """The same runs with chat-tui as it is, not under callgrind: what
    bench/profile.py has a profiling build do. `stop()` gives 0."""

    def command(self, binary, options):
        return [binary]

    def total(self):
        return 0


def total(path):
    """The instructions a callgrind output file counted (its `totals:` or `summary:` line)."""
    with open(path) as f:
        for line in f:
            if line.startswith(("totals:", "summary:")):
                return int(line.split()[1])
    sys.exit("instructions: no total in %s" % path)


def ten_rooms(room):
    """The nine rooms opened beside `local` when ten are open, each a link to
    `room` (make bench opens the same, with its room of a million messages
    last), and chat-tui's arguments that open the ten."""
    others = {"room%d" % n: room for n in range(2, 11)}
    return others, bench.room_arguments(others)


def measure(binary, folder, run=Counted):
    """The figures, each of chat-tui's runs made by `run` (Uncounted takes
    the same steps without counting them)."""
    room = os.path.join(folder, "room.jsonl")
    bench.write_transcript(room, 10, last_marker=False)
    figures = {}

    idle = run(folder, "idle", binary).stop()

    typing = run(folder, "typing", binary)
    typing.type_keys()
    typed = typing.stop()
    figures["typed key"] = (typed - idle) // len(KEYS)

    # Typing in the first of ten rooms of ten messages: the run loop asks
    # every room at every turn, which one room does not show.
    others, rooms = ten_rooms(room)
    idle_rooms = run(folder, "idle-rooms", binary, room, arguments=rooms, other_rooms=others).stop()
    typing_rooms = run(folder, "typing-rooms", binary, room, arguments=rooms, other_rooms=others)
    typing_rooms.type_keys()
    figures["typed key, ten rooms open"] = (typing_rooms.stop() - idle_rooms) // len(KEYS)

    # Resized with the same keys' draft in the composer, as make bench does:
    # less the run that typed them.
    resizing = run(folder, "resizing", binary)
    resizing.type_keys()
    for n in range(RESIZES):
        resizing.program.resize(*bench.resized_size(n))
        resizing.answer(b"")
    figures["resize"] = (resizing.stop() - typed) // RESIZES

    shared = os.path.join(folder, "incoming.jsonl")
    bench.write_transcript(shared, 10, last_marker=False)
    incoming = run(folder, "incoming", binary, room_file=shared)
    for n in range(MESSAGES):
        text = bench.message_text(1000 + n)
        with open(shared, "a") as f:
            f.write('{"ts":"2026-12-02T19:00:%02dZ","from":"bob","text":"%s"}\n' % (n, text))
        incoming.answer(b"", marker=("message %d " % (1000 + n)).encode())
    figures["incoming message"] = (incoming.stop() - idle) // MESSAGES
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/chat-tui"))
    parser.add_argument("--figures", default=FIGURES, help="the committed figures (bench/instructions.json)")
    parser.add_argument("--update", action="store_true", help="write the figures measured as the committed ones")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit("instructions: no chat-tui at %s: build it first (make bench-instructions does)" % args.binary)
    folder = tempfile.mkdtemp(prefix="chat-tui-instructions-")
    try:
        measured = measure(os.path.abspath(args.binary), folder)
    finally:
        subprocess.run(["rm", "-rf", folder])
    committed = {}
    if os.path.exists(args.figures):
        with open(args.figures) as f:
            committed = json.load(f)["instructions"]
    print("\nchat-tui instructions (callgrind), %s\n" % time.strftime("%Y-%m-%d"))
    print("| figure | instructions | committed | change | within 10 % |")
    print("|---|---|---|---|---|")
    failed = []
    for name, value in measured.items():
        before = committed.get(name)
        change = "" if before is None else "%+.1f %%" % ((value - before) * 100 / before)
        ok = before is None or value <= before * (1 + ALLOWED_RISE)
        if not ok:
            failed.append(name)
        print("| %s | {:,} | %s | %s | %s |".format(value) % (
            name, "{:,}".format(before) if before else "none", change, "yes" if ok else "NO"))
    if args.update:
        with open(args.figures, "w") as f:
            json.dump({"instructions": measured,
                       "measured": "callgrind, 80x24, %d keys, %d resizes, %d messages of 110 characters"
                                   % (len(KEYS), RESIZES, MESSAGES)}, f, indent=2)
            f.write("\n")
        print("\nwritten to %s" % os.path.relpath(args.figures, ROOT))
    elif failed:
        sys.exit("\ninstructions: %s rose more than %d %% above the committed figure (bench/instructions.json); "
                 "make it cheaper, or commit the new figure with --update if the rise is meant"
                 % (", ".join(failed), ALLOWED_RISE * 100))


if __name__ == "__main__":
    main()
