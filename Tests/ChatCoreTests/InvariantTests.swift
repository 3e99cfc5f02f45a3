import Testing
@testable import ChatCore

/// Random sequences of keys, text and resizes, with the screen's promises checked
/// after every step.
@Suite struct InvariantTests {
    /// A small deterministic generator, so a failure replays exactly.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let texts = ["a", "hello ", "日本語", "👍🏽", "👨\u{200D}👩\u{200D}👧", "e\u{301}", " ", "word ",
                        "ｱｲｳ", "🇯🇵", "\t", String(repeating: "long", count: 12)]
    static let keys: [Key] = [.left, .right, .up, .down, .home, .end, .backspace, .delete, .control("u"),
                              .control("k"), .control("w"), .alt(.enter), .control("j"), .control("a"), .control("e")]

    @Test(arguments: 1...20) func promisesHoldAfterEveryEvent(seed: UInt64) {
        var random = Generator(state: seed)
        var chat = Harness(columns: 30, rows: 12)
        for _ in 0..<400 {
            let before = chat.state.composer.draft
            var resized = false
            switch random.next(10) {
            case 0...4: chat.type(Self.texts[random.next(Self.texts.count)])
            case 5...8: chat.press(Self.keys[random.next(Self.keys.count)])
            default:
                chat.resize(1 + random.next(60), 1 + random.next(30))
                resized = true
            }
            if resized { #expect(chat.state.composer.draft == before, "a resize never changes the draft") }
            let draft = chat.state.composer.draft
            #expect((0...draft.characters.count).contains(draft.cursor))
            let layout = chat.layout
            let screen = chat.state.screenLayout(for: layout)
            #expect((1...Composer.maxRows).contains(screen.composerRows.count))
            #expect(screen.composerRows.count <= layout.rows.count || layout.rows.count == 0)
            #expect((0..<screen.composerRows.count).contains(chat.visibleCaretRow), "the caret row is shown")
            let frame = chat.frame
            #expect(screen.composerRows.contains(frame.cursorRow))
            #expect((0..<chat.state.size.columns).contains(frame.cursorColumn))
            #expect(frame.rows.allSatisfy { $0.count == chat.state.size.columns })
        }
    }
}
