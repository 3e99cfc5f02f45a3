@testable import ChatCore
@testable import ChatModel
@testable import TextWidth

/// A state fed events the way the run loop feeds it.
struct Harness {
    var state: ChatState
    var effects: [Effect] = []
    let now = Timestamp(secondsSinceEpoch: 1_796_235_084)
    /// When set, storing a sent message fails for this reason, as a full disk would.
    var storageFailure: String?

    init(columns: Int = 21, rows: Int = 24, rules: WidthRules = .terminal, style: MessageStyle = .lines) {
        state = ChatState(
            room: "local", nick: "alice", size: TerminalSize(columns: columns, rows: rows), rules: rules,
            messageStyle: style)
    }

    mutating func type(_ text: String) { effects += state.apply(.text(text), now: now) }
    /// Presses `key` and answers each `Effect.send` as the program would.
    mutating func press(_ key: Key, times: Int = 1) {
        for _ in 0..<times {
            let new = state.apply(.key(key), now: now)
            effects += new
            for case .send(let id, _) in new {
                state.apply(storageFailure.map { .deliveryFailed(id, $0) } ?? .delivered(id), now: now)
            }
        }
    }
    /// The messages handed to the link so far, in order.
    var sent: [Message] { sends(in: effects).map(\.message) }
    mutating func resize(_ columns: Int, _ rows: Int) {
        effects += state.apply(.resize(TerminalSize(columns: columns, rows: rows)), now: now)
    }

    var layout: ComposerLayout { state.composerLayout }
    var composerRows: Int { state.screenLayout(for: layout).composerRows.count }
    var frame: Frame { ChatView(clock: .utc).frame(for: state) }
    /// The caret's row within the composer's visible rows.
    var visibleCaretRow: Int { layout.caretRow - state.composer.scrollTop }
}

/// The sends among `effects`, each with the id its answer names.
func sends(in effects: [Effect]) -> [(id: LocalID, message: Message)] {
    effects.compactMap { effect in
        guard case .send(let id, let message) = effect else { return nil }
        return (id, message)
    }
}

/// Row `row` of `frame` without the blanks at its end.
func trimmed(_ frame: Frame, _ row: Int) -> String {
    var text = Substring(frame.text(ofRow: row))
    while text.last == " " { text.removeLast() }
    return String(text)
}
