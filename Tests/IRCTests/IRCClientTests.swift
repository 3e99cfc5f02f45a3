import ChatModel
import Testing

@testable import IRC

/// The client fed lines as a server sends them, checked by the lines it
/// answers with and the events it reports.
@Suite struct IRCClientTests {
    static let now = Timestamp(secondsSinceEpoch: 1_000_000)

    /// A client past registration with `capabilities` enabled, in `#chat` as `me`.
    static func registered(capabilities: String = "", joined: Bool = true) -> IRCClient {
        var client = IRCClient(identity: IRCIdentity(nick: "me"), channels: ["#chat"])
        _ = client.start()
        feed(&client, ":irc.test CAP * LS :\(capabilities)")
        if !capabilities.isEmpty {
            let names = capabilities.split(separator: " ").map { $0.prefix { $0 != "=" } }.joined(separator: " ")
            feed(&client, ":irc.test CAP me ACK :\(names)")
        }
        feed(&client, ":irc.test 001 me :Welcome")
        if joined { feed(&client, ":me!~me@host JOIN #chat") }
        return client
    }

    @discardableResult
    static func feed(_ client: inout IRCClient, _ line: String) -> (send: [IRCMessage], events: [IRCEvent]) {
        client.receive(try! IRCMessage(parsing: line), now: now)
    }

    static func wire(_ lines: [IRCMessage]) -> [String] {
        lines.map { try! $0.encoded() }
    }

