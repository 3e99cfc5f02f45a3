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

With --irc the pour comes over IRC instead: an InspIRCd started on 127.0.0.1
(by Tests/EndToEndTests/IRC/irc-lab.py), a bot pouring RATE messages a second
into #pour once chat-tui has joined it, and chat-tui connected over TLS to
#typing (shown, where the lines are typed) and #pour (in the background). A
second bot in #pour counts what the server delivered. Checks: each typed line
was echoed and stored whole in #typing's room file, #pour's room file holds
every message the server delivered, and the RSS stays bounded as above.

Prints a table and exits non-zero when a check fails."""

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


POUR_TEXT = "load %07d the quick brown fox 日本語"


def pace(rate, seconds, send, sent):
    """Calls send(numbers) with the next 10 ms worth of `rate` messages a
    second for `seconds`, keeping to the rate; `sent[0]` counts them."""
    begin = time.monotonic()
    batch = max(1, rate // 100)
    number = 0
    while rate > 0 and time.monotonic() - begin < seconds:
        send(range(number, number + batch))
        number += batch
        sent[0] = number
        pause = begin + number / rate - time.monotonic()
        if pause > 0:
            time.sleep(pause)


def producer(fifo, rate, seconds, sent, started):
    """Writes `rate` JSON lines a second into `fifo` for `seconds`, in 10 ms batches."""
    with open(fifo, "w", encoding="utf-8") as out:
        started.set()

        def write(numbers):
            out.write("".join('{"ts":"2026-12-03T10:00:00Z","from":"feed","text":"%s"}\n' % (POUR_TEXT % number)
                              for number in numbers))
            out.flush()

        pace(rate, seconds, write, sent)
        if rate == 0:
            time.sleep(seconds)


def rss_samples(fifo, samples, done):
    """Samples chat-tui's RSS (KiB) each second, found by `fifo` (or another
    word only its command line has) among its arguments."""
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
                    if words and words[0].endswith(b"chat-tui") and any(fifo.encode() in word for word in words):
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


def typing(args, before=(), after=()):
    """ptybench's steps: `before`, three lines of text200.txt typed a key
    every 100 ms and each sent, `after`, then `--drain` seconds."""
    steps = list(before)
    for _ in range(3):
        steps += ["--type-file", os.path.join(args.ptybench_dir, "text200.txt"), "--key", "enter"]
    return steps + list(after) + ["--sleep", str(args.drain)]


def drive(label, args, folder, steps, program, pour, marker):
    """Runs chat-tui (`program`, its arguments) under ptybench with `steps`,
    in a home of its own, while `pour` runs on a thread and chat-tui's RSS is
    sampled (found by `marker` among its arguments). Returns ptybench's
    report, the screen at the end, the text typed, the RSS samples, and the
    rooms folder."""
    home = os.path.join(folder, label)
    for sub in ("data", "state", "cache"):
        os.makedirs(os.path.join(home, sub), exist_ok=True)
    report_path = os.path.join(folder, label + ".json")
    screen_path = os.path.join(folder, label + ".screen")
    command = [sys.executable, os.path.join(args.ptybench_dir, "ptybench.py"), "--size", "100x30",
               "--settle-ms", "0", "--key-delay-ms", "100", "--max-run", str(args.seconds + 120),
               "--env", "XDG_DATA_HOME=" + home + "/data", "--env", "XDG_STATE_HOME=" + home + "/state",
               "--env", "XDG_CACHE_HOME=" + home + "/cache", "--env", "USER=typist"] + steps + [
               "--screen", "--screen-out", screen_path, "--quit", "\\x03", "--json", report_path,
               "--", args.binary] + program
    pouring = threading.Thread(target=pour, daemon=True)
    pouring.start()
    samples = []
    done = threading.Event()
    sampler = threading.Thread(target=rss_samples, args=(marker, samples, done), daemon=True)
    sampler.start()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    done.set()
    pouring.join(timeout=5)
    with open(report_path) as f:
        report = json.load(f)
    with open(screen_path, encoding="utf-8") as f:
        screen = f.read()
    with open(os.path.join(args.ptybench_dir, "text200.txt"), encoding="utf-8") as f:
        typed = f.read().rstrip("\n")
    return {"report": report, "screen": screen, "typed": typed, "rss": samples,
            "rooms": os.path.join(home, "data", "chat-tui", "rooms")}


def texts(path):
    """The texts of a room file's lines; none when there is no file."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [json.loads(line).get("text", "") for line in f if line.strip()]


def run(label, args, rate, folder):
    """One run of a replay: the pour into it, the typing into it (or, with
    --background, into another room)."""
    fifo = os.path.join(folder, "feed-" + label)
    os.mkfifo(fifo)
    rooms = ["--room", "local", "--room", "other"] if args.background else []
    steps = typing(args, ["--sleep", "1"] + (["--raw", "\\e2", "--sleep", "0.5"] if args.background else []),
                   ["--raw", "\\e1"] if args.background else [])
    sent = [0]
    started = threading.Event()
    result = drive(label, args, folder, steps, ["--replay", fifo] + rooms,
                   lambda: producer(fifo, rate, args.seconds, sent, started), fifo)
    result["stored"] = texts(os.path.join(result["rooms"], "other.jsonl" if args.background else "local.jsonl"))
    result["sent"] = sent[0]
    return result


LAB = os.path.join(ROOT, "Tests", "EndToEndTests", "IRC", "irc-lab.py")


