#!/usr/bin/python3
"""What chat-tui's IRC tests run against, made on 127.0.0.1 by the tests:

  irc-lab.py certs DIR                 a CA and a certificate for localhost signed by it
                                       (server.pem, and expired.pem, valid for no time),
                                       and a user's (client.pem, the key in it too)
  irc-lab.py inspircd DIR CERTS [--link DIR2] [--expired] [--fakelag] [--soak]
                                       start InspIRCd (ports chosen free, TLS with the
                                       certificate in CERTS) and print
                                       {"plain": P, "tls": T, "link": L, "pid": N}
                                       once it accepts connections; --link links it
                                       to the server already started in DIR2, and
                                       prints once the two are linked; --soak
                                       takes a pour of 10,000 lines a second (make load)
  irc-lab.py restart DIR               start the InspIRCd of DIR again, on the same ports
                                       (after the test killed it), print its ports and pid
  irc-lab.py ngircd DIR [PASSWORD]     start ngircd (plain only; PASSWORD needed to connect
                                       when given), print {"plain": P, "pid": N}
  irc-lab.py scripted DIR [CERTS]      a server that offers draft/multiline and SASL PLAIN
                                       (password "open sesame") and EXTERNAL (a client
                                       certificate signed by the CA), which no packaged server
                                       does (over TLS with the certificate in CERTS when
                                       given): prints {"plain": P}, logs
                                       every line received to DIR/received.log, and
                                       sends a multi-line batch into each channel joined,
                                       then a broken line and an overlong one
  irc-lab.py znc DIR IRCDIR CERTS    start ZNC in front of the InspIRCd of IRCDIR: user
                                       "alice" (password "alice/test:secret"), its network
                                       "test" in #test, keeping a buffer it plays back whole
                                       at each connection; TLS with the certificate in CERTS;
                                       prints {"tls": T, "pid": N}
  irc-lab.py bot PORT NICK CHANNELS LOG COMMANDS
                                       a user: joins CHANNELS (comma-separated), writes
                                       every line received to LOG, and sends each line
                                       appended to COMMANDS; prints "ready" once joined

Python's standard library only. Each server runs in its own folder, which is its
working directory, so anything it leaves behind stays there.
"""
import json
import os
import random
import socket
import subprocess
import sys
import time


class PortTaken(Exception):
    """Another process listens on a port chosen for a server: a test run
    beside this one chose it too. The server is started again on others."""


def free_port():
    """A port nothing on 127.0.0.1 uses, chosen below the range the system
    gives outgoing connections, one of which could take it between this
    choice and the server's bind."""
    with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
        lowest_ephemeral = int(f.read().split()[0])
    while True:
        port = random.randrange(10000, max(lowest_ephemeral, 20000))
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue


def listening_socket(port):
    """The inode of the socket listening on 127.0.0.1:`port` (any address too), or None."""
    with open("/proc/net/tcp") as f:
        for line in f.readlines()[1:]:
            fields = line.split()
            address, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and int(address.split(":")[1], 16) == port:
                return inode
    return None


