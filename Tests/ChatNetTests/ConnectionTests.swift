import Glibc
import Testing

@testable import ChatNet

/// Connections driven as the run loop drives them: wait on the descriptor,
/// then advance; nothing blocks.
@Suite struct ConnectionTests {
    /// Advances `connection` as the loop would until `done` holds of all that
    /// happened, or ten seconds pass.
    func drive(_ connection: Connection, until done: ([Connection.Happening]) -> Bool) -> [Connection.Happening] {
        var happenings: [Connection.Happening] = []
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while !done(happenings) {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            if now.tv_sec - start.tv_sec > 10 { break }
            if let descriptor = connection.descriptor {
                var ready = pollfd(
                    fd: descriptor, events: Int16(POLLIN) | (connection.wantsWrite ? Int16(POLLOUT) : 0),
                    revents: 0)
                _ = poll(&ready, 1, 100)
            }
            happenings += connection.advance()
        }
        return happenings
    }

    /// A listening socket on 127.0.0.1 and its port.
    func listener() -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        listen(descriptor, 1)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    @Test func bytesGoBothWaysWithoutBlockingTheLoop() {
        let server = listener()
        defer { close(server.descriptor) }
        let connection = Connection(host: "127.0.0.1", port: server.port, trust: nil)
        connection.send(Array("NICK alice\r\n".utf8))  // queued until it opens
        let opened = drive(connection) { $0.contains(.opened(address: "127.0.0.1:\(server.port)")) }
        #expect(opened.contains(.opened(address: "127.0.0.1:\(server.port)")))
        // Closed once, below, to end the connection: a second close could
        // close a descriptor another test running alongside has opened since.
        let peer = accept(server.descriptor, nil, nil)
        _ = drive(connection) { _ in !connection.hasUnwrittenOutput }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(peer, &buffer, buffer.count)
        #expect(Array(buffer[..<max(0, count)]) == Array("NICK alice\r\n".utf8))
        _ = write(peer, "PING :x\r\n", 9)
        let received = drive(connection) { $0.contains(.received(Array("PING :x\r\n".utf8))) }
        #expect(received.contains(.received(Array("PING :x\r\n".utf8))))
        close(peer)
        let closed = drive(connection) { $0.contains(.closed(.closedByServer)) }
        #expect(closed.contains(.closed(.closedByServer)))
        #expect(connection.phase == .closed && connection.descriptor == nil)
    }

    @Test func aPortNoOneListensOnIsSaidInWords() {
        let server = listener()
        close(server.descriptor)
        let connection = Connection(host: "127.0.0.1", port: server.port, trust: nil)
        let happened = drive(connection) { !$0.isEmpty }
        #expect(happened == [.closed(.refused(address: "127.0.0.1:\(server.port)", reason: "Connection refused"))])
        #expect(
            ConnectionProblem.refused(address: "a:1", reason: "Connection refused").description
                == "cannot connect to a:1: Connection refused")
    }

    @Test func aNameWithNoAddressIsSaidInWords() {
        let connection = Connection(host: "no-such-host.invalid", port: 6697, trust: TLSTrust())
        let happened = drive(connection) { !$0.isEmpty }
        guard case .closed(.lookupFailed(let reason))? = happened.first else {
            Issue.record("not a failed look-up: \(happened)")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func aConnectionGivenUpOnSaysHowLongItWaited() {
        let server = listener()
        defer { close(server.descriptor) }
        let connection = Connection(host: "127.0.0.1", port: server.port, trust: nil)
        connection.abandon(.timedOut(seconds: 30))
        #expect(connection.advance() == [.closed(.timedOut(seconds: 30))])
        #expect(ConnectionProblem.timedOut(seconds: 30).description == "no connection after 30 seconds")
        #expect(
            ConnectionProblem.refused(address: "a:1", reason: "Connection refused").brief == "refused",
            "the room bar has room for a word or two")
        #expect(ConnectionProblem.lost("error:0A000126:SSL routines::unexpected eof while reading").brief == "connection lost")
    }

    @Test func fingerprintsAreReadAsOpenSSLPrintsThemAndShownOneWay() {
        let bytes = (0..<32).map { UInt8($0 * 7 % 256) }
        let shown = Fingerprint(bytes: bytes).description
        #expect(shown.hasPrefix("SHA256:00:07:0E:15"))
        #expect(Fingerprint(shown) == Fingerprint(bytes: bytes))
        #expect(Fingerprint("sha256=" + shown.dropFirst(7).lowercased()) == Fingerprint(bytes: bytes))
        #expect(Fingerprint(String(shown.dropFirst(7).filter { $0 != ":" })) == Fingerprint(bytes: bytes), "bare hexadecimal")
        #expect(Fingerprint("SHA256:00:11") == nil)
        #expect(Fingerprint("SHA256:" + String(repeating: "zz", count: 32)) == nil)
    }

    @Test func aCertificateProblemSaysWhatFailedAndHowToTrustTheServer() {
        let problem = CertificateProblem(reason: .nameMismatch(given: "127.0.0.1", names: "localhost"), fingerprint: "SHA256:AB")
        #expect(problem.description == "the server is not trusted: its certificate is for localhost, not 127.0.0.1")
        #expect(CertificateProblem(reason: .expired, fingerprint: "x").description.contains("has expired"))
    }
}
