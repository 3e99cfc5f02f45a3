import Foundation
import Testing

/// The IRC servers and users the network tests talk to, all on 127.0.0.1 and
/// on ports chosen free, made and stopped by the tests themselves
/// (`irc-lab.py` beside this file does the work, with Python's standard library).
enum IRCLab {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("irc-lab.py").path
    static let python = "/usr/bin/python3"

    /// A CA and a certificate for localhost signed by it, made once per run.
    static let certificates: String = {
        let folder = try! makeTemporaryFolder()
        let made = try! runCommand(python, [script, "certs", folder], timeout: 60)
        precondition(made.status == 0, "cannot make the test certificates: \(made.standardError)")
        return folder
    }()

    /// The test CA's certificate, for `--tls-ca`.
    static var caFile: String { certificates + "/ca.pem" }

    /// Waits until the expired certificate's one moment of validity is
    /// surely over (it ends when it is made).
    static func waitUntilExpired() throws {
        let made = try FileManager.default.attributesOfItem(atPath: certificates + "/expired.pem")[.modificationDate] as! Date
        try waitFor("the certificate's time to be over") { Date() > made.addingTimeInterval(2) }
    }
}

/// A server started for a test, stopped when the test lets go of it.
final class TestServer {
    let folder: String
    let plainPort: Int
    let tlsPort: Int?
    let linkPort: Int?
    private var pid: pid_t

    /// Starts `kind` (`inspircd`, `ngircd`, `scripted`, `znc`) in a folder of its own;
    /// an InspIRCd given `linkedTo` links to that server (the two are linked
    /// when it returns: a first attempt that stalls is retried after the
    /// link's timeout), and an ngircd given
    /// a `password` lets in only those who give it; an InspIRCd with
    /// `expired` shows a certificate whose time is over, and one with
    /// `fakelag` keeps InspIRCd's flood limits (one line a second, excess
    /// delayed, then the client dropped). The scripted server talks TLS with `tls`.
    /// ZNC stands in front of the InspIRCd `bouncing` (TLS only: its
    /// `plainPort` is 0), for user `alice`, password `alice/test:secret`.
    init(
        _ kind: String, linkedTo other: TestServer? = nil, password: String? = nil, expired: Bool = false,
        fakelag: Bool = false, tls: Bool = false, bouncing: TestServer? = nil
    ) throws {
        folder = try makeTemporaryFolder()
        var arguments = [IRCLab.script, kind, folder]
        if let bouncing { arguments += [bouncing.folder, IRCLab.certificates] }
        if kind == "inspircd" || kind == "scripted" && tls { arguments.append(IRCLab.certificates) }
        if expired { arguments.append("--expired") }
        if fakelag { arguments.append("--fakelag") }
        if let password { arguments.append(password) }
        if let other { arguments += ["--link", other.folder] }
        let ports: [String: Int]
        if kind == "scripted" {
            // The scripted server is the script itself: it prints its port and serves on.
            let output = folder + "/ports.json"
            pid = try spawnProgram(IRCLab.python, arguments, standardOutput: output, standardError: folder + "/errors")
            var read: [String: Int]?
            try waitFor("the scripted server to listen") {
                read = (try? Data(contentsOf: URL(fileURLWithPath: output))).flatMap {
                    try? JSONDecoder().decode([String: Int].self, from: $0)
                }
                return read != nil
            }
            ports = read!
        } else {
            let started = try runCommand(IRCLab.python, arguments, timeout: other == nil ? 40 : 100)
            try #require(started.status == 0, "\(kind) did not start: \(started.standardError)")
            ports = try JSONDecoder().decode([String: Int].self, from: Data(started.standardOutput.utf8))
            pid = pid_t(ports["pid"]!)
        }
        plainPort = ports["plain"] ?? 0
        tlsPort = ports["tls"]
        linkPort = ports["link"]
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, WNOHANG)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Sends the server `signal`: SIGKILL to kill it, SIGSTOP to freeze it
    /// with its sockets open (a dead link), SIGCONT to let it go on.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Starts a killed InspIRCd again on the same ports.
    func restart() throws {
        let started = try runCommand(IRCLab.python, [IRCLab.script, "restart", folder], timeout: 40)
        try #require(started.status == 0, "the server did not start again: \(started.standardError)")
        let ports = try JSONDecoder().decode([String: Int].self, from: Data(started.standardOutput.utf8))
        pid = pid_t(ports["pid"]!)
    }

    /// What the scripted server received, a line each.
    func received() -> [String] {
        ((try? String(contentsOfFile: folder + "/received.log", encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }
}

/// Another user: a small bot on a server's plain port that joins channels,
/// keeps every line it receives, and sends what the test tells it to.
final class TestBot {
    let nick: String
    private let folder: String
    private let pid: pid_t

    init(nick: String, on server: TestServer, channels: [String]) throws {
        self.nick = nick
        folder = try makeTemporaryFolder()
        pid = try spawnProgram(
            IRCLab.python,
            [
                IRCLab.script, "bot", "\(server.plainPort)", nick,
                channels.joined(separator: ","), folder + "/log", folder + "/commands",
            ],
            standardOutput: folder + "/out", standardError: folder + "/errors")
        try waitFor("\(nick) to join \(channels)") {
            ((try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? "").contains("ready")
        }
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Sends one raw line (without CR LF) to the server.
    func send(_ line: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/commands"))
        handle.seekToEndOfFile()
        handle.write(Data((line + "\n").utf8))
        try handle.close()
    }

    /// Every line received so far.
    func received() -> [String] {
        ((try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The texts of the `PRIVMSG`s to `target` received so far, in order.
    func messages(to target: String) -> [String] {
        received().compactMap { line in
            guard let range = line.range(of: " PRIVMSG \(target) :") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    /// Waits until `condition` holds of what was received, for at most `timeout` seconds.
    func waitUntil(
        _ what: Comment, timeout: TimeInterval = 20, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: @escaping ([String]) -> Bool
    ) throws {
        try waitFor(what, timeout: timeout, sourceLocation: sourceLocation) { condition(self.received()) }
    }
}

/// Waits, looking every 20 ms, until `condition` holds, failing after `timeout` seconds.
func waitFor(
    _ what: Comment, timeout: TimeInterval = 20, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else {
            Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
            throw TimedOut()
        }
        usleep(20_000)
    }
}

struct TimedOut: Error {}
