import ChatModel
import TestSupport
import Testing

@testable import ChatCore

/// A view keeps what it drew (the pane's cells, the separator, each
/// message's layout) for the next frame. Whatever happens to the rooms, the
/// frame it draws must be the one a new view draws from scratch.
@Suite struct CachedFrameTests {
    static let now = Timestamp(secondsSinceEpoch: 1_796_235_084)
    static let texts = ["a", "hello ", "日本語", "👍🏽", " ", "word ", String(repeating: "long", count: 12)]
    static let keys: [Key] = [
        .enter, .enter, .backspace, .left, .up, .down, .pageUp, .pageDown, .escape,
        .altCharacter("1"), .altCharacter("2"), .altCharacter("3"), .alt(.enter),
    ]

    /// Three rooms, the last sending as a network does (pending at once,
    /// answered later, delivered, refused or left unconfirmed), with
    /// messages arriving in any of them.
    @Test(arguments: 1...30) func aCachedFrameIsTheFrameDrawnFromScratch(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let names = ["local", "dev", "net"]
        var session = Session(
            rooms: names.map {
                ChatState(
                    room: $0, nick: "me", size: TerminalSize(columns: 30, rows: 10), clock: .utc,
                    sendRule: $0 == "net" ? .showPending : .keepDraftUntilStored)
            })
        let view = ChatView(clock: .utc)
        var unanswered: [(room: String, id: LocalID)] = []
        for step in 0..<300 {
            var event: Event
            var room: String?
            switch random.next(below: 12) {
            case 0...3: event = .text(Self.texts[random.next(below: Self.texts.count)])
            case 4...6: event = .key(Self.keys[random.next(below: Self.keys.count)])
            case 7:
                room = names[random.next(below: names.count)]
                event = .received(
                    Message(
                        sender: "bob", text: Self.texts[random.next(below: Self.texts.count)],
                        time: Self.now))
            case 8...10 where !unanswered.isEmpty:
                let answered = unanswered.remove(at: random.next(below: unanswered.count))
                room = answered.room
                switch random.next(below: 3) {
                case 0: event = .delivered(answered.id)
                case 1: event = .deliveryFailed(answered.id, "No such nick")
                default:
                    event = .deliveryUnconfirmed(answered.id, "not confirmed")
                }
            default:
                event = .resize(TerminalSize(columns: 10 + random.next(below: 40), rows: 3 + random.next(below: 12)))
            }
            for effect in session.apply(event, to: room, now: Self.now) {
                guard case .send(let id, _) = effect.effect else { continue }
                if effect.room == "net" {
                    unanswered.append((effect.room, id))
                } else {
                    session.apply(.delivered(id), to: effect.room, now: Self.now)
                }
            }
            let broken = InvariantCheck.cacheViolations(
                cached: view.frame(for: session),
                fresh: ChatView(clock: .utc).frame(for: session))
            #expect(broken.isEmpty, "seed \(seed), step \(step), after \(event): \(broken)")
            if !broken.isEmpty { return }
        }
    }

    /// The check can fail: frames that differ in a cell's style or in text are told apart.
    @Test func differentFramesAreReported() {
        var chat = Harness(columns: 20, rows: 6)
        let before = chat.frame
        chat.type("x")
        #expect(!InvariantCheck.cacheViolations(cached: before, fresh: chat.frame).isEmpty)
        #expect(InvariantCheck.cacheViolations(cached: chat.frame, fresh: chat.frame).isEmpty)
    }

    /// Item: a message refused in the room shown turns from pending to failed
    /// on screen at once, with no other change to the room.
    @Test func aRefusalIsDrawnInTheRoomShown() {
        var session = Session(rooms: [
            ChatState(
                room: "nobody", nick: "me", size: TerminalSize(columns: 40, rows: 8),
                clock: .utc, sendRule: .showPending)
        ])
        let view = ChatView(clock: .utc)
        session.apply(.text("hello?"), now: Self.now)
        let effects = session.apply(.key(.enter), now: Self.now)
        guard case .send(let id, _)? = effects.first?.effect else {
            Issue.record("Enter sent nothing: \(effects)")
            return
        }
        let pending = view.frame(for: session)
        session.apply(.deliveryFailed(id, "No such nick"), to: "nobody", now: Self.now)
        let refused = view.frame(for: session)
        #expect(
            refused.text(ofRow: 6) != pending.text(ofRow: 6) || refused.cells != pending.cells,
            "the refusal changed nothing on screen")
        #expect(InvariantCheck.cacheViolations(cached: refused, fresh: ChatView(clock: .utc).frame(for: session)).isEmpty)
    }
}