def sockets_of(pid):
    """The inodes of the sockets process `pid` holds."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    return inodes


def start(command, ports, seconds=20, **options):
    """Starts a server and waits until it listens on each of `ports` itself;
    a port another process listens on raises PortTaken, the server stopped."""
    process = subprocess.Popen(command, start_new_session=True, **options)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        listening = [listening_socket(port) for port in ports]
        ended = process.poll() is not None
        if all(listening) or ended:
            if not ended:
                try:
                    own = sockets_of(process.pid)
                except OSError:
                    own = set()
                if all(inode in own for inode in listening):
                    return process
            process.kill()
            process.wait()
            if any(listening):
                raise PortTaken()
            sys.exit(f"the server ended at start with status {process.returncode}")
        time.sleep(0.05)
    process.kill()
    sys.exit(f"the server did not listen on {ports} within {seconds} s")


def wait_linked(port, server_name, seconds=60):
    """Waits until the server on 127.0.0.1:`port` lists `server_name` among
    its links, asked as a client (LINKS) every half second. The second
    server links on its own (autoconnect), and a first attempt that stalls
    is tried again only after the link's timeout: a test must not begin
    before the network is whole."""
    deadline = time.monotonic() + seconds
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as s:
        s.sendall(b"NICK linkwait\r\nUSER linkwait 0 * :linkwait\r\n")
        s.settimeout(0.5)
        pending, registered = b"", False
        while time.monotonic() < deadline:
            try:
                data = s.recv(65536)
                if not data:
                    sys.exit(f"the server on port {port} closed the connection asking for its links")
            except socket.timeout:
                # Quiet for half a second: ask again.
                if registered:
                    s.sendall(b"LINKS\r\n")
                continue
            lines = (pending + data).split(b"\r\n")
            pending = lines.pop()
            for line in lines:
                words = line.split(b" ")
                if words[0] == b"PING":
                    s.sendall(b"PONG " + b" ".join(words[1:]) + b"\r\n")
                elif len(words) > 1 and words[1] == b"001":
                    registered = True
                    s.sendall(b"LINKS\r\n")
                elif len(words) > 3 and words[1] == b"364" and words[3] == server_name.encode():
                    s.sendall(b"QUIT\r\n")
                    return
    sys.exit(f"{server_name} did not link within {seconds} s")


def on_free_ports(server):
    """`server` (which chooses its ports), started again on others while a
    test run beside this one takes one of them first."""
    def started(*args, **options):
        for _ in range(10):
            try:
                return server(*args, **options)
            except PortTaken:
                continue
        sys.exit("every port chosen was taken by another process")
    return started


def run(*args, cwd):
    subprocess.run(args, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def certs(folder):
    os.makedirs(folder, exist_ok=True)
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30", "-subj", "/CN=chat-tui test CA",
        "-keyout", "ca.key", "-out", "ca.pem", cwd=folder)
    run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
        "-keyout", "server.key", "-out", "server.csr", cwd=folder)
    with open(os.path.join(folder, "san.cnf"), "w") as f:
        # The name alone: connecting by address is how the tests see a name mismatch.
        f.write("subjectAltName=DNS:localhost\n")
    run("openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-days", "30", "-extfile", "san.cnf", "-out", "server.pem", cwd=folder)
    # The same key in a certificate that expires as it is made (valid 0 days).
    run("openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-days", "0", "-extfile", "san.cnf", "-out", "expired.pem", cwd=folder)
    run("openssl", "dhparam", "-out", "dh.pem", "1024", cwd=folder)
    # A user's certificate signed by the CA, with its key in the same file, for SASL EXTERNAL.
    run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=carol",
        "-keyout", "client.key", "-out", "client.csr", cwd=folder)
    run("openssl", "x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-days", "30", "-out", "client.crt", cwd=folder)
    with open(os.path.join(folder, "client.pem"), "w") as pem:
        for name in ("client.crt", "client.key"):
            with open(os.path.join(folder, name)) as part:
                pem.write(part.read())


INSPIRCD_MODULES = ["ssl_gnutls", "cap", "ircv3", "ircv3_servertime", "ircv3_echomessage", "ircv3_msgid",
                    "ircv3_ctctags", "ircv3_batch", "ircv3_labeledresponse", "namesx", "spanningtree"]


@on_free_ports
def inspircd(folder, certificates, link_folder=None, expired=False, fakelag=False, soak=False):
    os.makedirs(folder, exist_ok=True)
    plain, tls, link = free_port(), free_port(), free_port()
    number = 1 if link_folder is None else 2
    name = f"irc{number}.test"
    lines = [
        f'<server name="{name}" description="test" id="{number}AB" network="Test">',
        '<admin name="t" nick="t" email="t@t">',
        f'<bind address="127.0.0.1" port="{plain}" type="clients">',
        f'<bind address="127.0.0.1" port="{tls}" type="clients" ssl="gnutls">',
        f'<bind address="127.0.0.1" port="{link}" type="servers">',
    ]
    lines += [f'<module name="{module}">' for module in INSPIRCD_MODULES]
    lines += [
        f'<gnutls certfile="{certificates}/{"expired" if expired else "server"}.pem" keyfile="{certificates}/server.key" '
        f'dhfile="{certificates}/dh.pem" priority="NORMAL">',
        '<connect allow="*" timeout="60" pingfreq="120" localmax="1000" globalmax="1000" '
        + ('sendq="1048576" recvq="65536" commandrate="1000" fakelag="yes" threshold="10">' if fakelag else
           # A pour of 10,000 lines a second, and a reader who may fall a few seconds behind.
           'sendq="67108864" recvq="4194304" commandrate="100000000" fakelag="no" threshold="100000">' if soak else
           'sendq="1048576" recvq="65536" commandrate="100000" fakelag="no" threshold="100">'),
        f'<pid file="{folder}/inspircd.pid">',
        '<security runasuser="" runasgroup="">',
        '<limits maxnick="30" maxchan="64" maxmodes="20" maxident="11" maxhost="64" maxquit="255" '
        'maxtopic="307" maxkick="255" maxreal="128" maxgecos="128" maxaway="200" maxline="512">',
        '<performance softlimit="1024" somaxconn="128" netbuffersize="10240">',
        '<dns timeout="1">',
        '<options defaultmodes="not">',
    ]
    if link_folder is not None:
        with open(os.path.join(link_folder, "ports.json")) as f:
            other = json.load(f)
        for server_name, port in (("irc1.test", other["link"]),):
            lines.append(f'<link name="{server_name}" ipaddr="127.0.0.1" port="{port}" '
                         'sendpass="linked" recvpass="linked">')
            lines.append(f'<autoconnect period="1s" server="{server_name}">')
    else:
        lines.append('<link name="irc2.test" ipaddr="127.0.0.1" port="1" sendpass="linked" recvpass="linked">')
    config = os.path.join(folder, "inspircd.conf")
    with open(config, "w") as f:
        f.write("\n".join(lines) + "\n")
    log = open(os.path.join(folder, "inspircd.log"), "w")
    process = start(["/usr/sbin/inspircd", "--nofork", "--runasroot", "--config", config], [plain, tls, link],
                    cwd=folder, stdout=log, stderr=log)
    ports = {"plain": plain, "tls": tls, "link": link, "pid": process.pid}
    if link_folder is not None:
        try:
            wait_linked(other["plain"], name)
        except SystemExit:
            process.kill()
            raise
    with open(os.path.join(folder, "ports.json"), "w") as f:
        json.dump(ports, f)
    print(json.dumps(ports), flush=True)


def restart(folder):
    with open(os.path.join(folder, "ports.json")) as f:
        ports = json.load(f)
    log = open(os.path.join(folder, "inspircd.log"), "a")
    try:
        process = start(["/usr/sbin/inspircd", "--nofork", "--runasroot", "--config",
                         os.path.join(folder, "inspircd.conf")], [ports["plain"], ports["tls"], ports["link"]],
                        cwd=folder, stdout=log, stderr=log)
    except PortTaken:
        sys.exit("another process took the server's ports while it was stopped")
    ports["pid"] = process.pid
    with open(os.path.join(folder, "ports.json"), "w") as f:
        json.dump(ports, f)
    print(json.dumps(ports), flush=True)


@on_free_ports
def ngircd(folder, password=None):
    os.makedirs(folder, exist_ok=True)
    plain = free_port()
    config = os.path.join(folder, "ngircd.conf")
    with open(config, "w") as f:
        f.write(f"""[Global]