class IRCUser:
    """A user on the lab's InspIRCd (plain port): registers, joins, and keeps
    reading on a thread of its own, answering PING and counting the pour's
    PRIVMSGs to #pour, so the server never waits on it."""

    def __init__(self, port, nick, channel):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.lock = threading.Lock()
        self.poured = 0
        self.joined = set()
        self.registered = threading.Event()
        self.socket.sendall(("NICK %s\r\nUSER %s 0 * :%s\r\n" % (nick, nick, nick)).encode())
        threading.Thread(target=self.read, daemon=True).start()
        if not self.registered.wait(20):
            sys.exit("%s was not welcomed by the server" % nick)
        self.send("JOIN " + channel)

    def send(self, line):
        with self.lock:
            self.socket.sendall((line + "\r\n").encode())

    def read(self):
        pending = b""
        while True:
            try:
                data = self.socket.recv(1 << 16)
            except OSError:
                return
            if not data:
                return
            pending += data
            lines = pending.split(b"\r\n")
            pending = lines.pop()
            for line in lines:
                if line.startswith(b"@"):
                    line = line.split(b" ", 1)[1]
                words = line.split(b" ", 3)
                if words[0] == b"PING":
                    self.send("PONG " + line[5:].decode("utf-8", "replace"))
                elif len(words) > 1 and words[1] == b"001":
                    self.registered.set()
                elif len(words) > 2 and words[1] == b"PRIVMSG" and words[2] == b"#pour":
                    self.poured += 1
                elif len(words) > 2 and words[1] == b"JOIN":
                    self.joined.add(words[0][1:].split(b"!")[0].decode())

    def pour(self, rate, seconds, sent):
        """Sends `rate` PRIVMSGs a second to #pour for `seconds`, in 10 ms batches."""
        pace(rate, seconds, lambda numbers: self.send("\r\n".join("PRIVMSG #pour :" + POUR_TEXT % n for n in numbers)),
             sent)


def irc_lab(folder):
    """Starts the lab's InspIRCd for the pour; returns its ports and the test CA."""
    certificates = os.path.join(folder, "certs")
    subprocess.run([sys.executable, LAB, "certs", certificates], check=True, stdout=subprocess.DEVNULL)
    started = subprocess.run([sys.executable, LAB, "inspircd", os.path.join(folder, "irc"), certificates, "--soak"],
                             check=True, capture_output=True, text=True)
    ports = json.loads(started.stdout)
    ports["ca"] = os.path.join(certificates, "ca.pem")
    return ports


def run_irc(label, args, rate, folder, lab):
    """One run over IRC: the pour into #pour, the typing into #typing."""
    pourer = IRCUser(lab["plain"], "feed" + label, "#pour")
    witness = IRCUser(lab["plain"], "count" + label, "#pour")
    nick = "typist" + label
    network = "localhost:%d" % lab["tls"]
    sent = [0]

    def pour():
        deadline = time.monotonic() + 30
        while nick not in pourer.joined and time.monotonic() < deadline:
            time.sleep(0.05)
        pourer.pour(rate, args.seconds, sent)

    address = "ircs://%s/#typing,#pour" % network
    result = drive(label, args, folder, typing(args, ["--sleep", "3"]),
                   [address, "--tls-ca", lab["ca"], "--nick", nick], pour, address)
    rooms = os.path.join(result["rooms"], network)
    typed = result["typed"]
    result["stored"] = [line for line in texts(os.path.join(rooms, "#typing.jsonl"))
                        if line == typed or line.startswith(typed[:20])]
    result["poured_stored"] = sum(1 for line in texts(os.path.join(rooms, "#pour.jsonl")) if line.startswith("load "))
    result["sent"] = sent[0]
    result["delivered"] = witness.poured
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--rate", type=int, default=10_000)
    parser.add_argument("--drain", type=float, default=8.0, help="seconds after the typing before the screen is read")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/chat-tui"))
    parser.add_argument("--background", action="store_true",
                        help="pour into a room in the background and type into another")
    parser.add_argument("--irc", action="store_true",
                        help="pour over IRC into a channel in the background and type into another")
    parser.add_argument("--ptybench-dir", default=os.path.join(ROOT, "..", "shared", "tools", "ptybench"))
    args = parser.parse_args()
    server = None
    with tempfile.TemporaryDirectory(prefix="chat-tui-load-") as folder:
        try:
            if args.irc:
                lab = irc_lab(folder)
                server = lab["pid"]
                quiet = run_irc("quiet", args, 0, folder, lab)
                load = run_irc("pour", args, args.rate, folder, lab)
            else:
                quiet = run("quiet", args, 0, folder)
                load = run("pour", args, args.rate, folder)
        finally:
            if server is not None:
                os.kill(server, 9)

    failures = []
    if args.irc:
        if load["delivered"] != load["sent"] or load["poured_stored"] != load["delivered"]:
            failures.append("#pour: %d sent, %d delivered to the counting bot, %d in chat-tui's room file"
                            % (load["sent"], load["delivered"], load["poured_stored"]))
    else:
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

    where = ", over IRC into a channel in the background" if args.irc else \
        ", into a room in the background" if args.background else ""
    rows = [("messages poured", "%d (%d/s for %d s)%s" % (load["sent"], args.rate, args.seconds, where), "")]
    if args.irc:
        rows.append(("delivered by the server / stored by chat-tui", "%d / %d" % (load["delivered"], load["poured_stored"]), ""))
    rows += [
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
    last = [line for line in load["screen"].splitlines() if line.startswith("──")]
    print("\nseparator at the end: %s" % (last[-1].strip() if last else "(not found)"))
    for failure in failures:
        print("FAILED: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
