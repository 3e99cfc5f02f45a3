import Testing

@testable import ChatCore
@testable import ChatModel

/// The default `lines` style: every message's first row carries its time, the
/// names sit right-aligned in one column, and the text lines up beside them.
@Suite struct MessageLinesTests {
    /// The pane's rows that hold something other than a day line, top to bottom.
    func paneLines(_ chat: Harness) -> [String] {
        chat.state.screenLayout(for: chat.layout).paneRows.map { trimmed(chat.frame, $0) }
            .filter { !$0.isEmpty && !$0.hasPrefix("─") }
    }

    func receive(
        _ chat: inout Harness, _ sender: String, _ text: String, kind: MessageKind = .message,
        after seconds: Int64 = 0
    ) {
        let time = Timestamp(secondsSinceEpoch: chat.now.secondsSinceEpoch + seconds)
        chat.state.apply(.received(Message(sender: sender, text: text, time: time, kind: kind)), now: chat.now)
    }

    @Test func threeQuickSendsReadAsThreeMessagesEachWithItsTime() {
        var chat = Harness(columns: 60, rows: 10)
        for text in ["one", "two", "three"] {
            chat.type(text)
            chat.press(.enter)
        }
        #expect(
            paneLines(chat) == [
                "18:11 <alice> one",
                "18:11         two",
                "18:11         three",
            ])
        let frame = chat.frame
        let last = chat.state.screenLayout(for: chat.layout).paneRows.upperBound - 1
        #expect(frame.rows[last][0].style == .time)
        #expect(frame.rows[last][14].style == .ownText)
    }

    @Test func wrappedRowsLeaveTheTimeAndNameColumnsBlank() {
        var chat = Harness(columns: 30, rows: 10)
        receive(&chat, "bob", "first")
        receive(&chat, "bob", "one two three four five six seven")
        #expect(
            paneLines(chat) == [
                "18:11 <bob> first",
                "18:11       one two three four",
                "            five six seven",
            ])
    }

    @Test func theTextLinesUpWhateverTheLengthOfEachName() {
        var chat = Harness(columns: 60, rows: 10)
        receive(&chat, "bob", "hi")
        receive(&chat, "mallory", "hello")
        receive(&chat, "bob", "how are you", kind: .action)
        receive(&chat, "eve", "psst", kind: .notice)
        receive(&chat, "carol", "(carol@host)", kind: .join)
        receive(&chat, "carol", "(carol@host) (bye)", kind: .part)
        receive(&chat, "", "the topic is tea", kind: .system)
        #expect(
            paneLines(chat) == [
                "18:11     <bob> hi",
                "18:11 <mallory> hello",
                "18:11     * bob how are you",
                "18:11     -eve- psst",
                "18:11       --> carol (carol@host)",
                "18:11       <-- carol (carol@host) (bye)",
                "18:11       -!- the topic is tea",
            ])
    }

    @Test func aNameLongerThanTheColumnIsCutWithAnEllipsis() {
        var chat = Harness(columns: 60, rows: 10)
        receive(&chat, "bob", "hi")
        receive(&chat, "averyveryverylongnick", "mine is long")
        #expect(
            paneLines(chat) == [
                "18:11          <bob> hi",
                "18:11 <averyveryve…> mine is long",
            ])
        chat.state = ChatState(
            room: "local", nick: "alice", size: TerminalSize(columns: 60, rows: 10),
            senderColumnLimit: 6)
        receive(&chat, "bob", "hi")
        receive(&chat, "mallory", "hello")
        #expect(
            paneLines(chat) == [
                "18:11    <bob> hi",
                "18:11 <mallo…> hello",
            ], "the limit is a setting")
    }

    @Test func aWiderNameArrivingMovesEveryTextColumnTogether() {
        var chat = Harness(columns: 60, rows: 10)
        receive(&chat, "bob", "hi")
        #expect(paneLines(chat) == ["18:11 <bob> hi"])
        receive(&chat, "mallory", "hello")
        #expect(paneLines(chat).first == "18:11     <bob> hi")
        chat.type("/clear")
        chat.press(.enter)
        receive(&chat, "bob", "again")
        #expect(paneLines(chat) == ["18:11 <bob> again"], "clearing the view forgets the names it held")
    }

    @Test func aMessageWithoutATimeBetweenTwoOfOneDayDoesNotRepeatTheDayLine() {
        var chat = Harness(columns: 60, rows: 10)
        receive(&chat, "bob", "before")
        chat.state.apply(.received(Message(sender: "carol", text: "no time of its own", time: nil)), now: chat.now)
        receive(&chat, "bob", "after", after: 60)
        let rows = chat.state.screenLayout(for: chat.layout).paneRows.map { trimmed(chat.frame, $0) }
        #expect(rows.filter { $0.contains("Wednesday 2 December 2026") }.count == 1)
        #expect(
            rows.suffix(3) == [
                "18:11   <bob> before",
                "      <carol> no time of its own",
                "18:12   <bob> after",
            ])
        receive(&chat, "bob", "a day later", after: 86_400)
        #expect(
            chat.state.screenLayout(for: chat.layout).paneRows.map { trimmed(chat.frame, $0) }
                .contains { $0.contains("Thursday 3 December 2026") }, "a new day still gets its line")
    }
}
