import Testing

@testable import IRC

/// Lines as servers send them, and lines as chat-tui sends them.
@Suite struct IRCMessageTests {
    @Test func aLineWithTagsASourceAndATrailingParameter() throws {
        let message = try IRCMessage(
            parsing:
                #"@time=2026-12-04T10:00:00.000Z;msgid=a\sb\:c;+draft/reply :alice!~a@host PRIVMSG #chat :hello there, 日本語"#)
        #expect(message.tag("time") == "2026-12-04T10:00:00.000Z")
        #expect(message.tag("msgid") == "a b;c", "escapes undone")
        #expect(message.tag("+draft/reply") == "", "a tag without a value")
        #expect(message.tag("label") == nil)
        #expect(message.source == "alice!~a@host")
        #expect(message.sourceNick == "alice")
        #expect(message.command == "PRIVMSG")
        #expect(message.parameters == ["#chat", "hello there, 日本語"])
    }

    @Test func parametersWithoutATrailingOneAndExtraSpaces() throws {
        #expect(try IRCMessage(parsing: "PING irc.example").parameters == ["irc.example"])
        let mode = try IRCMessage(parsing: ":server 324  me   #chat +nt  ")
        #expect(mode.command == "324")
        #expect(mode.parameters == ["me", "#chat", "+nt"])
        #expect(try IRCMessage(parsing: "privmsg #a :").parameters == ["#a", ""], "an empty trailing parameter")
        #expect(try IRCMessage(parsing: "privmsg #a ::-)").parameters == ["#a", ":-)"])
        #expect(try IRCMessage(parsing: "privmsg #a :x").command == "PRIVMSG", "commands are upper-cased")
    }

    @Test func theFifteenthParameterTakesTheRestOfTheLine() throws {
        let words = (1...20).map(String.init).joined(separator: " ")
        let message = try IRCMessage(parsing: "CMD " + words)
        #expect(message.parameters.count == 15)
        #expect(message.parameters.last == "15 16 17 18 19 20")
    }

    @Test func tagValueEscapesAsTheSpecificationGivesThem() {
        #expect(IRCMessage.unescapedTagValue(#"a\:b\sc\\d\re\nf"#) == "a;b c\\d\re\nf")
        #expect(IRCMessage.unescapedTagValue(#"\b\"#) == "b", "an unknown escape is the character; a lone \\ is dropped")
        #expect(IRCMessage.escapedTagValue("a;b c\\d\re\nf") == #"a\:b\sc\\d\re\nf"#)
        #expect(IRCMessage.escapedTagValue("\r\n") == #"\r\n"#)
    }

    @Test func brokenAndHostileLinesAreRefusedWithAReason() {
        #expect(throws: IRCLineProblem.noCommand) { try IRCMessage(parsing: "   ") }
        #expect(throws: IRCLineProblem.noCommand) { try IRCMessage(parsing: "@a=b :source") }
        #expect(throws: IRCLineProblem.badCommand("PRIV\u{1B}MSG")) { try IRCMessage(parsing: "PRIV\u{1B}MSG #a :x") }
        #expect(throws: IRCLineProblem.badCommand("12")) { try IRCMessage(parsing: "12 me :x") }
        #expect(throws: IRCLineProblem.lineBreakInside) { try IRCMessage(parsing: "PRIVMSG #a :one\r\nQUIT") }
        #expect(throws: IRCLineProblem.badTagKey("a!b")) { try IRCMessage(parsing: "@a!b=1 PING x") }
        let long = "PRIVMSG #a :" + String(repeating: "x", count: 9000)
        #expect(throws: IRCLineProblem.tooLong(bytes: long.utf8.count, limit: 8191)) { try IRCMessage(parsing: long) }
    }

    @Test func bytesThatAreNotUTF8AreReadAsLatin1ForThatLine() throws {
        let latin1: [UInt8] = Array("PRIVMSG #a :caf".utf8) + [0xE9, 0x20, 0xFC]
        #expect(try IRCMessage(line: latin1).parameters.last == "café ü")
        let utf8 = Array("PRIVMSG #a :café 日本".utf8)
        #expect(try IRCMessage(line: utf8).parameters.last == "café 日本")
    }

    @Test func encodingWritesTheColonOnlyWhereItIsNeeded() throws {
        #expect(try IRCMessage(command: "JOIN", parameters: ["#chat"]).encoded() == "JOIN #chat")
        #expect(
            try IRCMessage(command: "PRIVMSG", parameters: ["#chat", "hello there"]).encoded()
                == "PRIVMSG #chat :hello there")
        #expect(try IRCMessage(command: "PRIVMSG", parameters: ["#chat", ":)"]).encoded() == "PRIVMSG #chat ::)")
        #expect(try IRCMessage(command: "TOPIC", parameters: ["#chat", ""]).encoded() == "TOPIC #chat :")
        let tagged = IRCMessage(tags: [("label", "a b"), ("+typing", "")], command: "PRIVMSG", parameters: ["#c", "x"])
        #expect(try tagged.encoded() == #"@label=a\sb;+typing PRIVMSG #c x"#)
        #expect(try IRCMessage(parsing: tagged.encoded()) == tagged, "what is sent reads back the same")
    }

    @Test func encodingRefusesWhatTheProtocolCannotCarry() throws {
        #expect(throws: IRCLineProblem.lineBreakInside) {
            try IRCMessage(command: "PRIVMSG", parameters: ["#a", "one\nQUIT :bye"]).encoded()
        }
        #expect(throws: IRCLineProblem.badParameter("two words")) {
            try IRCMessage(command: "KICK", parameters: ["#a", "two words", "why"]).encoded()
        }
        #expect(throws: IRCLineProblem.badParameter("")) { try IRCMessage(command: "MODE", parameters: ["", "+b"]).encoded() }
        let text = String(repeating: "日", count: 167)  // 501 bytes: 514 with `PRIVMSG #a ` and CR LF
        let message = IRCMessage(command: "PRIVMSG", parameters: ["#a", text])
        #expect(throws: IRCLineProblem.tooLong(bytes: 514, limit: 512)) { try message.encoded() }
        #expect(try message.encoded(limit: 1024).hasSuffix(text), "a server's LINELEN allows more")
    }
}
