#!/usr/bin/env python3
"""Records real ZNC logs for chat-tui's transcript tests.

Starts ngIRCd and ZNC (Debian's `ngircd` and `znc`) on 127.0.0.1 in a
temporary folder, lets a few small clients talk in #test (messages, an action,
notices from nicks with dashes, a join, parts and a quit without a reason, a
nick change, a topic, a mode and a kick), and copies what ZNC's `log` module
wrote into Tests/ChatModelTests/Fixtures/znc/: once with its default timestamp
(`[%H:%M:%S]`) into default/, once with `-timestamp "[%Y-%m-%d %H:%M:%S]"` into
dated/. The ZNC user's time zone is Asia/Tokyo, as a user's own zone would be.

Usage: scripts/capture-znc-logs.py   (as any user; needs ngircd and znc)
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "ChatModelTests", "Fixtures", "znc")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, condition, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    sys.exit(f"capture-znc-logs: timed out waiting for {what}")


def accepts(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


class Client:
    """One IRC user: registers, then sends lines and reads what comes back."""

    def __init__(self, port, nick):
        self.nick = nick
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.buffer = b""
        self.lines = []
        self.send(f"NICK {nick}")
        self.send(f"USER {nick} 0 * :{nick}")
        self.expect(" 001 ")

    def send(self, line):
        self.sock.sendall(line.encode() + b"\r\n")

    def expect(self, text, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for index, line in enumerate(self.lines):
                if text in line:
                    del self.lines[: index + 1]
                    return line
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                break
            if not data:
                break
            self.buffer += data
            *complete, self.buffer = self.buffer.split(b"\r\n")
            for raw in complete:
                line = raw.decode("utf-8", "replace")
                if line.startswith("PING "):
                    self.send("PONG " + line[5:])
                self.lines.append(line)
        sys.exit(f"capture-znc-logs: {self.nick} never saw {text!r}")

    def close(self):
        self.sock.close()


def log_lines(folder):
    files = [os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs if f.endswith(".log")]
    total = 0
    for name in files:
        with open(name, encoding="utf-8", errors="replace") as f:
            total += sum(1 for _ in f)
    return total


def capture(timestamp, destination):
    work = tempfile.mkdtemp(prefix="chat-tui-znc-")
    irc_port, znc_port = free_port(), free_port()
    with open(os.path.join(work, "ngircd.conf"), "w") as f:
        f.write(f"""[Global]
Name = irc.test
Info = chat-tui test
Listen = 127.0.0.1
Ports = {irc_port}
PidFile = {work}/ngircd.pid
MotdPhrase = test
[Limits]
MaxNickLength = 30
MaxConnectionsIP = 0
[Options]
PAM = no
Ident = no
DNS = no
""")
    ngircd = subprocess.Popen(["ngircd", "-n", "-f", os.path.join(work, "ngircd.conf")], cwd=work,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for("ngircd", lambda: accepts(irc_port))
    # alice is first in the channel, so she holds its operator status.
    alice = Client(irc_port, "alice")
    alice.send("JOIN #test")
    alice.expect("JOIN")

    data = os.path.join(work, "znc")
    os.makedirs(os.path.join(data, "configs"))
    arguments = f' -timestamp "{timestamp}"' if timestamp else ""
    with open(os.path.join(data, "configs", "znc.conf"), "w") as f:
        f.write(f"""Version = 1.8.2
ConnectDelay = 1
ServerThrottle = 1
<Listener l>
    Port = {znc_port}
    IPv4 = true
    IPv6 = false
    SSL = false
</Listener>
<User viewer>
    <Pass password>
        Method = plain
        Hash = unused
        Salt = unused
    </Pass>
    Admin = true
    Nick = viewer
    AltNick = viewer_
    Ident = viewer
    RealName = viewer
    Timezone = Asia/Tokyo
    LoadModule = log{arguments}
    <Network test>
        Server = 127.0.0.1 {irc_port}
        <Chan #test>
        </Chan>
    </Network>
</User>
""")
    znc = subprocess.Popen(["znc", "--foreground", "--allow-root", "--datadir", data], cwd=work,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        alice.expect("viewer", timeout=90)  # ZNC joined #test
        logs = os.path.join(data, "users")
        wait_for("ZNC's first log line", lambda: log_lines(logs) >= 1, timeout=90)

        def logged(action):
            before = log_lines(logs)
            action()
            wait_for("ZNC to log a line", lambda: log_lines(logs) > before)

        bob = Client(irc_port, "bob")
        logged(lambda: bob.send("JOIN #test"))
        logged(lambda: alice.send("PRIVMSG #test :hello from alice"))
        logged(lambda: alice.send("PRIVMSG #test :日本語のメッセージも読める"))
        logged(lambda: bob.send("PRIVMSG #test :\x01ACTION waves\x01"))
        dash = Client(irc_port, "dash-bot")
        logged(lambda: dash.send("JOIN #test"))
        logged(lambda: dash.send("NOTICE #test :notice from a nick with a dash"))
        trail = Client(irc_port, "trail-")
        logged(lambda: trail.send("JOIN #test"))
        logged(lambda: trail.send("NOTICE #test :notice from a nick that ends in a dash"))
        logged(lambda: trail.send("PRIVMSG #test :a message from trail-"))
        carol = Client(irc_port, "carol")
        logged(lambda: carol.send("JOIN #test"))
        logged(lambda: carol.send("PART #test"))
        logged(lambda: carol.send("JOIN #test"))
        logged(lambda: carol.send("PART #test :off to lunch"))
        logged(lambda: bob.send("NICK bobby"))
        logged(lambda: alice.send("TOPIC #test :tea at four"))
        logged(lambda: alice.send("MODE #test +v bobby"))
        logged(lambda: alice.send("KICK #test dash-bot :too noisy"))
        logged(lambda: alice.send("PRIVMSG #test :\x02bold\x02 and \x0304red\x0f"))
        logged(lambda: trail.send("QUIT"))
        logged(lambda: bob.send("QUIT :see you"))
        for client in (alice, dash, carol):
            client.close()
    finally:
        znc.terminate()
        ngircd.terminate()
        znc.wait()
        ngircd.wait()
    shutil.rmtree(destination, ignore_errors=True)
    os.makedirs(destination)
    for folder, _, files in os.walk(os.path.join(data, "users")):
        for name in files:
            if name.endswith(".log") and "#test" in folder:
                shutil.copy(os.path.join(folder, name), os.path.join(destination, name))
    shutil.rmtree(work, ignore_errors=True)


capture(None, os.path.join(FIXTURES, "default"))
capture("[%Y-%m-%d %H:%M:%S]", os.path.join(FIXTURES, "dated"))
for folder, _, files in os.walk(FIXTURES):
    for name in sorted(files):
        print(os.path.relpath(os.path.join(folder, name), ROOT))
