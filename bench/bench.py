#!/usr/bin/env python3
"""chat-tui's benchmark: what it writes to the terminal and what it costs,
beside irssi and WeeChat (and cat and jq for reading transcripts), measured in
one run on this machine and printed as one table with the targets.

    python3 bench/bench.py [--quick] [--runs N] [--binary PATH] [--baseline PATH] [--keep]

Every program runs in a pseudo-terminal of its own (80x24, TERM=xterm-256color,
LANG=C.UTF-8) with a fresh home. Keys are typed one at a time, at least 20 ms
apart, each followed by 50 ms of quiet (1 s at most), as a person types; then the
window is resized 20 times, between 60x20 and 80x24.
CPU is the process's own time, all its threads, from /proc/PID/task/*/schedstat; memory is VmHWM and
VmRSS from /proc/PID/status. Each timing is repeated --runs times and the
median is shown; the typing runs (chat-tui in its four rooms, irssi and
WeeChat) are taken in turn, one of each a round, so that the figures compared
with one another come from the same minutes. The data (rooms of 10 and 1,000,000 messages, a 100 MB
transcript) is generated in a temporary folder, removed at the end.

--baseline types with another chat-tui build (an earlier commit's) in the
same rounds, shown beside this one as a peer: figures from another day move
20-50 %, so "no worse than before" is told in the same minutes (make bench
BENCH_ARGS="--baseline PATH").

--quick shrinks everything (CI runs it to prove the benchmark works); its
figures are not the product's. Peers that are not installed are skipped
(make bench installs them: irssi, weechat-curses, jq).
"""
import argparse
import fcntl
import json
import os
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TYPED = ("The quick brown fox jumps over the lazy dog, then types a longer line so the "
         "composer grows: 日本語の入力テスト 🎉 and more words to wrap across rows, "
         "then the end of the dog. END")
# What the width probe learns from tmux and xterm-like terminals; written as the
# cache, in the format chat-tui reads (WidthCache.formatVersion), so no run
# spends its start asking (typing_run fails when one does).
WIDTH_CACHE_FORMAT = "chat-tui width probe 2"
WIDTHS = dict(emojiModifier=4, variationSelector16=1, variationSelector15=2, zwjSequence=2, flag=2,
              keycap=1, newerEmoji=0, ambiguous=1, combiningMark=1, hangulJamo=2, thai=2, devanagari=3,
              softHyphen=1)
# What chat-tui's width probe asks the terminal first (the cursor's position).
PROBE_QUERY = b"\x1b[6n"
QUERIES = {b"\x1b[6n": b"\x1b[1;1R", b"\x1b[c": b"\x1b[?62;c", b"\x1b[5n": b"\x1b[0n"}
# Resizes in a typing run, between 60x20 and 80x24 (bench/instructions.py makes as many).
RESIZES = 20


def resized_size(n):
    """The columns and rows of a run's `n`th resize: 60x20, then back to 80x24."""
    return (60, 20) if n % 2 == 0 else (80, 24)


# The most messages a room holds in memory (chat-tui's --scrollback default).
HELD = 100_000
LAST = "ZQZQZQZQ"  # in the last message only, and drawn in one piece (no other Z or Q)


