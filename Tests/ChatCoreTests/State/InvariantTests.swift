import TestSupport
import Testing

@testable import ChatCore

/// Random sequences of keys, text and resizes, with the screen's promises checked
/// after every step.
@Suite struct InvariantTests {
    static let texts = [
        "a", "hello ", "日本語", "👍🏽", "👨\u{200D}👩\u{200D}👧", "e\u{301}", " ", "word ",
        "ｱｲｳ", "🇯🇵", "\t", String(repeating: "long", count: 12),
    ]
    static let keys: [Key] = [
        .left, .right, .up, .down, .home, .end, .backspace, .delete, .control("u"),
        .control("k"), .control("w"), .alt(.enter), .control("j"), .control("a"), .control("e"),
    ]

    @Test(arguments: 1...20) func promisesHoldAfterEveryEvent(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var chat = Harness(columns: 30, rows: 12)
        for _ in 0..<400 {
            let before = chat.state.composer.draft
            var resized = false
            switch random.next(below: 10) {
            case 0...4: chat.type(Self.texts[random.next(below: Self.texts.count)])
            case 5...8: chat.press(Self.keys[random.next(below: Self.keys.count)])
            default:
                chat.resize(1 + random.next(below: 60), 1 + random.next(below: 30))
                resized = true
            }
            let broken = InvariantCheck.violations(of: chat.state, frame: chat.frame, draftBefore: before, wasResize: resized)
            #expect(broken.isEmpty, "seed \(seed): \(broken)")
        }
    }
}

@Suite struct InvariantCheckTests {
    /// The check itself can fail: a frame of another size and a draft changed
    /// by a resize are both reported.
    @Test func brokenPromisesAreReported() {
        var chat = Harness(columns: 30, rows: 12)
        chat.type("hello")
        let before = chat.state.composer.draft
        let wrongFrame = ChatView(clock: .utc).frame(
            for: ChatState(
                room: "local", nick: "alice",
                size: TerminalSize(columns: 20, rows: 5)))
        var broken = InvariantCheck.violations(of: chat.state, frame: wrongFrame, draftBefore: before, wasResize: false)
        #expect(broken.contains("the frame is not 30x12"))
        chat.type("!")
        broken = InvariantCheck.violations(of: chat.state, frame: chat.frame, draftBefore: before, wasResize: true)
        #expect(broken == ["a resize changed the draft"])
        broken = InvariantCheck.violations(
            of: chat.state, frame: chat.frame, draftBefore: chat.state.composer.draft,
            wasResize: true)
        #expect(broken.isEmpty)
    }
}