    @Test func registrationAsksForTheCapabilitiesOfferedAndJoinsOnceWelcomed() {
        var client = IRCClient(identity: IRCIdentity(nick: "me", password: "secret"), channels: ["#a", "#b"])
        #expect(Self.wire(client.start()) == ["CAP LS 302", "PASS secret", "NICK me", "USER me 0 * :chat-tui user"])
        // The offer comes on two lines; only what chat-tui uses is asked for.
        #expect(Self.feed(&client, ":irc.test CAP * LS * :away-notify batch echo-message").send.isEmpty)
        let asked = Self.feed(&client, ":irc.test CAP * LS :server-time draft/multiline=max-bytes=4096,max-lines=24 sts")
        #expect(Self.wire(asked.send) == ["CAP REQ :server-time echo-message batch draft/multiline"])
        #expect(
            Self.wire(Self.feed(&client, ":irc.test CAP me ACK :server-time echo-message batch draft/multiline").send)
                == ["CAP END"])
        #expect(client.echoes)
        #expect(client.multiline == MultilineLimits(capabilityValue: "max-bytes=4096,max-lines=24"))
        let welcome = Self.feed(&client, ":irc.test 001 me :Welcome to the Test network")
        #expect(Self.wire(welcome.send) == ["JOIN #a,#b"])
        #expect(welcome.events.first == .registered(nick: "me"))
        #expect(Self.wire(Self.feed(&client, "PING :irc.test").send) == ["PONG irc.test"])
    }

    @Test func aChannelJoinedBeforeTheWelcomeIsJoinedAfterIt() {
        var client = IRCClient(identity: IRCIdentity(nick: "me"), channels: ["#a"])
        _ = client.start()
        #expect(client.join(["#b"]).isEmpty, "nothing is sent before registration")
        #expect(Self.wire(Self.feed(&client, ":irc.test 001 me :Welcome").send) == ["JOIN #a,#b"])
        #expect(Self.wire(client.join(["#c"])) == ["JOIN #c"])
    }

    @Test func historyIsAskedFromTheLastMessageHeldAndItsLinesConfirmNothing() {
        var client = Self.registered(capabilities: "batch echo-message draft/chathistory")
        #expect(client.offersHistory)
        #expect(Self.wire([client.history(of: "#chat", after: ("m9", nil))]) == ["CHATHISTORY AFTER #chat msgid=m9 100"])
        let time = Timestamp(rfc3339: "2026-12-01T10:00:05Z")
        #expect(
            Self.wire([client.history(of: "#chat", after: (nil, time))])
                == ["CHATHISTORY AFTER #chat timestamp=2026-12-01T10:00:05.000Z 100"])
        #expect(Self.wire([client.history(of: "#chat", after: nil)]) == ["CHATHISTORY LATEST #chat * 100"])
        let sent = client.say("hello", to: "#chat")
        Self.feed(&client, ":irc.test BATCH +h1 chathistory #chat")
        let old = Self.feed(&client, "@batch=h1;msgid=old :me!~me@host PRIVMSG #chat :hello")
        #expect(old.events.count == 1, "an old line of the user's is shown as history, not taken for the echo")
        Self.feed(&client, ":irc.test BATCH -h1")
        let echo = Self.feed(&client, "@msgid=new :me!~me@host PRIVMSG #chat :hello")
        #expect(echo.events == [.confirmed(label: sent.label, serverID: "new", time: Self.now)])
    }

    @Test func olderHistoryComesWholeAndEachAnswerGoesToTheQuestionAskedFirst() {
        var client = Self.registered(capabilities: "batch echo-message server-time draft/chathistory")
        #expect(Self.wire([client.history(of: "#chat", after: ("m9", nil))]) == ["CHATHISTORY AFTER #chat msgid=m9 100"])
        #expect(
            Self.wire([client.history(of: "#Chat", before: ("m1", nil), limit: 2)]) == ["CHATHISTORY BEFORE #Chat msgid=m1 2"])
        #expect(
            Self.wire([client.history(of: "#chat", before: (nil, Timestamp(rfc3339: "2026-12-01T10:00:05Z")))])
                == ["CHATHISTORY BEFORE #chat timestamp=2026-12-01T10:00:05.000Z 100"])
        // The AFTER's answer first: its lines are said again one by one.
        Self.feed(&client, ":irc.test BATCH +a chathistory #chat")
        let after = Self.feed(&client, "@batch=a;msgid=m10 :bob!b@h PRIVMSG #chat :newer")
        Self.feed(&client, ":irc.test BATCH -a")
        guard case .replayed(let newer, _) = after.events.first else {
            Issue.record("AFTER's lines are replayed: \(after.events)")
            return
        }
        #expect(newer.text == "newer")
        // Then the first BEFORE's: gathered, given whole at its end; two asked, two came.
        Self.feed(&client, ":irc.test BATCH +b chathistory #chat")
        #expect(
            Self.feed(&client, "@batch=b;msgid=m0;time=2026-12-01T09:00:00.000Z :bob!b@h PRIVMSG #chat :older").events.isEmpty)
        #expect(
            Self.feed(&client, "@batch=b;msgid=me0 :me!~me@host PRIVMSG #chat :mine, long ago").events.isEmpty,
            "the user's own old line is history, not an echo")
        let ended = Self.feed(&client, ":irc.test BATCH -b")
        guard case .older(let channel, let messages, let reachedStart) = ended.events.first else {
            Issue.record("the batch is given whole: \(ended.events)")
            return
        }
        #expect(channel == "#chat" && messages.map(\.text) == ["older", "mine, long ago"] && !reachedStart)
        #expect(messages[1].isOwn)
        // The second BEFORE is refused: nothing older, and no question is left waiting.
        let refused = Self.feed(&client, ":irc.test FAIL CHATHISTORY MESSAGE_ERROR BEFORE #chat :no history")
        #expect(refused.events == [.older(channel: "#chat", messages: [], reachedStart: true)])
        Self.feed(&client, ":irc.test BATCH +c chathistory #chat")
        let unasked = Self.feed(&client, "@batch=c :bob!b@h PRIVMSG #chat :unasked")
        #expect(unasked.events.count == 1, "a batch nobody asked for is taken line by line")
    }

    @Test func aBouncersPlaybackIsSaidAgainWithItsOriginalTimesAndConfirmsNothing() {
        #expect(!Self.registered(capabilities: "batch echo-message server-time").playsBack)
        var client = Self.registered(capabilities: "batch echo-message server-time znc.in/self-message")
        #expect(client.playsBack, "ZNC says what it is by its capabilities")
        let sent = client.say("mine", to: "#chat")
        Self.feed(&client, "@time=2026-12-01T10:00:00.000Z :znc.in BATCH +p1 znc.in/playback #chat")
        let played = Self.feed(&client, "@batch=p1;time=2026-12-01T09:00:01.500Z :bob!b@h PRIVMSG #chat :one")
        let own = Self.feed(&client, "@batch=p1;time=2026-12-01T09:00:02.000Z :me!~me@host PRIVMSG #chat :mine")
        Self.feed(&client, "@time=2026-12-01T10:00:00.000Z :znc.in BATCH -p1")
        guard case .replayed(let one, .channel("#chat")) = played.events.first,
            case .replayed(let old, .channel("#chat")) = own.events.first
        else {
            Issue.record("playback is said again: \(played.events) \(own.events)")
            return
        }
        #expect(one.sender == "bob" && one.text == "one" && one.time == Timestamp(rfc3339: "2026-12-01T09:00:01Z"))
        #expect(old.isOwn, "the user's own line, played back, is theirs, not the echo of what they just sent")
        let live = Self.feed(&client, ":bob!b@h PRIVMSG #chat :two")
        guard case .message(let two, _) = live.events.first else {
            Issue.record("after the batch, lines are live: \(live.events)")
            return
        }
        #expect(two.text == "two")
        let echo = Self.feed(&client, ":me!~me@host PRIVMSG #chat :mine")
        #expect(echo.events == [.confirmed(label: sent.label, serverID: nil, time: Self.now)])
    }

    @Test func aServerWithoutCapabilitiesEndsNegotiationAtOnce() {
        var client = IRCClient(identity: IRCIdentity(nick: "me"), channels: [])
        _ = client.start()
        #expect(Self.wire(Self.feed(&client, ":irc.test CAP * LS :multi-prefix-not sts").send) == ["CAP END"])
        #expect(!client.echoes)
    }

    @Test func aTakenNickTriesAnotherAndSaysSo() {
        var client = IRCClient(identity: IRCIdentity(nick: "me"), channels: [])
        _ = client.start()
        let answer = Self.feed(&client, ":irc.test 433 * me :Nickname is already in use")
        #expect(Self.wire(answer.send) == ["NICK me_"])
        guard case .message(let notice, .server) = answer.events.first else {
            Issue.record("no notice: \(answer.events)")
            return
        }
        #expect(notice.text == "the nick me is taken; trying me_")
        Self.feed(&client, ":irc.test 001 me_ :Welcome")
        #expect(client.nick == "me_")
    }

    @Test func aNickTakenAtRegistrationIsTakenBackWhenItsHolderLeavesIt() {
        var client = IRCClient(identity: IRCIdentity(nick: "me"), channels: ["#chat"])
        _ = client.start()
        Self.feed(&client, ":irc.test 433 * me :Nickname is already in use")
        Self.feed(&client, ":irc.test 001 me_ :Welcome")
        #expect(Self.wire(Self.feed(&client, ":someone!s@h QUIT :bye").send).isEmpty, "another's quit frees nothing")
        #expect(Self.wire(Self.feed(&client, ":ME!x@h NICK :ghost").send) == ["NICK me"], "a rename frees it")
        #expect(Self.wire(Self.feed(&client, ":me!x@h QUIT :gone").send) == ["NICK me"], "and so does a quit")
        let taken = Self.feed(&client, ":me_!u@h NICK :me")
        #expect(taken.events.contains(.nickChanged("me")))
        #expect(Self.wire(Self.feed(&client, ":me2!x@h QUIT :gone").send).isEmpty, "once it is back, nothing more")
        _ = client.changeNick(to: "alicia")
        Self.feed(&client, ":me!u@h NICK :alicia")
        #expect(Self.wire(Self.feed(&client, ":me_!x@h NICK :me").send).isEmpty, "a nick the user left is not taken back")
    }

    @Test func anEchoConfirmsByLabelOrElseByTextAndIsNeverShownTwice() {
        var client = Self.registered(capabilities: "echo-message labeled-response message-tags batch")
        let first = client.say("hello 日本語", to: "#chat")
        #expect(!first.confirmedAtOnce)
        #expect(Self.wire(first.lines) == ["@label=\(first.label) PRIVMSG #chat :hello 日本語"])
        let second = client.say("again", to: "#chat")
        // The second's echo comes first, and without its label (a server that drops it).
        var echoed = Self.feed(&client, "@msgid=m2 :me!~me@host PRIVMSG #chat :again")
        #expect(
            echoed.events == [.confirmed(label: second.label, serverID: "m2", time: Self.now)],
            "without server-time, the time it was confirmed")
        echoed = Self.feed(
            &client, "@label=\(first.label);msgid=m1;time=2026-12-01T09:59:58.250Z :me!~me@host PRIVMSG #chat :hello 日本語")
        #expect(
            echoed.events == [.confirmed(label: first.label, serverID: "m1", time: Timestamp(rfc3339: "2026-12-01T09:59:58Z"))],
            "the time the server gave it, as the others see it")
        // What the user wrote from elsewhere (another client) shows, as their own.
        let elsewhere = Self.feed(&client, ":me!~me@host PRIVMSG #chat :from my phone")
        guard case .message(let message, .channel("#chat")) = elsewhere.events.first else {
            Issue.record("not shown: \(elsewhere.events)")
            return
        }
        #expect(message.isOwn && message.text == "from my phone")
    }

    @Test func withoutEchoAMessageIsSentWhenWritten() {
        var client = Self.registered()
        let sent = client.say("one\n\n  \ntwo", to: "#chat")
        #expect(sent.confirmedAtOnce)
        #expect(Self.wire(sent.lines) == ["PRIVMSG #chat one", "PRIVMSG #chat two"], "blank lines skipped")
        #expect(Self.wire(client.say("waves", to: "#chat", kind: .action).lines) == ["PRIVMSG #chat :\u{1}ACTION waves\u{1}"])
    }

    @Test func carriageReturnsLineFeedsAndNULsNeverReachTheWire() {
        var client = Self.registered()
        let hostile = "hi\r\nQUIT :owned\0\rPRIVMSG #other :x"
        let lines = Self.wire(client.say(hostile, to: "#chat").lines)
        // A CR is a line break like LF; a NUL is left out.
        #expect(lines == ["PRIVMSG #chat hi", "PRIVMSG #chat :QUIT :owned", "PRIVMSG #chat :PRIVMSG #other :x"])
        for line in lines { #expect(!line.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }) }
        #expect(!Self.wire([client.part("#chat", reason: "bye\r\nQUIT")])[0].contains("\r"))
        #expect(!Self.wire([client.topic(of: "#chat", to: "x\nJOIN #y")])[0].contains("\n"))
    }

    @Test func aLongLineIsCutOnGraphemeBoundariesWithinTheLineLength() {
        var client = Self.registered()
        let family = "👨‍👩‍👧‍👦"
        let text = String(repeating: "日本語" + family + "e\u{301} ", count: 60)
        let lines = client.say(text, to: "#chat").lines
        #expect(lines.count > 1)
        var joined = ""
        for line in lines {
            let wire = try! line.encoded()
            // What the server relays: the source in front, CR LF after.
            #expect(":me!~me@host ".utf8.count + wire.utf8.count + 2 <= 512)
            joined += line.parameters[1]
        }
        #expect(joined == text, "nothing lost, nothing cut inside a cluster")
        for line in lines { #expect(!line.parameters[1].unicodeScalars.first!.properties.isGraphemeExtend) }
    }

    @Test func aMultiLineDraftGoesAsBatchesWithinTheServersLimits() {
        var client = Self.registered(
            capabilities: "batch echo-message labeled-response draft/multiline=max-bytes=4096,max-lines=4")
        let long = String(repeating: "word ", count: 120)  // 600 bytes: two pieces joined with concat
        let sent = client.say("one\ntwo\n\(long)\nfour\nfive", to: "#chat")
        let lines = Self.wire(sent.lines)
        let batchOpenings = lines.filter { $0.contains("BATCH +") }
        #expect(batchOpenings.count >= 2, "more than max-lines: several batches")
        #expect(lines.first!.hasPrefix("@label=\(sent.label) BATCH +"))
        var texts: [String] = []
        var current: [IRCMessage] = []
        for message in sent.lines {
            if message.command == "BATCH", message.parameters[0].hasPrefix("+") {
                #expect(message.parameters[1] == "draft/multiline" && message.parameters[2] == "#chat")
                current = []
            } else if message.command == "BATCH" {
                #expect(current.count <= 4)
                #expect(current.first?.tag("draft/multiline-concat") == nil, "a batch never starts with a continuation")
                let batch = IncomingBatch(
                    opening: IRCMessage(command: "BATCH", parameters: ["+x", "draft/multiline", "#chat"]),
                    target: "#chat", lines: current)
                let text = batch.message!.parameters[1]
                #expect(text.utf8.count <= 4096)
                texts.append(text)
            } else {
                #expect(message.tag("batch") != nil)
                current.append(message)
            }
        }
        let rebuilt = texts.joined(separator: "\n")
        #expect(rebuilt == "one\ntwo\n\(long)\nfour\nfive")
        #expect(lines.contains { $0.contains("draft/multiline-concat") })
    }

    @Test(arguments: [1, 2, 3])
    func aMultilineLimitTooSmallForOneCodePointSendsLineByLine(maxBytes: Int) {
        #expect(MultilineLimits(capabilityValue: "max-bytes=\(maxBytes)") == nil)
        #expect(MultilineLimits(capabilityValue: "max-bytes=4")?.maxBytes == 4)
        var client = Self.registered(capabilities: "batch draft/multiline=max-bytes=\(maxBytes)")
        #expect(client.multiline == nil, "no batch could carry a four-byte character")
        let sent = client.say("one\n𝄞 two", to: "#chat")
        #expect(Self.wire(sent.lines) == ["PRIVMSG #chat one", "PRIVMSG #chat :𝄞 two"])
    }

    @Test func anIncomingMultilineBatchIsOneMessageWithItsLineBreaks() {
        var client = Self.registered(capabilities: "batch draft/multiline=max-bytes=4096 server-time")
        Self.feed(&client, "@time=2026-01-02T03:04:05.000Z;msgid=b1 :bob!b@h BATCH +r1 draft/multiline #chat")
        #expect(Self.feed(&client, "@batch=r1 :bob!b@h PRIVMSG #chat :first line").events.isEmpty)
        Self.feed(&client, "@batch=r1 :bob!b@h PRIVMSG #chat :second, and ")
        Self.feed(&client, "@batch=r1;draft/multiline-concat :bob!b@h PRIVMSG #chat :its rest")
        let ended = Self.feed(&client, ":irc.test BATCH -r1")
        guard case .message(let message, .channel("#chat")) = ended.events.first else {
            Issue.record("no message: \(ended.events)")
            return
        }
        #expect(message.text == "first line\nsecond, and its rest")
        #expect(message.serverID == "b1")
        #expect(message.time == Timestamp(rfc3339: "2026-01-02T03:04:05.000Z"))
    }

    @Test func aQuitOrNickChangeShowsInEveryRoomThatPersonShares() {
        var client = Self.registered()
        Self.feed(&client, ":me!~me@host JOIN #other")
        Self.feed(&client, ":me!~me@host JOIN #third")
        Self.feed(&client, ":irc.test 353 me = #chat :@me +Bob")
        Self.feed(&client, ":bob!b@h JOIN #other")
        let renamed = Self.feed(&client, ":BOB!b@h NICK robert")
        let places = renamed.events.compactMap { event -> IRCTarget? in
            if case .message(_, let target) = event { return target } else { return nil }
        }
        #expect(places == [.channel("#chat"), .channel("#other"), .query("BOB")], "the case mapping matches bob and Bob")
        #expect(renamed.events.last == .renamed(from: "BOB", to: "robert"), "a private room with them follows the new nick")
        let quit = Self.feed(&client, ":robert!b@h QUIT :gone")
        let quitPlaces = quit.events.compactMap { event -> IRCTarget? in
            if case .message(let message, let target) = event, message.text == "has quit (gone)" {
                return target
            } else {
                return nil
            }
        }
        #expect(quitPlaces == [.channel("#chat"), .channel("#other"), .query("robert")])
        #expect(client.channel("#CHAT")?.members.count == 1)
    }

    @Test func namesAskedForAreReportedByRank() {
        var client = Self.registered(capabilities: "multi-prefix")
        Self.feed(&client, ":irc.test 005 me PREFIX=(ov)@+ CASEMAPPING=ascii :are supported")
        #expect(Self.wire([client.names(in: "#chat")]) == ["NAMES #chat"])
        Self.feed(&client, ":irc.test 353 me = #chat :zed @+alice +bob me")
        let done = Self.feed(&client, ":irc.test 366 me #chat :End of /NAMES list.")
        #expect(done.events == [.names(channel: "#chat", nicks: ["@alice", "+bob", "me", "zed"])])
    }

    @Test func actionsNoticesAndLatinOneLinesAreMessagesWhereTheyBelong() throws {
        var client = Self.registered()
        let action = Self.feed(&client, ":bob!b@h PRIVMSG #chat :\u{1}ACTION waves\u{1}")
        #expect(
            action.events == [.message(Message(sender: "bob", text: "waves", time: Self.now, kind: .action), .channel("#chat"))])
        let privately = Self.feed(&client, ":bob!b@h PRIVMSG me :psst")
        #expect(privately.events == [.message(Message(sender: "bob", text: "psst", time: Self.now), .query("bob"))])
        let server = Self.feed(&client, ":irc.test NOTICE me :*** Looking up your hostname")
        guard case .message(let notice, .server) = server.events.first else {
            Issue.record("not in the server's room: \(server.events)")
            return
        }
        #expect(notice.kind == .notice)
        var latin = client
        let line = try IRCMessage(line: Array(":bob!b@h PRIVMSG #chat :caf".utf8) + [0xE9])
        let read = latin.receive(line, now: Self.now)
        #expect(read.events == [.message(Message(sender: "bob", text: "café", time: Self.now), .channel("#chat"))])
        let version = Self.feed(&client, ":bob!b@h PRIVMSG me :\u{1}VERSION\u{1}")
        #expect(Self.wire(version.send) == ["NOTICE bob :\u{1}VERSION chat-tui\u{1}"])
        #expect(
            version.events == [
                .message(
                    Message(
                        sender: "", text: "bob asked which program you use (CTCP VERSION), and was told chat-tui",
                        time: Self.now, kind: .system), .server)
            ], "who asked is said")
        let ping = Self.feed(&client, ":bob!b@h PRIVMSG me :\u{1}PING 123\u{1}")
        #expect(ping.send.isEmpty)
        #expect(
            ping.events == [
                .message(
                    Message(
                        sender: "", text: "bob sent a CTCP PING request, not answered",
                        time: Self.now, kind: .system), .server)
            ])
    }

    /// The replies a person asks for (`/whois`, a channel's topic) read as
    /// sentences, times as how long ago, never as raw numbers.
    @Test func whoisAndTopicRepliesReadAsSentences() {
        var client = Self.registered()
        func said(_ line: String) -> [String] {
            Self.feed(&client, line).events.compactMap { event in
                guard case .message(let message, _) = event else { return nil }
                return message.text
            }
        }
        let now = Self.now.secondsSinceEpoch
        #expect(said(":irc.test 333 me #chat wee2!~w@host \(now - 180)") == ["topic set by wee2 3 min ago"])
        #expect(
            said(":irc.test 317 me wee2 113 \(now - 7_500) :seconds idle, signon time")
                == ["wee2 has been idle 1 min 53 s, and connected 2 h 5 min ago"])
        #expect(said(":irc.test 311 me wee2 ~w host.example * :Wee Two") == ["wee2 is ~w@host.example (Wee Two)"])
        #expect(said(":irc.test 312 me wee2 irc1.test :The test server") == ["wee2 is on irc1.test (The test server)"])
        #expect(said(":irc.test 319 me wee2 :@#chat #other") == ["wee2 is in @#chat #other"])
        #expect(said(":irc.test 330 me wee2 weeacct :is logged in as") == ["wee2 is logged in as weeacct"])
        #expect(said(":irc.test 301 me wee2 :gone fishing") == ["wee2 is away: gone fishing"])
        #expect(said(":irc.test 317 me wee2 90000 :seconds idle") == ["wee2 has been idle 1 day 1 h"])
        // A refused nick says what to do about it.
        #expect(
            said(":irc.test 432 me 1abc :Erroneous Nickname")
                == ["1abc cannot be a nick on this server (Erroneous Nickname): /nick NAME chooses another"])
        #expect(said(":irc.test 433 me bob :Nickname is already in use") == ["the nick bob is taken: /nick NAME chooses another"])
    }

    /// A message the program did not send after all is not awaited: a
    /// refusal without a label is then the one of the message that went.
    @Test func aForgottenEchoIsNotTakenForARefusal() {
        var client = Self.registered(capabilities: "echo-message")
        let dropped = client.say("never sent", to: "#moderated")
        let sent = client.say("sent", to: "#moderated")
        client.forgetEcho(label: dropped.label)
        let refused = Self.feed(&client, ":irc.test 404 me #moderated :Cannot send to channel")
        #expect(refused.events == [.refused(label: sent.label, reason: "#moderated: Cannot send to channel")])
    }

    @Test func aRefusalOfALabelledMessageSaysWhy() {
        var client = Self.registered(capabilities: "echo-message labeled-response")
        let sent = client.say("hi", to: "#moderated")
        let refused = Self.feed(&client, "@label=\(sent.label) :irc.test 404 me #moderated :Cannot send to channel")
        // What the server names comes first, and a colon parts it from its words: `not sent: #moderated: …`.
        #expect(refused.events == [.refused(label: sent.label, reason: "#moderated: Cannot send to channel")])
        let unlabelled = client.say("again", to: "#moderated")
        let second = Self.feed(&client, ":irc.test 404 me #moderated :Cannot send to channel (+m)")
        #expect(second.events == [.refused(label: unlabelled.label, reason: "#moderated: Cannot send to channel (+m)")])
        let toNobody = client.say("hello?", to: "nobody")
        let third = Self.feed(&client, "@label=\(toNobody.label) :irc.test 401 me nobody :No such nick")
        #expect(third.events == [.refused(label: toNobody.label, reason: "nobody: No such nick")])
    }

    @Test func overlongLinesAreDroppedAndCountedWithoutHoldingThem() {
        var buffer = LineBuffer()
        #expect(buffer.lines(adding: Array("PING :a\r\nPING".utf8)) == [Array("PING :a".utf8)])
        #expect(buffer.lines(adding: Array(" :b\n".utf8)) == [Array("PING :b".utf8)])
        #expect(buffer.lines(adding: [UInt8](repeating: 65, count: LineBuffer.limit + 10)).isEmpty)
        #expect(buffer.dropped == 1)
        #expect(buffer.lines(adding: Array("rest of it\nPING :c\n".utf8)) == [Array("PING :c".utf8)])
        #expect(buffer.dropped == 1, "the overlong line's end is skipped, not counted again")
    }
}

