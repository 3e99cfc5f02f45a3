@testable import ChatNet
import Foundation
import Testing

/// A CA file or client certificate that cannot be used is found before any
/// connection, with the reason a person can act on.
@Suite struct TLSTrustTests {
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
        #expect(ConnectionProblem.unreadableCA(missing, reason: "No such file or directory").description
                == "cannot read the CA certificates in \(missing): No such file or directory")
    }
}
