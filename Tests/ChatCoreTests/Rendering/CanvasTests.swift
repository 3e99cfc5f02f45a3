import TestSupport
import Testing
import TextWidth

@testable import ChatCore
@testable import ChatModel

/// A view draws each frame over its last one, drawing again only what
/// changed; what it shows must be what a view drawing from blank shows,
/// whatever happened in between.
@Suite struct CanvasTests {
    static let texts = [
        "a", "hello ", "日本語", "👍🏽", "👨\u{200D}👩\u{200D}👧", "e\u{301}", " ", "word ",
        String(repeating: "long ", count: 12),
    ]
    static let keys: [Key] = [
        .left, .backspace, .enter, .alt(.enter), .pageUp, .pageDown, .escape, .control("u"),
        .altCharacter("1"), .altCharacter("2"), .up,
    ]

    static func rows(of frame: Frame) -> [String] {
        (0..<frame.size.rows).map(frame.text(ofRow:))
    }

    /// `é` and `e` with a combining accent are equal as characters, but not
    /// drawn alike: a composer row that changed from one to the other is
    /// drawn again.
    @Test func aComposedCharacterReplacedByItsDecomposedFormIsDrawnAgain() {
        let now = Timestamp(secondsSinceEpoch: 1_796_235_084)
        var chat = ChatState(room: "local", nick: "alice", size: TerminalSize(columns: 20, rows: 6))
        let view = ChatView(clock: .utc)
        chat.apply(.text("caf\u{E9}"), now: now)
        _ = view.frame(for: chat)
        chat.apply(.key(.backspace), now: now)
        chat.apply(.text("e\u{301}"), now: now)
        let drawn = view.frame(for: chat)
        #expect(drawn == ChatView(clock: .utc).frame(for: chat))
        #expect(drawn.rows[5][3].text.unicodeScalars.count == 2, "the accent is drawn as typed")
    }

    @Test(arguments: 1...12) func aFrameDrawnOverTheLastIsTheFrameDrawnFromBlank(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let now = Timestamp(secondsSinceEpoch: 1_796_235_084)
        let size = TerminalSize(columns: 30, rows: 10)
        var session = Session(rooms: ["local", "dev"].map { ChatState(room: $0, nick: "alice", size: size) })
        let view = ChatView(clock: .utc)
        var screen: Frame?
        for step in 0..<300 {
            switch random.next(below: 14) {
            case 0...3: session.apply(.text(Self.texts[random.next(below: Self.texts.count)]), now: now)
            case 4...5: session.apply(.key(Self.keys[random.next(below: Self.keys.count)]), now: now)
            case 6...8:
                let message = Message(sender: "bob", text: Self.texts[random.next(below: Self.texts.count)], time: now)
                session.apply(.received(message), to: ["local", "dev"][random.next(below: 2)], now: now)
            case 9:
                session.apply(
                    .resize(TerminalSize(columns: 1 + random.next(below: 40), rows: 1 + random.next(below: 15))), now: now)
            case 10:
                let problem: Notice? = random.next(below: 2) == 0 ? nil : .draftNotSaved(reason: "disk full")
                session.apply(.draftStorage(problem: problem), now: now)
            case 11:
                // The terminal turns out to draw emoji modifiers apart: the same text, measured anew.
                var rules = WidthRules.terminal
                rules.joinsEmojiModifiers = random.next(below: 2) == 0
                session.apply(.widthRulesLearned(rules), now: now)
            case 12: session.apply(.linkStatus(random.next(below: 2) == 0 ? nil : "reconnecting"), to: "dev", now: now)
            default:
                // In one step, a room closed and another opened, and the room
                // shown is the same again: as many rooms, with other names.
                let shown = session.focused.name
                func show(_ name: String) {
                    guard let index = session.index(of: name) else { return }
                    session.apply(.key(.altCharacter(Character("\(index + 1)"))), now: now)
                }
                let pool = ["ops", "日本語"]
                let name = pool[random.next(below: 2)]
                if session.index(of: name) != nil {
                    show(name)
                    session.apply(.draftRestored("/part"), now: now)
                    session.apply(.key(.enter), now: now)
                }
                if let other = pool.first(where: { session.index(of: $0) == nil && $0 != name }) {
                    session.open(
                        ChatState(
                            room: other, nick: "alice", size: session.display.size,
                            rules: session.display.rules
                        ).room, focus: false)
                }
                show(shown)
            }
            let drawn = view.frame(for: session)
            let fresh = ChatView(clock: .utc).frame(for: session)
            let same = drawn == fresh
            try #require(same, "seed \(seed), step \(step): \(Self.rows(of: drawn)) is not \(Self.rows(of: fresh))")
            // A screen that copies only the rows drawn again holds the frame exactly.
            if var shown = screen {
                shown.catchUp(to: drawn)
                screen = shown
            } else {
                screen = drawn
            }
            let caughtUp = screen == drawn
            try #require(caughtUp, "seed \(seed), step \(step): a row changed that was not drawn again")
        }
    }
}