class Program:
    """A program in a pseudo-terminal, read as it writes."""

    def __init__(self, argv, env, size=(80, 24), stdin=None):
        self.argv = argv
        master, slave = os.openpty()
        self.master = master
        self.resize(*size, fd=slave)

        def controlling_terminal():
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)

        self.started = time.monotonic()
        self.proc = subprocess.Popen(argv, stdin=stdin if stdin is not None else slave, stdout=slave,
                                     stderr=slave, env=env, start_new_session=True,
                                     preexec_fn=controlling_terminal, pass_fds=(slave,))
        os.close(slave)
        os.set_blocking(master, False)
        self.output = bytearray()
        self.last_byte = None
        self.pending = b""

    def resize(self, cols, rows, fd=None):
        fcntl.ioctl(self.master if fd is None else fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def read(self, timeout):
        """Reads what arrives within `timeout` seconds (and writes what waits to be
        written); returns the number of bytes read."""
        want = [self.master] if self.pending else []
        readable, writable, _ = select.select([self.master], want, [], timeout)
        if writable:
            try:
                written = os.write(self.master, self.pending[:65536])
                self.pending = self.pending[written:]
            except BlockingIOError:
                pass
        if not readable:
            return 0
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:
            return 0
        if data:
            self.output += data
            self.last_byte = time.monotonic()
            for query, answer in QUERIES.items():
                if query in data:
                    os.write(self.master, answer)
        return len(data)

    def quiet(self, silence, limit):
        """Reads until `silence` seconds pass without output (or `limit` seconds);
        returns the bytes read."""
        count, deadline = 0, time.monotonic() + limit
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            got = self.read(0.005)
            if got:
                count += got
                quiet_since = time.monotonic()
            elif not self.pending and time.monotonic() - quiet_since >= silence:
                break
        return count

    def first_frame(self, limit=10):
        """Seconds from the start to the end of the first burst of output."""
        deadline = time.monotonic() + limit
        while not self.output and time.monotonic() < deadline:
            self.read(0.01)
        self.quiet(0.05, limit)
        return self.last_byte - self.started if self.last_byte else float("nan")

    def wait_for(self, marker, limit):
        """Seconds from the start until `marker` is in the output; None if it never comes."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if marker in self.output[-(1 << 20):]:  # the last megabyte is enough to look in
                return self.last_byte - self.started
            self.read(0.01)
        return None

    def write(self, data):
        self.pending += data
        while self.pending:
            self.read(0.001)

    def cpu(self):
        """Seconds of CPU of all the process's threads (a replay's spool has one of its own)."""
        total = 0
        folder = "/proc/%d/task" % self.proc.pid
        for task in os.listdir(folder):
            try:
                with open(os.path.join(folder, task, "schedstat")) as f:
                    total += int(f.read().split()[0])
            except (FileNotFoundError, ProcessLookupError):
                pass  # a thread that ended between the listing and the read
        return total / 1e9

    def status(self, field):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def type(self, text):
        """Types `text` a code point at a time; returns (bytes per key, CPU ms per key)."""
        before, written, keys = self.cpu(), 0, 0
        for character in text:
            time.sleep(0.02)
            self.write(character.encode())
            written += self.quiet(0.05, 1.0)
            keys += 1
        return written / keys, (self.cpu() - before) * 1000 / keys

    def stop(self, quit_bytes):
        if self.proc.poll() is None:
            try:
                for byte in quit_bytes:
                    os.write(self.master, bytes([byte]))
                    time.sleep(0.02)
            except OSError:
                pass
            deadline = time.monotonic() + 5
            while self.proc.poll() is None and time.monotonic() < deadline:
                self.read(0.02)
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
        os.close(self.master)


def environment(home, extra=None):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "USER": "bench",
           "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_STATE_HOME": home + "/state"}
    # A profiling build (make profile) writes its counts where this names.
    if "LLVM_PROFILE_FILE" in os.environ:
        env["LLVM_PROFILE_FILE"] = os.environ["LLVM_PROFILE_FILE"]
    env.update(extra or {})
    return env


def room_arguments(others):
    """chat-tui's arguments that open the room `local`, then each of `others`' rooms in order."""
    return ["--room", "local"] + [word for room in others for word in ("--room", room)]


def make_home(folder, name, room_file=None, other_rooms=None):
    home = os.path.join(folder, name)
    os.makedirs(home + "/data/chat-tui/rooms", exist_ok=True)
    widths = home + "/cache/chat-tui/widths"
    os.makedirs(widths, exist_ok=True)
    with open(widths + "/TERM=xterm-256color", "w") as f:
        f.write(WIDTH_CACHE_FORMAT + "\nidentity TERM=xterm-256color\n")
        f.writelines("%s %d\n" % item for item in WIDTHS.items())
    if room_file:
        os.symlink(room_file, home + "/data/chat-tui/rooms/local.jsonl")
    for room, path in (other_rooms or {}).items():
        os.symlink(path, home + "/data/chat-tui/rooms/%s.jsonl" % room)
    return home


def message_text(index):
    words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore"
    return ("message %d %s" % (index, words))[:110].ljust(110, ".")


def write_transcript(path, count, last_marker=True):
    """JSON Lines of `count` messages of 110 characters; returns the bytes of text held."""
    with open(path, "w") as f:
        for start in range(0, count, 10000):
            lines = []
            for i in range(start, min(count, start + 10000)):
                text = message_text(i)
                if last_marker and i == count - 1:
                    text = LAST + text[len(LAST):]
                lines.append('{"ts":"2026-12-02T%02d:%02d:%02dZ","from":"user%d","text":"%s"}\n'
                             % (i // 3600 % 24, i // 60 % 60, i % 60, i % 7, text))
            f.write("".join(lines))
    return count * 110


def median(values):
    values = [v for v in values if v is not None and v == v]
    return statistics.median(values) if values else float("nan")


def timed(argv, **kwargs):
    start = time.monotonic()
    subprocess.run(argv, check=True, **kwargs)
    return time.monotonic() - start


class Bench:
    def __init__(self, args):
        self.args = args
        self.folder = tempfile.mkdtemp(prefix="chat-tui-bench-")
        self.binary = os.path.abspath(args.binary)
        self.baseline = os.path.abspath(args.baseline) if args.baseline else None
        self.rows = []
        self.n = 1

    def home(self, name, room_file=None, other_rooms=None):
        self.n += 1
        return make_home(self.folder, "%s-%d" % (name, self.n), room_file, other_rooms)

    def chat_tui(self, name, room_file=None, arguments=(), stdin=None, size=(80, 24), other_rooms=None,
                 binary=None):
        """chat-tui (or `binary`, another build of it) started in a fresh home."""
        home = self.home(name, room_file, other_rooms)
        return Program([binary or self.binary] + list(arguments), environment(home), size=size, stdin=stdin)

    def peer(self, name):
        home = self.home(name)
        if name == "irssi":
            return Program(["irssi", "--home=" + home, "-!"], environment(home)), b"\x15/quit\r"
        return Program(["weechat", "-a", "-p", "-d", home], environment(home)), b"\x15/quit\r"

    def typing_run(self, program, quit_bytes, resize=True):
        figures = {"first_frame_ms": program.first_frame() * 1000}
        if program.argv[0] in (self.binary, self.baseline) and PROBE_QUERY in program.output:
            sys.exit("bench: chat-tui asked the terminal for its widths at start, so the first frame waited on "
                     "the answer: the width cache make_home writes is not the format chat-tui reads "
                     "(WIDTH_CACHE_FORMAT, WIDTHS)")
        program.quiet(0.3, 10)
        figures["bytes_per_key"], figures["cpu_ms_per_key"] = program.type(self.args.text)
        if resize:
            # As many resizes as make the figure an average, as the keys' is:
            # with two, the first frame drawn at a new size weighed half.
            before = program.cpu()
            for n in range(RESIZES):
                program.resize(*resized_size(n))
                program.quiet(0.3, 5)
            figures["cpu_ms_per_resize"] = (program.cpu() - before) * 1000 / RESIZES
        figures["max_rss_mb"] = program.status("VmHWM") / 1024
        program.stop(quit_bytes)
        return figures

    def interleaved(self, makers):
        """Runs each of `makers` (name: run) once a round, for as many rounds
        as runs are asked for, and gives each one's medians by name. The
        figures compared with one another are measured over the same minutes,
        so the machine's pace, which drifts, weighs on all of them alike."""
        results = {name: [] for name in makers}
        for _ in range(self.args.runs):
            for name, make in makers.items():
                results[name].append(make())
        return {name: {key: median([r[key] for r in runs]) for key in runs[0]} for name, runs in results.items()}

    def add(self, figure, value, peers="", target="", met=None, unit=""):
        mark = "" if met is None else ("yes" if met else "NO")
        self.rows.append((figure, value if isinstance(value, str) else ("%.2f%s" % (value, unit)), peers, target, mark))

    def run(self):
        args = self.args
        print("generating data in %s ..." % self.folder, file=sys.stderr)
        small = os.path.join(self.folder, "room-10.jsonl")
        write_transcript(small, 10, last_marker=False)
        big = os.path.join(self.folder, "room-big.jsonl")
        write_transcript(big, args.messages)
        transcript = os.path.join(self.folder, "transcript.jsonl")
        ingest_messages = args.transcript_mb * 1_000_000 // 170
        write_transcript(transcript, ingest_messages)
        transcript_mb = os.path.getsize(transcript) / 1e6

        print("typing ...", file=sys.stderr)
        # Ten rooms open, the last the big one, typing in the first (a 10-message room).
        others = {"room%d" % n: small for n in range(2, 10)}
        others["big"] = big
        rooms = room_arguments(others)
        makers = {
            "empty": lambda: self.typing_run(self.chat_tui("empty"), b"\x03"),
            "ten": lambda: self.typing_run(self.chat_tui("ten", small), b"\x03", resize=False),
            "large": lambda: self.typing_run(self.chat_tui("big", big), b"\x03", resize=False),
            "many": lambda: self.typing_run(self.chat_tui("rooms", small, rooms, other_rooms=others), b"\x03",
                                            resize=False),
        }
        for name, tool in (("irssi", "irssi"), ("WeeChat", "weechat")):
            if shutil.which(tool) and not args.no_peers:
                makers[name] = lambda tool=tool: self.typing_run(*self.peer(tool))
        if args.baseline:
            makers["baseline"] = lambda: self.typing_run(self.chat_tui("baseline", binary=self.baseline), b"\x03")
        measured = self.interleaved(makers)
        empty, ten, large, many = (measured[name] for name in ("empty", "ten", "large", "many"))
        peers = {name: measured[name] for name in ("irssi", "WeeChat", "baseline") if name in measured}
        irssi = peers.get("irssi")

        def peer_text(key, fmt="%.2f"):
            return ", ".join("%s %s" % (name, fmt % figures[key]) for name, figures in peers.items()) or "not run"

        self.add("bytes to the terminal per typed key", empty["bytes_per_key"], peer_text("bytes_per_key"),
                 "<= 4", empty["bytes_per_key"] <= 4)
        # As many decimals as the peers': the two are compared at the third.
        self.add("CPU per typed key (ms)", "%.3f" % empty["cpu_ms_per_key"], peer_text("cpu_ms_per_key", "%.3f"),
                 "< irssi", irssi and empty["cpu_ms_per_key"] < irssi["cpu_ms_per_key"])
        self.add("time to first frame, empty room (ms)", empty["first_frame_ms"], peer_text("first_frame_ms", "%.1f"),
                 "< irssi", irssi and empty["first_frame_ms"] < irssi["first_frame_ms"])
        self.add("max RSS, idle in a small room (MB)", empty["max_rss_mb"], peer_text("max_rss_mb", "%.1f"),
                 "<= 8", empty["max_rss_mb"] <= 8)
        ratio = large["cpu_ms_per_key"] / ten["cpu_ms_per_key"]
        self.add("CPU per key, %d-message room / 10-message room" % args.messages, ratio,
                 "%.3f / %.3f ms" % (large["cpu_ms_per_key"], ten["cpu_ms_per_key"]), "<= 1.1", ratio <= 1.1)
        ratio = many["cpu_ms_per_key"] / ten["cpu_ms_per_key"]
        self.add("CPU per key, 10 rooms (one of %d messages) / 1 room" % args.messages, ratio,
                 "%.3f / %.3f ms" % (many["cpu_ms_per_key"], ten["cpu_ms_per_key"]), "<= 1.1", ratio <= 1.1)
        ratio = empty["cpu_ms_per_resize"] / empty["cpu_ms_per_key"]
        self.add("CPU per resize / per typed key", ratio,
                 "%.3f ms a resize; %s" % (empty["cpu_ms_per_resize"], peer_text("cpu_ms_per_resize", "%.3f ms")),
                 "<= 2", ratio <= 2)
        ratio = large["first_frame_ms"] / empty["first_frame_ms"]
        self.add("first frame, %d-message room / empty room" % args.messages, ratio,
                 "%.1f / %.1f ms" % (large["first_frame_ms"], empty["first_frame_ms"]), "<= 1.5", ratio <= 1.5)

        print("scrolling ...", file=sys.stderr)
        self.scrolling(big)
        print("holding %d messages ..." % args.messages, file=sys.stderr)
        self.holding(big)
        print("reading a %.0f MB transcript ..." % transcript_mb, file=sys.stderr)
        self.ingest(transcript, transcript_mb)
        print("incoming messages ...", file=sys.stderr)
        self.incoming(small)
        print("big drafts ...", file=sys.stderr)
        self.big_draft()
        print("draft saves ...", file=sys.stderr)
        self.draft_saves(empty["cpu_ms_per_key"])
        self.print_table()

    def scrolling(self, big):
        program = self.chat_tui("scroll", big)
        program.first_frame()
        program.quiet(0.3, 10)
        pauses = []
        for _ in range(self.args.pages):
            start = time.monotonic()
            program.write(b"\x1b[5~")  # PgUp
            program.quiet(0.05, 2)
            pauses.append((program.last_byte or start) - start)
        shown = [int(n) for n in re.findall(rb"message (\d+) ", bytes(program.output[-200000:]))]
        program.stop(b"\x03")
        oldest = min(shown) if shown else None
        rows = self.args.pages * 22
        self.add("longest pause of %d PgUps in the big room (ms)" % self.args.pages, max(pauses) * 1000,
                 "reached message %s of %d (%d rows up)" % (oldest, self.args.messages, rows), "< 100",
                 max(pauses) < 0.1)

    def read_back(self, path, messages):
        """Replays `path` (`messages` long), then pages back to its first
        message in a tall window; returns the RSS once shown and once read
        back (kB), the seconds it took and whether the first was reached."""
        program = self.chat_tui("hold", arguments=["--replay", path])
        shown = program.wait_for(LAST.encode(), 600)
        program.quiet(0.5, 10)
        rss = program.status("VmRSS") if shown else float("nan")
        # Reading back to the first message, from the replay's spool: in a tall
        # window (two rows a message), pages enough for all, in one burst.
        program.resize(80, 2000)
        program.quiet(0.5, 10)
        start = time.monotonic()
        program.write(b"\x1b[5~" * (messages // 995 + 10))
        first = program.wait_for(b"message 0 ", 600) is not None
        took = time.monotonic() - start
        program.quiet(0.5, 10)
        read_back = program.status("VmRSS")
        program.stop(b"\x03")
        return rss, read_back, took, first

    def holding(self, big):
        rss, read_back, took, first = self.read_back(big, self.args.messages)
        self.add("Page Up to the first of %d replayed messages (s)" % self.args.messages, took,
                 "reached" if first else "NOT REACHED", "reached", first)
        self.add("RSS once the replay is shown, newest only in memory (MB)", rss / 1024,
                 "" if rss == rss else "NOT SHOWN", "")
        # Two replays a room holds whole once read back, one twice the other:
        # what the second costs more is what its messages cost, whatever the
        # screen, the spool and the program cost besides.
        sizes = (min(HELD, self.args.messages // 2) // 2, min(HELD, self.args.messages // 2))
        held = []
        for size in sizes:
            path = os.path.join(self.folder, "replay-%d.jsonl" % size)
            write_transcript(path, size)
            held.append(self.read_back(path, size))
        per_message = (held[1][1] - held[0][1]) * 1024 / (sizes[1] - sizes[0])
        ratio = per_message / 110
        self.add("RSS per message in memory / its text (110 bytes)", ratio,
                 "%.0f bytes a message: %d read back against %d" % (per_message, sizes[1], sizes[0]),
                 "<= 1.5", ratio <= 1.5)
        # A room holds at most HELD: reading back ten times as many ends
        # where reading back HELD does, give or take a block each end.
        ratio = read_back / held[1][1]
        self.add("RSS read back to the first, %d / %d replayed" % (self.args.messages, sizes[1]), ratio,
                 "%.0f / %.0f MB" % (read_back / 1024, held[1][1] / 1024), "<= 1.1", ratio <= 1.1)

    def ingest(self, transcript, megabytes):
        times, cats, jqs = [], [], []
        for _ in range(self.args.runs):
            cats.append(timed(["cat", transcript], stdout=subprocess.DEVNULL))
            if shutil.which("jq"):
                jqs.append(timed(["jq", "-c", ".", transcript], stdout=subprocess.DEVNULL))
            source = subprocess.Popen(["cat", transcript], stdout=subprocess.PIPE)
            program = self.chat_tui("ingest", arguments=["--replay"], stdin=source.stdout)
            source.stdout.close()
            times.append(program.wait_for(LAST.encode(), 600))
            program.stop(b"\x03")
            source.wait()
        took, cat = median(times), median(cats)
        jq = median(jqs) if jqs else None
        self.add("--replay of %.0f MB through a pipe: on screen (s)" % megabytes, took,
                 "cat %.3f s (x%.0f), jq -c . %s" % (cat, took / cat, "%.2f s" % jq if jq else "not installed"),
                 "<= 10x cat, < jq", took <= 10 * cat and (jq is None or took < jq))

    def incoming(self, small):
        room = os.path.join(self.folder, "incoming.jsonl")
        shutil.copy(small, room)
        program = self.chat_tui("incoming", room)
        program.first_frame()
        program.quiet(0.3, 5)
        counts = []
        for i in range(self.args.incoming):
            with open(room, "a") as f:
                f.write('{"ts":"2026-12-02T19:00:%02dZ","from":"bob","text":"%s"}\n' % (i % 60, message_text(i)))
            time.sleep(0.3)  # as much as chat-tui may take to look (250 ms where the file cannot be watched)
            counts.append(program.quiet(0.1, 2))
        program.stop(b"\x03")
        mean = sum(counts) / len(counts)
        self.add("bytes to the terminal per incoming 110-byte message", mean, "irssi ~250, WeeChat ~357 (issue)",
                 "<= 150", mean <= 150)

    def big_draft(self):
        program = self.chat_tui("draft")
        program.first_frame()
        program.quiet(0.3, 5)
        # Sixty keys, four seconds or so: each sees its share of the 1 MB
        # draft's saves (one a second), where twenty saw one or two.
        keys = "abcdefghijklmnopqrst" * 3
        _, empty_cpu = program.type(keys)
        paste = ("pasted words 日本語 and more " * 40000)[:1_000_000 // 1]
        data = b"\x1b[200~" + paste.encode()[:1_000_000] + b"\x1b[201~"
        start, shown = time.monotonic(), len(program.output)
        program.write(data)
        # Ready when the separator shows where in the long draft the caret is.
        deadline = time.monotonic() + 30
        while b" row " not in program.output[shown:] and time.monotonic() < deadline:
            program.read(0.01)
        program.quiet(0.1, 5)
        ready = program.last_byte - start
        _, big_cpu = program.type(keys)
        program.stop(b"\x03")
        self.add("1 MB bracketed paste: ready (s)", ready, "", "<= 1", ready <= 1)
        ratio = big_cpu / empty_cpu
        self.add("CPU per key in a 1 MB draft / in an empty one", ratio,
                 "%.3f / %.3f ms" % (big_cpu, empty_cpu), "<= 2", ratio <= 2)

    def draft_saves(self, key_ms):
        """CPU of a draft save: a key typed and then 1.2 s of quiet, in which the
        draft is saved (half a second after the last change, flushed), less
        1.2 s of quiet with nothing typed and less a typed key's CPU. While
        typing goes on a draft is saved once a second, flushed once in five
        seconds. This is one save seen alone: in place, between keys, saves
        also cost their own wake-ups and colder caches for the keys after
        them, which docs/performance.md measures apart. The save comes after
        the key's frame is written, so it never delays what the key shows."""
        home = self.home("saves")
        program = Program([self.binary], environment(home))
        program.first_frame()
        program.quiet(0.3, 5)
        drafts = os.path.join(home, "state/chat-tui/drafts")

        def saved():
            sizes = [os.path.getsize(os.path.join(folder, name)) for folder, _, names in os.walk(drafts)
                     for name in names if name.endswith(".draft")]
            return max(sizes, default=0)

        def quiet_cpu(key):
            before = program.cpu()
            if key:
                program.write(key)
            program.quiet(1.2, 5)
            return (program.cpu() - before) * 1000

        idle, typed = [], []
        for _ in range(self.args.saves):
            idle.append(quiet_cpu(None))
            size = saved()
            typed.append(quiet_cpu(b"x"))
            if saved() <= size:
                program.stop(b"\x03")
                sys.exit("bench: the draft was not saved within 1.2 s of a key")
        program.stop(b"\x03")
        save_ms = median(typed) - median(idle) - key_ms
        share = save_ms / (save_ms + 50 * key_ms) * 100
        self.add("CPU of a draft save after a pause, flushed (ms)", save_ms,
                 "a key and 1.2 s %.3f ms, 1.2 s idle %.3f ms, a key %.3f ms; alone, %.1f %% of typing 50 keys a second"
                 % (median(typed), median(idle), key_ms, share))

    def print_table(self):
        quick = " (--quick: small data, figures not comparable)" if self.args.quick else ""
        print("\nchat-tui benchmark, %s, median of %d run(s)%s\n" % (time.strftime("%Y-%m-%d"), self.args.runs, quick))
        header = ("figure", "chat-tui", "beside it", "target", "met")
        widths = [max(len(str(row[i])) for row in self.rows + [header]) for i in range(5)]
        print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for row in self.rows:
            print("| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths)) + " |")

    def cleanup(self):
        if not self.args.keep:
            shutil.rmtree(self.folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small data, one run: proves the benchmark works")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/chat-tui"))
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--baseline", help="another chat-tui build, typed in an empty room in the same rounds as "
                                           "this one and shown beside it as a peer: an earlier commit's, to "
                                           "compare with in the same minutes")
    parser.add_argument("--keep", action="store_true", help="keep the generated data")
    args = parser.parse_args()
    args.messages, args.transcript_mb, args.pages, args.incoming, args.text = 1_000_000, 100, 200, 20, TYPED
    args.saves = 10
    if args.quick:
        args.runs, args.messages, args.transcript_mb, args.pages, args.incoming = 1, 20_000, 2, 20, 5
        args.saves = 3
        args.text = TYPED[:40]
    for binary in (args.binary, args.baseline):
        if binary and not os.access(binary, os.X_OK):
            sys.exit("bench: no chat-tui at %s: build it first (make bench does)" % binary)
    bench = Bench(args)
    try:
        bench.run()
    finally:
        bench.cleanup()


if __name__ == "__main__":
    main()
