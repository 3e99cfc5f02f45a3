#!/usr/bin/env python3
"""chat-tui under load (make load): a producer pours RATE messages a second into
`chat-tui --replay` for SECONDS while ptybench types three lines of text200.txt
into it, a key every 100 ms, and sends each. The same typing is measured with a
silent producer in the same run, for the ratio. With --background the replay
pours into a room in the background (`--room local --room other`, Alt-2 before
typing, Alt-1 before the screen is read) and the lines are typed into the other
room: what arrives out of sight must not slow the room shown. Checks at the end:

- the separator counts every message poured ("N received", "end of input");
- each typed line arrived in the room file whole;
- memory stays bounded: the RSS sampled in the last third of the pour grows
  by less than 10 % (the replay keeps its newest 100,000 messages).

Prints a table and exits non-zero when a check fails."""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def producer(fifo, rate, seconds, sent, started):
    """Writes `rate` JSON lines a second into `fifo` for `seconds`, in 10 ms batches."""
    with open(fifo, "w", encoding="utf-8") as out:
        started.set()
        begin = time.monotonic()
        batch = max(1, rate // 100)
        number = 0
        while rate > 0 and time.monotonic() - begin < seconds:
            lines = []
            for _ in range(batch):
                lines.append('{"ts":"2026-12-03T10:00:00Z","from":"feed","text":"load %07d the quick brown fox 日本語"}\n'
                             % number)
                number += 1
            out.write("".join(lines))
            out.flush()
            sent[0] = number
            due = begin + number / rate
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
        if rate == 0:
            time.sleep(seconds)


def rss_samples(fifo, samples, done):
    """Samples chat-tui's RSS (KiB) each second, found by the fifo on its command line."""
    pid = None
    while not done.is_set():
        if pid is None:
            for entry in os.listdir("/proc"):
                if entry.isdigit():
                    try:
                        with open("/proc/%s/cmdline" % entry, "rb") as f:
                            words = f.read().split(b"\0")
                    except OSError:
                        continue
                    if words and words[0].endswith(b"chat-tui") and fifo.encode() in words:
                        pid = entry
        if pid is not None:
            try:
                with open("/proc/%s/status" % pid) as f:
                    for line in f:
                        if line.startswith("VmRSS:"):
                            samples.append((time.monotonic(), int(line.split()[1])))
            except OSError:
                pass
        done.wait(1.0)


def run(label, args, rate, folder):
    fifo = os.path.join(folder, "feed-" + label)
    os.mkfifo(fifo)
    home = os.path.join(folder, label)
    for sub in ("data", "state", "cache"):
        os.makedirs(os.path.join(home, sub), exist_ok=True)
    text = os.path.join(args.ptybench_dir, "text200.txt")
    steps = ["--sleep", "1"]
    rooms = []
    if args.background:
        rooms = ["--room", "local", "--room", "other"]
        steps += ["--raw", "\\e2", "--sleep", "0.5"]
    for _ in range(3):
        steps += ["--type-file", text, "--key", "enter"]
    if args.background:
        steps += ["--raw", "\\e1"]
    steps += ["--sleep", str(args.drain)]
    report_path = os.path.join(folder, label + ".json")
    screen_path = os.path.join(folder, label + ".screen")
    command = [sys.executable, os.path.join(args.ptybench_dir, "ptybench.py"), "--size", "100x30",
               "--settle-ms", "0", "--key-delay-ms", "100", "--max-run", str(args.seconds + 120),
               "--env", "XDG_DATA_HOME=" + home + "/data", "--env", "XDG_STATE_HOME=" + home + "/state",
               "--env", "XDG_CACHE_HOME=" + home + "/cache", "--env", "USER=typist"] + steps + [
               "--screen", "--screen-out", screen_path, "--quit", "\\x03", "--json", report_path,
               "--", args.binary, "--replay", fifo] + rooms
    sent = [0]
    started = threading.Event()
    pour = threading.Thread(target=producer, args=(fifo, rate, args.seconds, sent, started), daemon=True)
    pour.start()
    samples = []
    done = threading.Event()
    sampler = threading.Thread(target=rss_samples, args=(fifo, samples, done), daemon=True)
    sampler.start()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    done.set()
    pour.join(timeout=5)
    with open(report_path) as f:
        report = json.load(f)
    with open(screen_path, encoding="utf-8") as f:
        screen = f.read()
    with open(text, encoding="utf-8") as f:
        typed = f.read().rstrip("\n")
    room = os.path.join(home, "data", "chat-tui", "rooms", "other.jsonl" if args.background else "local.jsonl")
    stored = []
    if os.path.exists(room):
        with open(room, encoding="utf-8") as f:
            stored = [json.loads(line)["text"] for line in f if line.strip()]
    return {"report": report, "screen": screen, "sent": sent[0], "stored": stored, "typed": typed,
            "rss": samples}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--rate", type=int, default=10_000)
    parser.add_argument("--drain", type=float, default=8.0, help="seconds after the typing before the screen is read")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/chat-tui"))
    parser.add_argument("--background", action="store_true",
                        help="pour into a room in the background and type into another")
    parser.add_argument("--ptybench-dir", default=os.path.join(ROOT, "..", "shared", "tools", "ptybench"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="chat-tui-load-") as folder:
        quiet = run("quiet", args, 0, folder)
        load = run("pour", args, args.rate, folder)

    failures = []
    expected = "%d received" % load["sent"]
    if expected not in load["screen"] or "end of input" not in load["screen"]:
        failures.append("the separator does not say '%s' and 'end of input':\n%s" % (expected, load["screen"]))
    for name, result in (("quiet", quiet), ("pour", load)):
        if result["stored"] != [result["typed"]] * 3:
            failures.append("%s: the three typed lines did not arrive whole: %r" % (name, result["stored"][:3]))
    rss = load["rss"]
    start = rss[0][0] if rss else 0
    third = [kib for at, kib in rss if args.seconds * 2 / 3 <= at - start <= args.seconds]
    growth = (third[-1] - third[0]) / third[0] if third else None
    if growth is None or growth > 0.10 or len(third) < 3:
        failures.append("RSS grows in the last third of the pour: %s" % [kib for _, kib in rss])

    def latency(result, key):
        return result["report"]["typing"]["per_key_latency_ms"].get(key)

    rows = [
        ("messages poured", "%d (%d/s for %d s)%s" % (load["sent"], args.rate, args.seconds,
                                                       ", into a room in the background" if args.background else ""), ""),
        ("echo latency p50 (ms)", latency(load, "p50"), latency(quiet, "p50")),
        ("echo latency p95 (ms)", latency(load, "p95"), latency(quiet, "p95")),
        ("echo latency max (ms)", latency(load, "max"), latency(quiet, "max")),
        ("keys typed", load["report"]["typing"]["keys"], quiet["report"]["typing"]["keys"]),
        ("CPU whole run (s)", load["report"].get("cpu_s"), quiet["report"].get("cpu_s")),
        ("max RSS (MB)", round(load["report"]["max_rss_kib"] / 1024, 1), round(quiet["report"]["max_rss_kib"] / 1024, 1)),
        ("RSS samples, every ~5 s (MB)", " ".join("%.0f" % (kib / 1024) for _, kib in rss[::5]), ""),
        ("RSS growth, last third of the pour", "%.1f %%" % (100 * growth) if growth is not None else "?", ""),
    ]
    print("| figure | under the pour | silent producer |")
    print("|---|---|---|")
    for name, value, base in rows:
        print("| %s | %s | %s |" % (name, value, base))
    last = [line for line in load["screen"].splitlines() if "received" in line]
    print("\nseparator at the end: %s" % (last[-1].strip() if last else "(not found)"))
    for failure in failures:
        print("FAILED: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
