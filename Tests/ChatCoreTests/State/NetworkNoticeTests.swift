import Testing

@testable import ChatCore

/// What chat-tui says about a network, each in one wording.
@Suite struct NetworkNoticeTests {
    /// How to trust a server is said where the network was given: the
    /// command line's options, or the network's file.
    @Test func howToTrustAServerNamesWhereTheNetworkWasGiven() {
        let byOptions = NetworkNotice.untrusted(
            network: "libera", problem: "the server is not trusted: it expired",
            fingerprint: "SHA256:AB", file: nil, retryInSeconds: 2
        ).text
        #expect(
            byOptions == "could not connect to libera: the server is not trusted: it expired. To trust this server, "
                + "give its CA with --tls-ca FILE, or pin the certificate it showed with --tls-fingerprint SHA256:AB; "
                + "trying again in 2 s (/reconnect tries at once)")
        let byFile = NetworkNotice.untrusted(
            network: "libera", problem: "the server is not trusted: it expired",
            fingerprint: "SHA256:AB", file: "/home/a/.config/chat-tui/networks/libera.conf",
            retryInSeconds: 2
        ).text
        #expect(
            byFile.contains(
                "write tls-ca = FILE (its CA) or tls-fingerprint = SHA256:AB in /home/a/.config/chat-tui/networks/libera.conf"))
        #expect(!byFile.contains("--tls"))
    }

    /// A connection that never got as far as registering is not "disconnected".
    @Test func aLinkThatNeverCameUpIsNotSaidToBeDisconnected() {
        #expect(
            NetworkNotice.lost(network: "n", wasUp: false, problem: "refused", retryInSeconds: 4).text
                == "could not connect to n: refused; trying again in 4 s (/reconnect tries at once)")
        #expect(
            NetworkNotice.lost(network: "n", wasUp: true, problem: "the server closed the connection", retryInSeconds: 4).text
                .hasPrefix("disconnected from n: the server closed the connection"))
    }
}
