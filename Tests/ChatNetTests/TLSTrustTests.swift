import Foundation
import Testing

@testable import ChatNet

/// A CA file or client certificate that cannot be used is found before any
/// connection, with the reason a person can act on.
@Suite struct TLSTrustTests {
    /// OpenSSL's codes are said in words: a server gone away is "the server
    /// closed the connection", not `error:0A000126:SSL routines::…`.
    @Test func openSSLErrorsReadAsSentences() {
        #expect(
            TLSChannel.problem(reason: "error:0A000126:SSL routines::unexpected eof while reading", failing: { .lost($0) })
                == .closedByServer)
        #expect(
            TLSChannel.problem(reason: "error:0A000102:SSL routines::unsupported protocol", failing: { .handshakeFailed($0) })
                == .handshakeFailed("the server offers no TLS version chat-tui takes (1.2 or later)"))
        #expect(
            TLSChannel.problem(reason: "error:0A00010B:SSL routines::wrong version number", failing: { .handshakeFailed($0) })
                == .handshakeFailed("the server did not answer in TLS (is it a plain irc:// port?)"))
        #expect(
            TLSChannel.problem(reason: "error:0A000418:SSL routines::tlsv1 alert unknown ca", failing: { .lost($0) })
                == .lost("tlsv1 alert unknown ca"), "others keep OpenSSL's words, without its codes")
    }

    @Test func aMissingOrEmptyCAFileIsAProblemAndTheSystemStoreIsNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chat-tui-trust-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(TLSTrust().problem(showing: nil) == nil)
        let missing = folder + "/missing.pem"
        #expect(TLSTrust(caFile: missing).problem(showing: nil) == .unreadableCA(missing, reason: "No such file or directory"))
        let bad = folder + "/bad.pem"
        try "not a certificate\n".write(toFile: bad, atomically: false, encoding: .utf8)
        #expect(TLSTrust(caFile: bad).problem(showing: nil) == .unreadableCA(bad, reason: nil))
        #expect(TLSTrust().problem(showing: bad) == .unreadableCertificate(bad, reason: nil))
        #expect(
            ConnectionProblem.unreadableCA(missing, reason: "No such file or directory").description
                == "cannot read the CA certificates in \(missing): No such file or directory")
    }
}
