import Testing

@testable import IRC

/// Addresses as users write them on the command line.
@Suite struct IRCAddressTests {
    @Test func tlsIsTheDefaultAndEachSchemeHasItsPort() throws {
        #expect(
            try IRCAddress(url: "ircs://irc.example.org/#chat,#other")
                == IRCAddress(host: "irc.example.org", port: 6697, tls: true, channels: ["#chat", "#other"]))
        #expect(
            try IRCAddress(url: "irc://localhost:7000/%23test,dev")
                == IRCAddress(host: "localhost", port: 7000, tls: false, channels: ["#test", "#dev"]))
        #expect(try IRCAddress(url: "ircs://[::1]:6800").host == "::1")
        #expect(try IRCAddress(url: "ircs://[::1]:6800").channels.isEmpty)
        #expect(try IRCAddress(url: "ircs://h/#a").name == "h")
        #expect(try IRCAddress(url: "ircs://h:7000/#a").name == "h:7000")
    }

    @Test func whatIsNotAnAddressSaysHowToWriteOne() {
        #expect(throws: IRCAddress.Problem.notAnIRCAddress("https://x")) { try IRCAddress(url: "https://x") }
        #expect(throws: IRCAddress.Problem.noHost("ircs:///#a")) { try IRCAddress(url: "ircs:///#a") }
        #expect(throws: IRCAddress.Problem.badPort("ircs://h:0/#a")) { try IRCAddress(url: "ircs://h:0/#a") }
        #expect(throws: IRCAddress.Problem.badPort("ircs://h:99999")) { try IRCAddress(url: "ircs://h:99999") }
        #expect(IRCAddress.Problem.badPort("x").description.contains("1 to 65535"))
    }
}