Name = ngircd.test
Info = test
Listen = 127.0.0.1
Ports = {plain}
PidFile = {folder}/ngircd.pid
{"Password = " + password if password else ""}
[Limits]
MaxNickLength = 30
[Options]
PAM = no
Ident = no
DNS = no
""")
    log = open(os.path.join(folder, "ngircd.log"), "w")
    process = start(["/usr/sbin/ngircd", "--nodaemon", "--config", config], [plain],
                    cwd=folder, stdout=log, stderr=log)
    print(json.dumps({"plain": plain, "pid": process.pid}), flush=True)


@on_free_ports
def znc(folder, irc_folder, certificates):
    with open(os.path.join(irc_folder, "ports.json")) as f:
        irc_port = json.load(f)["plain"]
    data = os.path.join(folder, "znc")
    os.makedirs(os.path.join(data, "configs"), exist_ok=True)
    with open(os.path.join(data, "znc.pem"), "w") as pem:
        for name in ("server.key", "server.pem"):
            with open(os.path.join(certificates, name)) as part:
                pem.write(part.read())
    port = free_port()
    # The buffer is not cleared once played back, so each connection gets it
    # all again: what chat-tui holds already comes back every time.
    with open(os.path.join(data, "configs", "znc.conf"), "w") as f:
        f.write(f"""Version = 1.8.2