/// Logging in with SASL PLAIN: the password goes only that way, and a
/// failure is said in words.
@Suite struct SASLTests {
    static func client(password: String = "sesame") -> IRCClient {
        var client = IRCClient(
            identity: IRCIdentity(nick: "alice", sasl: .plain(account: "alice", password: password)),
            channels: [])
        #expect(
            IRCClientTests.wire(client.start()) == ["CAP LS 302", "NICK alice", "USER alice 0 * :chat-tui user"],
            "no PASS: the password goes by SASL alone")
        return client
    }

    @Test func aLoginWaitsForTheServerThenRegistrationGoesOn() {
        var client = Self.client()
        let asked = IRCClientTests.feed(&client, ":irc.test CAP * LS :server-time sasl=PLAIN,EXTERNAL")
        #expect(IRCClientTests.wire(asked.send) == ["CAP REQ :server-time sasl"])
        #expect(
            IRCClientTests.wire(IRCClientTests.feed(&client, ":irc.test CAP alice ACK :server-time sasl").send)
                == ["AUTHENTICATE PLAIN"], "registration waits")
        #expect(
            IRCClientTests.wire(IRCClientTests.feed(&client, "AUTHENTICATE +").send)
                == ["AUTHENTICATE YWxpY2UAYWxpY2UAc2VzYW1l"])
        IRCClientTests.feed(&client, ":irc.test 900 alice alice!a@h alice :You are now logged in as alice")
        #expect(
            IRCClientTests.wire(IRCClientTests.feed(&client, ":irc.test 903 alice :SASL authentication successful").send)
                == ["CAP END"])
    }

    @Test func aClientCertificateLogsInWithExternalAndAServerWithoutItIsSaid() {
        var client = IRCClient(identity: IRCIdentity(nick: "carol", sasl: .external), channels: [])
        #expect(IRCClientTests.wire(client.start()) == ["CAP LS 302", "NICK carol", "USER carol 0 * :chat-tui user"])
        #expect(
            IRCClientTests.wire(IRCClientTests.feed(&client, ":irc.test CAP * LS :sasl=PLAIN,EXTERNAL").send)
                == ["CAP REQ sasl"])
        #expect(
            IRCClientTests.wire(IRCClientTests.feed(&client, ":irc.test CAP carol ACK :sasl").send)
                == ["AUTHENTICATE EXTERNAL"])
        #expect(
            IRCClientTests.wire(IRCClientTests.feed(&client, "AUTHENTICATE +").send) == ["AUTHENTICATE +"],
            "the certificate is the credential: the response is empty")
        #expect(
            IRCClientTests.wire(IRCClientTests.feed(&client, ":irc.test 903 carol :SASL authentication successful").send)
                == ["CAP END"])

        var other = IRCClient(identity: IRCIdentity(nick: "carol", sasl: .external), channels: [])
        _ = other.start()
        let offered = IRCClientTests.feed(&other, ":irc.test CAP * LS :sasl=PLAIN server-time")
        #expect(IRCClientTests.wire(offered.send) == ["CAP REQ server-time"], "sasl is not asked for")
        #expect(
            offered.events.contains {
                if case .message(let m, .server) = $0 {
                    m.text == "not logged in: the server does not offer SASL EXTERNAL"
                } else {
                    false
                }
            })
    }

    @Test func aRefusedLoginIsSaidAndRegistrationGoesOnWithoutIt() {
        var client = Self.client(password: "wrong")
        IRCClientTests.feed(&client, ":irc.test CAP * LS :sasl")
        IRCClientTests.feed(&client, ":irc.test CAP alice ACK :sasl")
        IRCClientTests.feed(&client, "AUTHENTICATE +")
        let refused = IRCClientTests.feed(&client, ":irc.test 904 alice :SASL authentication failed")
        #expect(IRCClientTests.wire(refused.send) == ["CAP END"])
        guard case .message(let said, .server) = refused.events.first else {
            Issue.record("not said: \(refused.events)")
            return
        }
        #expect(said.text == "not logged in: the server refused the login (SASL authentication failed)")
    }

    @Test func aServerWithoutSASLIsSaidAndTheLoginIsNotTriedAnotherWay() {
        var client = Self.client()
        let answer = IRCClientTests.feed(&client, ":irc.test CAP * LS :server-time")
        #expect(IRCClientTests.wire(answer.send) == ["CAP REQ server-time"])
        #expect(
            answer.events.contains {
                if case .message(let m, .server) = $0 { m.text.contains("does not offer SASL PLAIN") } else { false }
            })
        #expect(IRCClientTests.wire(IRCClientTests.feed(&client, ":irc.test CAP alice ACK :server-time").send) == ["CAP END"])
    }

    @Test func longCredentialsGoInPiecesOfFourHundred() {
        // 300 bytes of credentials: 400 base64 characters exactly, then "+".
        var client = Self.client(password: String(repeating: "p", count: 300 - 12))
        IRCClientTests.feed(&client, ":irc.test CAP * LS :sasl")
        IRCClientTests.feed(&client, ":irc.test CAP alice ACK :sasl")
        let pieces = IRCClientTests.feed(&client, "AUTHENTICATE +").send.map { $0.parameters[0] }
        #expect(pieces.map(\.count) == [400, 1])
        #expect(pieces.last == "+")
        #expect(Base64.encode(Array("any carnal pleas".utf8)) == "YW55IGNhcm5hbCBwbGVhcw==")
    }
}
