import Testing

@testable import IRC

/// What a server's ISUPPORT lines change, and how names then compare.
@Suite struct ServerFeaturesTests {
    func isupport(_ tokens: String...) throws -> IRCMessage {
        try IRCMessage(parsing: ":irc.example 005 me " + tokens.joined(separator: " ") + " :are supported by this server")
    }

    @Test func theDefaultsUntilTheServerSaysOtherwise() {
        let features = ServerFeatures()
        #expect(features.caseMapping == .rfc1459)
        #expect(features.isChannel("#chat") && features.isChannel("&local") && !features.isChannel("alice"))
        #expect(features.lineLength == 512)
        #expect(features.prefixes.map(\.symbol) == ["@", "+"])
    }

    @Test func isupportSetsAndResetsWhatChatTuiUses() throws {
        var features = ServerFeatures()
        features.apply(
            isupport: try isupport(
                "CASEMAPPING=ascii", "CHANTYPES=#", "PREFIX=(qaohv)~&@%+", "LINELEN=2048",
                "NETWORK=Example", "EXCEPTS"))
        #expect(features.caseMapping == .ascii)
        #expect(features.channelTypes == ["#"])
        #expect(!features.isChannel("&local"))
        #expect(features.prefixes.map(\.mode) == ["q", "a", "o", "h", "v"])
        #expect(features.prefixes.map(\.symbol) == ["~", "&", "@", "%", "+"])
        #expect(features.lineLength == 2048)
        features.apply(isupport: try isupport("-CASEMAPPING", "-LINELEN", "PREFIX=(ov)@"))
        #expect(features.caseMapping == .rfc1459)
        #expect(features.lineLength == 512)
        #expect(features.prefixes.count == 5, "a PREFIX that does not pair up is not taken")
        features.apply(isupport: try isupport("LINELEN=100", "CASEMAPPING=unknown-mapping"))
        #expect(features.lineLength == 512, "a line is never shorter than the protocol's")
        #expect(features.caseMapping == .rfc1459)
        features.apply(isupport: try isupport("CASEMAPPING=ascii"))
        features.apply(isupport: try isupport("CASEMAPPING=unknown-mapping"))
        #expect(features.caseMapping == .ascii, "a mapping it cannot read leaves the one it had")
    }

    @Test func onlyTheBareSafeRateTokenLiftsThePaceAndItsNegationPutsItBack() throws {
        var features = ServerFeatures()
        features.apply(isupport: try isupport("soju.im/SAFERATE=1"))
        #expect(!features.isRateSafe, "the token carries no value: one with a value is not the promise")
        features.apply(isupport: try isupport("soju.im/SAFERATE"))
        #expect(features.isRateSafe)
        features.apply(isupport: try isupport("-soju.im/SAFERATE"))
        #expect(!features.isRateSafe)
        features.apply(isupport: try isupport("SOJU.IM/SAFERATE"))
        #expect(features.isRateSafe, "ISUPPORT tokens are matched whatever their case")
    }

    @Test func escapedValuesAreReadAsMeant() throws {
        #expect(ServerFeatures.unescaped(#"Example\x20Net\x3Dwork"#) == "Example Net=work")
        #expect(ServerFeatures.unescaped(#"a\xZZb"#) == #"a\xZZb"#, "a broken escape stays as it is")
        var features = ServerFeatures()
        features.apply(isupport: try isupport(#"CHANTYPES=\x23&"#))
        #expect(features.channelTypes == ["#", "&"])
    }

    @Test func namesCompareByTheServersCaseMapping() {
        #expect(CaseMapping.ascii.same("#Chat", "#chat"))
        #expect(!CaseMapping.ascii.same("[a]", "{a}"))
        #expect(CaseMapping.rfc1459.same("[a]\\^", "{A}|~"))
        #expect(CaseMapping.strictRFC1459.same("[a]\\", "{A}|"))
        #expect(!CaseMapping.strictRFC1459.same("^", "~"))
        #expect(CaseMapping.rfc1459.folded("Ünïcode") == "Ünïcode", "only ASCII letters change")
    }
}
