import Testing

@testable import ChatModel

@Suite struct TranscriptReaderTests {
    let now = Timestamp(secondsSinceEpoch: 1_796_300_000)
    let today = CivilTime(year: 2026, month: 12, day: 3)

    func reader(fileDate: CivilTime? = nil, clock: ClockFace = .utc) -> TranscriptReader {
        TranscriptReader(source: "replay", clock: clock, today: today, fileDate: fileDate)
    }

    func time(_ text: String) -> Timestamp { Timestamp(rfc3339: text[...])! }

    func read(_ lines: [String], fileDate: CivilTime? = nil, clock: ClockFace = .utc) -> (messages: [Message], broken: Int) {
        var reader = reader(fileDate: fileDate, clock: clock)
        let messages = lines.compactMap { reader.read($0[...], now: now) }
        return (messages, reader.brokenLines)
    }

    func one(_ line: String, fileDate: CivilTime? = nil, clock: ClockFace = .utc) throws -> Message {
        let result = read([line], fileDate: fileDate, clock: clock)
        #expect(result.broken == 0, "\(line) is not broken")
        return try #require(result.messages.first)
    }

    /// Found by the transcript fuzzer: a five-digit year in irssi's header was
    /// taken as the date, and the room file (RFC 3339, four-digit years) could not
    /// store the time it gave, so the message lost its time when saved.
    @Test(arguments: [
        "--- Log opened Wed Dec 02 18:11:12 20260", "--- Day changed Tue Feb 30 2026",
        "--- Day changed Thu Dec 03 0",
    ])
    func anImpossibleIrssiDateIsNotTakenAsTheDate(header: String) throws {
        let messages = read([header, "18:12 < erin> hi"]).messages
        let hi = try #require(messages.last)
        #expect(hi.text == "hi")
        #expect(hi.time == time("2026-12-03T18:12:00Z"), "today's date, not the header's")
        let stored = try #require(Transcript.decode(Transcript.encode(hi)[...]))
        #expect(stored.time == hi.time)
    }

    @Test func jsonLines() throws {
        let message = try one(#"{"ts":"2026-12-02T18:11:24Z","from":"bob","text":"hello\nworld","kind":"notice"}"#)
        #expect(message == Message(sender: "bob", text: "hello\nworld", time: time("2026-12-02T18:11:24Z"), kind: .notice))
    }

    @Test func weechatLocalTimeUpTo47AndUTCFrom48() throws {
        let tokyo = ClockFace.fixed(offsetSeconds: 9 * 3600)
        let local = try one("2026-12-02 18:11:24\tbob\thello world", clock: tokyo)
        #expect(local.sender == "bob")
        #expect(local.text == "hello world")
        #expect(local.time == time("2026-12-02T09:11:24Z"))
        let utc = try one("2025-12-01 13:45:07.123456Z\t@alice\ttext", clock: tokyo)
        #expect(utc.sender == "alice")
        #expect(utc.time == time("2025-12-01T13:45:07Z"))
    }

    @Test func weechatPrefixes() throws {
        let join = try one("2026-12-02 18:11:24\t-->\tbob (~bob@host) has joined #test")
        #expect((join.kind, join.sender, join.text) == (.join, "bob", "(~bob@host) has joined #test"))
        let part = try one("2026-12-02 18:11:24\t<--\tbob (~bob@host) has quit (bye)")
        #expect((part.kind, part.sender) == (.part, "bob"))
        let action = try one("2026-12-02 18:11:24\t *\tbob waves")
        #expect((action.kind, action.sender, action.text) == (.action, "bob", "waves"))
        let network = try one("2026-12-02 18:11:24\t--\tMode #test [+nt]")
        #expect((network.kind, network.text) == (.system, "Mode #test [+nt]"))
    }

    @Test func irssiTakesItsDateFromLogOpenedAndDayChanged() throws {
        let result = read([
            "--- Log opened Wed Dec 02 18:11:12 2026",
            "18:11 < bob> hello world",
            "18:11 <@alice> text",
            "18:12  * bob waves",
            "--- Day changed Thu Dec 03 2026",
            "00:01 -!- bob [~bob@host] has joined #test",
            "00:02 -!- bob [~bob@host] has quit [Quit: bye]",
            "00:03 -!- Topic set to nothing",
            "--- Log closed Thu Dec 03 00:04:00 2026",
        ])
        #expect(result.broken == 0)
        let summary = result.messages.map { "\($0.kind) \($0.sender) \($0.text)" }
        #expect(
            summary == [
                "message bob hello world", "message alice text", "action bob waves",
                "join bob [~bob@host] has joined #test", "part bob [~bob@host] has quit [Quit: bye]",
                "system  Topic set to nothing",
            ])
        #expect(result.messages[0].time == time("2026-12-02T18:11:00Z"))
        #expect(result.messages[3].time == time("2026-12-03T00:01:00Z"))
    }

    @Test func catgirlCarriesItsOwnOffset() throws {
        let message = try one("[2026-12-02T18:11:54+0900] <bob> hello world")
        #expect(message.time == time("2026-12-02T09:11:54Z"))
        #expect(try one("[2026-12-02T18:11:54+0000] * bob waves").kind == .action)
        let notice = try one("[2026-12-02T18:11:54+0000] -bob- a notice")
        #expect((notice.kind, notice.sender, notice.text) == (.notice, "bob", "a notice"))
    }

