/// What a key does. A `Room` acts on actions, never on keys, so the table
/// below is the one place a key is bound.
public enum Action: Equatable, Sendable {
    case send, newLine
    case left, right, wordLeft, wordRight, lineStart, lineEnd
    /// Up and Down: a row of the draft, or a step through what was sent.
    case up, down
    case searchSent
    case deleteBackward, deleteForward
    /// Ctrl-D: delete forward, or quit on an empty draft.
    case deleteForwardOrQuit
    case killToLineStart, killToLineEnd, killWordBackward, killWordForward
    case yank, yankPrevious, undo, redo
    case pageUp, pageDown, wheelUp, wheelDown, newest
    case suspend, quit
    /// Alt-1 … Alt-9: the room of that number in the room bar.
    case roomByNumber
    case previousRoom, nextRoom
    /// Alt-A: the next room with a highlight, else the next with unread messages.
    case nextActiveRoom
    /// Tab and Shift-Tab: complete the word before the caret, or go to the next
    /// or previous candidate.
    case complete, completeBack
}

/// One line of the key table: the keys, as terminals report them and as people
/// write them, the action they take, and what it does in words. `/help`,
/// `--help`, docs/keys.md and the man page are all made from `table`, so they
/// cannot disagree with what the keys do.
public struct KeyBinding: Sendable {
    /// Where a key acts.
    public enum Place: Sendable, CaseIterable {
        case composer, pane, rooms
    }

    public let keys: [Key]
    /// The keys as people write them: `Ctrl-W, Alt-Backspace`.
    public let names: String
    public let action: Action
    public let place: Place
    /// What it does, short enough for a line of `--help`.
    public let summary: String
    /// What docs/keys.md and the man page say, when more than the summary.
    public let detail: String?

    init(
        _ keys: [Key], _ names: String, _ action: Action, _ summary: String, detail: String? = nil,
        place: Place = .composer
    ) {
        self.keys = keys
        self.names = names
        self.action = action
        self.place = place
        self.summary = summary
        self.detail = detail
    }