ConnectDelay = 1
ServerThrottle = 1
<Listener tls>
\tPort = {port}
\tIPv4 = true
\tIPv6 = false
\tSSL = true
\tHost = 127.0.0.1
</Listener>
<User alice>
\t<Pass password>
\t\tMethod = plain
\t\tHash = secret
\t</Pass>
\tNick = alice
\tAltNick = alice_
\tIdent = alice
\tRealName = alice
\tAutoClearChanBuffer = false
\tAutoClearQueryBuffer = false
\tChanBufferSize = 500
\t<Network test>
\t\tServer = 127.0.0.1 {irc_port}
\t\t<Chan #test>
\t\t</Chan>
\t</Network>
</User>
""")
    command = ["/usr/bin/znc", "--datadir", data, "--foreground"]
    if os.geteuid() == 0:
        # As root ZNC waits 30 s before it starts; as nobody it does not.
        os.chmod(folder, 0o755)
        for root, folders, files in os.walk(data):
            for name in [root] + [os.path.join(root, entry) for entry in folders + files]:
                os.chown(name, 65534, 65534)
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
    log = open(os.path.join(folder, "znc.log"), "w")
    process = start(command, [port], cwd=folder, stdout=log, stderr=log)
    print(json.dumps({"tls": port, "pid": process.pid}), flush=True)


def bot(port, nick, channels, log_path, commands_path):
    connection = socket.create_connection(("127.0.0.1", int(port)))
    connection.settimeout(0.05)
    log = open(log_path, "ab", buffering=0)
    open(commands_path, "ab").close()
    commands = open(commands_path, "rb")

    def send(line):
        connection.sendall(line + b"\r\n")

    send(f"NICK {nick}".encode())
    send(f"USER {nick} 0 * :test bot".encode())
    pending = b""
    joined = set()
    wanted = set(c.lower() for c in channels.split(",") if c)
    announced = False
    partial = b""
    while True:
        try:
            data = connection.recv(65536)
            if not data:
                return
            pending += data
        except socket.timeout:
            pass
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            line = line.rstrip(b"\r")
            log.write(line + b"\n")
            words = line.split(b" ")
            if line.startswith(b"PING"):
                send(b"PONG" + line[4:])
            elif len(words) > 1 and words[1] == b"001" and wanted:
                send(b"JOIN " + ",".join(sorted(wanted)).encode())
            elif len(words) > 2 and words[1] == b"JOIN" and words[0][1:].split(b"!")[0] == nick.encode():
                joined.add(words[2].lstrip(b":").decode().lower())
        if not announced and (joined >= wanted) and (wanted or b" 001 " in open(log_path, "rb").read()):
            print("ready", flush=True)
            announced = True
        partial += commands.read()
        while b"\n" in partial:
            line, partial = partial.split(b"\n", 1)
            send(line)


def scripted(folder, certificates=None):
    import base64
    import ssl
    context = None
    if certificates:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(certificates, "server.pem"), os.path.join(certificates, "server.key"))
        # A client certificate signed by the test CA logs in with SASL EXTERNAL.
        context.verify_mode = ssl.CERT_OPTIONAL
        context.load_verify_locations(os.path.join(certificates, "ca.pem"))
    os.makedirs(folder, exist_ok=True)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(5)
    print(json.dumps({"plain": listener.getsockname()[1]}), flush=True)
    log = open(os.path.join(folder, "received.log"), "ab", buffering=0)
    import threading
    # Each channel's history, as draft/chathistory gives it: (msgid, time, source, text).
    history = {}
    sessions = {"joins": 0}
    lock = threading.Lock()

    def history_batch(send, reference, channel, entries):
        send(b"BATCH +" + reference + b" chathistory " + channel)
        for msgid, time, source, text in entries:
            send(b"@batch=" + reference + b";time=" + time + b";msgid=" + msgid + b" :" + source
                 + b" PRIVMSG " + channel + b" :" + text)
        send(b"BATCH -" + reference)

    def serve(connection):
        if context:
            try:
                connection = context.wrap_socket(connection, server_side=True)
            except (ssl.SSLError, OSError):
                return  # a client that refused the certificate
        nick = b"*"
        pending = b""
        negotiating = False
        user_given = False
        mechanism = None

        def welcome():
            send(b":scripted.test 001 " + nick + b" :Welcome to the scripted server")
            send(b":scripted.test 005 " + nick + b" CASEMAPPING=ascii CHANTYPES=# CHATHISTORY=100 :are supported")

        def send(line):
            connection.sendall(line + b"\r\n")

        while True:
            try:
                data = connection.recv(65536)
            except (ssl.SSLError, OSError):
                break
            if not data:
                break
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                line = line.rstrip(b"\r")
                log.write(line + b"\n")
                body = line.split(b" ", 1)[1] if line.startswith(b"@") else line
                words = body.split(b" ")
                command = words[0].upper()
                if command == b"CAP" and words[1] == b"LS":
                    negotiating = True
                    send(b":scripted.test CAP * LS :batch server-time draft/multiline=max-bytes=4096,max-lines=24 sasl=PLAIN,EXTERNAL draft/chathistory")
                elif command == b"CAP" and words[1] == b"END":
                    negotiating = False
                    if user_given:
                        welcome()
                elif command == b"AUTHENTICATE" and words[1] in (b"PLAIN", b"EXTERNAL"):
                    mechanism = words[1]
                    send(b"AUTHENTICATE +")
                elif command == b"AUTHENTICATE" and mechanism == b"EXTERNAL":
                    certificate = connection.getpeercert() if context else None
                    subject = dict(item[0] for item in certificate["subject"]) if certificate else {}
                    if words[1] == b"+" and "commonName" in subject:
                        account = subject["commonName"].encode()
                        send(b":scripted.test 900 " + nick + b" " + nick + b"!u@h " + account + b" :You are now logged in as " + account)
                        send(b":scripted.test 903 " + nick + b" :SASL authentication successful")
                    else:
                        send(b":scripted.test 904 " + nick + b" :SASL authentication failed (no client certificate)")
                elif command == b"AUTHENTICATE":
                    parts = base64.b64decode(words[1]).split(b"\0")
                    if len(parts) == 3 and parts[2] == b"open sesame":
                        send(b":scripted.test 900 " + nick + b" " + nick + b"!u@h " + parts[1] + b" :You are now logged in as " + parts[1].decode().encode())
                        send(b":scripted.test 903 " + nick + b" :SASL authentication successful")
                    else:
                        send(b":scripted.test 904 " + nick + b" :SASL authentication failed")
                elif command == b"CAP" and words[1] == b"REQ":
                    send(b":scripted.test CAP * ACK " + b" ".join(words[2:]))
                elif command == b"NICK":
                    nick = words[1]
                elif command == b"USER":
                    user_given = True
                    if not negotiating:
                        welcome()
                elif command == b"PING":
                    send(b":scripted.test PONG scripted.test " + words[-1])
                elif command == b"CHATHISTORY":
                    # AFTER answers from the message named on, that one included (a
                    # client must drop what it has); LATEST with the last ones.
                    channel = words[2]
                    with lock:
                        entries = list(history.get(channel, []))
                    limit = int(words[4]) if len(words) > 4 else 100
                    ids = [entry[0] for entry in entries]
                    if words[1] == b"AFTER" and words[3].startswith(b"msgid="):
                        wanted = words[3][6:]
                        entries = entries[ids.index(wanted):] if wanted in ids else entries
                    elif words[1] == b"BEFORE" and words[3].startswith(b"msgid="):
                        # What came before the message named, that one left out.
                        wanted = words[3][6:]
                        entries = entries[:ids.index(wanted)] if wanted in ids else []
                    elif words[1] == b"BEFORE":
                        entries = [entry for entry in entries if entry[1] < words[3][10:]]
                    history_batch(send, b"h" + str(len(entries)).encode(), channel, entries[-limit:])
                elif command == b"PRIVMSG" and words[1].startswith(b"#"):
                    text = body.split(b" :", 1)[1] if b" :" in body else words[-1]
                    with lock:
                        channel_history = history.setdefault(words[1], [])
                        channel_history.append((b"c%d" % len(channel_history), b"2026-12-02T09:00:00.000Z",
                                                nick + b"!u@h", text))
                elif command == b"JOIN":
                    for channel in words[1].split(b","):
                        with lock:
                            channel_history = history.setdefault(channel, [])
                            if not channel_history:
                                # #long keeps more than one answer holds: Page Up asks for the rest.
                                for n in range(1, 251 if channel == b"#long" else 4):
                                    channel_history.append((b"h%d" % n, b"2026-12-01T10:%02d:%02d.000Z" % (n // 60, n % 60),
                                                            b"dana!d@h", b"old message %d" % n))
                            else:
                                sessions["joins"] += 1
                                channel_history.append((b"a%d" % sessions["joins"], b"2026-12-01T11:00:00.000Z",
                                                        b"dana!d@h", b"while you were away %d" % sessions["joins"]))
                        send(b":" + nick + b"!u@h JOIN " + channel)
                        send(b"@time=2026-12-03T10:00:00.000Z;msgid=in1 :dana!d@h BATCH +in1 draft/multiline " + channel)
                        send(b"@batch=in1 :dana!d@h PRIVMSG " + channel + b" :first line")
                        send(b"@batch=in1 :dana!d@h PRIVMSG " + channel + b" :second, and ")
                        send(b"@batch=in1;draft/multiline-concat :dana!d@h PRIVMSG " + channel + b" :its rest")
                        send(b":scripted.test BATCH -in1")
                        # What a hostile or broken server sends: a line that is
                        # not IRC, and one far longer than any line may be.
                        send(b":dana!d@h \x01\x02 " + channel + b" :not a command")
                        send(b":dana!d@h PRIVMSG " + channel + b" :" + b"x" * 20000)
                elif command == b"QUIT":
                    break
        connection.close()


    while True:
        connection, _ = listener.accept()
        # Each client on a thread of its own: several chat-tuis may be connected at once.
        threading.Thread(target=serve, args=(connection,), daemon=True).start()

if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "certs":
        certs(arguments[0])
    elif command == "inspircd":
        link = arguments[arguments.index("--link") + 1] if "--link" in arguments else None
        inspircd(arguments[0], arguments[1], link, "--expired" in arguments, "--fakelag" in arguments,
                 "--soak" in arguments)
    elif command == "restart":
        restart(arguments[0])
    elif command == "ngircd":
        ngircd(*arguments)
    elif command == "scripted":
        scripted(*arguments)
    elif command == "znc":
        znc(*arguments)
    elif command == "bot":
        bot(*arguments)
    else:
        sys.exit(__doc__)