    @Test func zncTakesItsDateFromTheFileNameElseToday() throws {
        let named = try one("[18:11:24] <bob> hello world", fileDate: CivilTime(year: 2026, month: 11, day: 30))
        #expect(named.time == time("2026-11-30T18:11:24Z"))
        let unnamed = try one("[18:11:24] <bob> hello world")
        #expect(unnamed.time == time("2026-12-03T18:11:24Z"))
        let join = try one("[18:11:24] *** Joins: bob (~bob@host)")
        #expect((join.kind, join.sender, join.text) == (.join, "bob", "(~bob@host)"))
        #expect(try one("[18:11:25] * bob waves").kind == .action)
    }

    @Test func ircFormattingBecomesFormatsNotBytes() throws {
        let message = try one("[18:11:24] <bob> \u{03}04,01red\u{0F} \u{02}bold\u{02} plain \u{1F}under")
        #expect(message.text == "red bold plain under")
        #expect(
            message.formatting == [
                FormatRun(range: 0..<3, format: TextFormat(foreground: 4, background: 1)),
                FormatRun(range: 4..<8, format: TextFormat(bold: true)),
                FormatRun(range: 15..<20, format: TextFormat(underline: true)),
            ])
        #expect(!message.text.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func plainTextIsFromTheSourceAtArrival() throws {
        let message = try one("just a line")
        #expect(message == Message(sender: "replay", text: "just a line", time: now))
        let blank = try one("   ")
        #expect(blank.text == "   ", "whitespace-only lines are shown, not dropped")
    }

    @Test func crlfAndAByteOrderMarkAreAccepted() {
        let result = read(["\u{FEFF}{\"from\":\"a\",\"text\":\"x\"}\r", "18:11 < bob> hi\r"])
        #expect(result.messages.map(\.text) == ["x", "hi"])
        #expect(result.broken == 0)
    }

    @Test func brokenLinesAreShownAsTextAndCounted() {
        let lines = [#"{"from":"bob","text":"unterminated"#, "2026-12-02 18:11:24 no tabs here", #"{"a":1}"#]
        let result = read(lines)
        #expect(result.messages.map(\.text) == lines)
        #expect(result.messages.allSatisfy { $0.sender == "replay" })
        #expect(result.broken == 3)
        #expect(
            result.messages.allSatisfy { $0.time == nil },
            "a broken line has no time of its own; it is not stamped with the time it was read")
    }

    @Test func emptyLinesAndLogBookkeepingHoldNoMessage() {
        #expect(read(["", "--- Log closed Thu Dec 03 00:04:00 2026"]).messages.isEmpty)
    }

    @Test func linesThatMerelyStartWithDigitsAreText() throws {
        #expect(try one("2026 was a good year").text == "2026 was a good year")
        #expect(try one("[not a time] hi").text == "[not a time] hi")
    }
}

@Suite struct ReplayPacerTests {
    func message(_ seconds: Int64?) -> Message {
        Message(sender: "bob", text: "\(seconds ?? -1)", time: seconds.map(Timestamp.init(secondsSinceEpoch:)))
    }

    @Test func gapsAreDividedByTheSpeedAndCapped() {
        var pacer = ReplayPacer<Message>(speed: 4)
        for seconds: Int64? in [0, 10, nil, 12, 1000] { pacer.add(message(seconds), at: message(seconds).time) }
        #expect(pacer.release(now: 100).map(\.text) == ["0"])
        #expect(pacer.nextDue() == 102.5)
        #expect(pacer.release(now: 102.4).isEmpty)
        #expect(pacer.release(now: 102.5).map(\.text) == ["10", "-1"], "an untimed message follows at once")
        #expect(pacer.nextDue() == 103)
        #expect(pacer.release(now: 103).map(\.text) == ["12"])
        #expect(pacer.nextDue() == 103 + pacer.maxGap, "988 s / 4 is capped")
        #expect(pacer.release(now: 200).map(\.text) == ["1000"])
        #expect(!pacer.hasWaiting)
    }
}

@Suite struct RoomNameTests {
    @Test(arguments: ["local", "日本語の部屋", "#chan", "a b", "x.y"])
    func usableNamesAreAccepted(name: String) throws {
        #expect(try RoomName(name).value == name)
    }

    @Test(arguments: [
        ("", RoomName.Problem.empty), ("..", .pathLike("..")), ("a/b", .pathLike("a/b")), (".hidden", .pathLike(".hidden")),
        ("bell\u{7}", .unprintable("bell\u{7}")), ("new\nline", .unprintable("new\nline")),
        ("rtl\u{202E}", .unprintable("rtl\u{202E}")),
    ])
    func unsafeNamesAreRefused(name: String, problem: RoomName.Problem) {
        #expect(throws: problem) { try RoomName(name) }
    }

    @Test func anyChannelNameBecomesASafeFileNameOfItsOwn() throws {
        let names = ["#chat", "#a/b", "#a%2Fb", "..", ".x", "#bell\u{7}", "#rtl\u{202E}", "#日本語", "nick"]
        let encoded = names.map { RoomName(fileSafe: $0).value }
        #expect(encoded == ["#chat", "#a%2Fb", "#a%252Fb", "%2E.", "%2Ex", "#bell%07", "#rtl%E2%80%AE", "#日本語", "nick"])
        #expect(Set(encoded).count == names.count, "different names, different files")
        for name in encoded { #expect(try RoomName(name).value == name, "each is a name the rooms folder takes") }
        let long = RoomName(fileSafe: String(repeating: "日", count: 100)).value
        #expect(long.utf8.count <= RoomName.maxBytes && long.allSatisfy { $0 == "日" })
    }

    @Test func namesTooLongForAFileAreRefused() {
        #expect(throws: RoomName.Problem.self) { try RoomName(String(repeating: "部", count: 100)) }
    }
}