    /// Every key chat-tui binds, in the order they are listed.
    public static let table: [KeyBinding] = [
        KeyBinding(
            [.enter], "Enter", .send, "send the message",
            detail: "send the message (a blank message is not sent)"),
        KeyBinding(
            [.shift(.enter), .alt(.enter), .control("j")], "Shift-Enter, Alt-Enter, Ctrl-J", .newLine,
            "start a new line in the message",
            detail: "start a new line (Shift-Enter only where the terminal tells it from Enter)"),
        KeyBinding(
            [.left, .control("b")], "Left, Ctrl-B", .left, "move back one character",
            detail: "move back one character (an emoji or a wide character is one)"),
        KeyBinding([.right, .control("f")], "Right, Ctrl-F", .right, "move forward one character"),
        KeyBinding(
            [.up, .control("p")], "Up, Ctrl-P", .up, "up a row, or back through what you sent",
            detail: "move up one row of the message, keeping the column. On the first row, walk back through "
                + "what you sent in this room (in this run and earlier ones); edits made while walking are "
                + "kept until you send. With nothing sent yet, go to the start"),
        KeyBinding(
            [.down, .control("n")], "Down, Ctrl-N", .down, "down a row, or forward through what you sent",
            detail: "move down one row of the message. On the last row, walk forward through what you sent "
                + "and, past the newest, back to the draft you had not sent. With nothing sent yet, go to the end"),
        KeyBinding(
            [.tab], "Tab", .complete, "complete a nick, /command or #channel",
            detail: "complete the word before the caret: a nick of the room (who spoke last first, then the "
                + "others; at the start of the message it adds `: `), a /command at the start, or a #channel "
                + "you are in. Tab again goes to the next"),
        KeyBinding([.shift(.tab)], "Shift-Tab", .completeBack, "back to the previous completion"),
        KeyBinding(
            [.control("r")], "Ctrl-R", .searchSent, "search what you sent",
            detail: "search what you sent, as you type (any case); Ctrl-R again finds the one before, "
                + "Backspace shortens the search, Enter keeps what was found in the composer (without "
                + "sending it), Esc or Ctrl-G goes back to your draft; any other key keeps what was found "
                + "and acts as usual"),
        KeyBinding([.home, .control("a")], "Home, Ctrl-A", .lineStart, "go to the start of the line"),
        KeyBinding([.end, .control("e")], "End, Ctrl-E", .lineEnd, "go to the end of the line"),
        KeyBinding([.altCharacter("b"), .controlLeft], "Alt-B, Ctrl-Left", .wordLeft, "move back a word"),
        KeyBinding([.altCharacter("f"), .controlRight], "Alt-F, Ctrl-Right", .wordRight, "move forward a word"),
        KeyBinding(
            [.backspace, .control("h")], "Backspace, Ctrl-H", .deleteBackward,
            "delete the character before the cursor"),
        KeyBinding([.delete], "Delete", .deleteForward, "delete the character under the cursor"),
        KeyBinding(
            [.control("d")], "Ctrl-D", .deleteForwardOrQuit,
            "delete forward; on an empty message, quit",
            detail: "delete the character under the cursor; quit when the composer is empty"),
        KeyBinding(
            [.control("u")], "Ctrl-U", .killToLineStart, "delete to the start of the line",
            detail: "delete to the start of the line (at its start, join it to the line before)"),
        KeyBinding(
            [.control("k")], "Ctrl-K", .killToLineEnd, "delete to the end of the line",
            detail: "delete to the end of the line (at its end, join the next line to it)"),
        KeyBinding(
            [.control("w"), .alt(.backspace)], "Ctrl-W, Alt-Backspace", .killWordBackward,
            "delete the word before the cursor"),
        KeyBinding([.altCharacter("d")], "Alt-D", .killWordForward, "delete the word after the cursor"),
        KeyBinding(
            [.control("y")], "Ctrl-Y", .yank, "put back the text deleted last",
            detail: "put back the text deleted last (Ctrl-K, Ctrl-U, Ctrl-W, Alt-D and Alt-Backspace keep "
                + "what they delete, even across sends; deletions in a row are kept as one)"),
        KeyBinding(
            [.altCharacter("y")], "Alt-Y", .yankPrevious, "after Ctrl-Y: swap in the deletion before",
            detail: "right after Ctrl-Y: swap it for the deletion before, and so on round the last 16"),
        KeyBinding([.control("_")], "Ctrl-_", .undo, "undo (typing goes a word at a time)"),
        KeyBinding([.altCharacter("_")], "Alt-_", .redo, "redo what undo took back"),
        KeyBinding(
            [.control("z")], "Ctrl-Z", .suspend, "suspend to the shell (fg resumes)",
            detail: "suspend to the shell; `fg` brings the screen back as it was"),
        KeyBinding([.control("c")], "Ctrl-C", .quit, "quit"),
        KeyBinding(
            [.pageUp], "PgUp", .pageUp, "scroll back a page",
            detail: "scroll back a page, keeping one row of the last page in view", place: .pane),
        KeyBinding([.pageDown], "PgDn", .pageDown, "scroll forward a page", place: .pane),
        KeyBinding(
            [.wheelUp], "wheel up", .wheelUp, "scroll back three rows",
            detail: "scroll back three rows a notch (chat-tui asks for button reports in the SGR encoding, "
                + "never for motion; hold Shift to select text as usual)", place: .pane),
        KeyBinding([.wheelDown], "wheel down", .wheelDown, "scroll forward three rows", place: .pane),
        KeyBinding([.escape], "Esc", .newest, "return to the newest message", place: .pane),
        KeyBinding(
            (1...9).map { .altCharacter(Character(String($0))) }, "Alt-1 … Alt-9", .roomByNumber,
            "go to room 1 to 9 of the room bar", place: .rooms),
        KeyBinding(
            [.alt(.left), .controlPageUp], "Alt-Left, Ctrl-PgUp", .previousRoom, "go to the room before",
            detail: "go to the room before (Ctrl-PgUp where the terminal reports it)", place: .rooms),
        KeyBinding(
            [.alt(.right), .controlPageDown], "Alt-Right, Ctrl-PgDn", .nextRoom, "go to the room after",
            detail: "go to the room after (Ctrl-PgDn where the terminal reports it)", place: .rooms),
        KeyBinding(
            [.altCharacter("a")], "Alt-A", .nextActiveRoom, "go to a room that named you, or one with news",
            detail: "go to the next room with a message that names you, else the next with unread messages",
            place: .rooms),
    ]

    /// The action bound to `key`, if any.
    public static func action(for key: Key) -> Action? {
        actions[key]
    }

    private static let actions: [Key: Action] = {
        var actions: [Key: Action] = [:]
        for binding in table {
            for key in binding.keys {
                precondition(actions[key] == nil, "\(key) is bound twice")
                actions[key] = binding.action
            }
        }
        return actions
    }()

    /// The table as aligned lines of plain text, for `--help` and `/help`.
    public static func helpLines(indent: Int = 2) -> [String] {
        alignedLines(table.map { ($0.names, $0.summary) }, indent: indent)
    }
}

/// Two columns of plain text, the second lined up two columns past the widest
/// of the first: the shape of every list `--help` and `/help` print.
func alignedLines(_ rows: [(String, String)], indent: Int) -> [String] {
    let width = (rows.map(\.0.count).max() ?? 0) + 2
    return rows.map { left, right in
        String(repeating: " ", count: indent) + left + String(repeating: " ", count: width - left.count) + right
    }
}
