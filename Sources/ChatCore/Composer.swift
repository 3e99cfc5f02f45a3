/// The input area: the draft, plus what the screen needs to show it, namely which
/// row is scrolled to the top once the draft is taller than the composer, and the
/// column Up and Down aim for.
public struct Composer: Equatable, Sendable {
    /// The most rows the composer grows to before it scrolls inside itself.
    public static let maxRows = 5

    public private(set) var draft: Draft
    /// The first draft row shown, once the draft has more rows than the composer.
    public private(set) var scrollTop = 0
    /// The column Up and Down keep to across rows of different lengths.
    private var goalColumn: Int?
    /// Text removed by the kill keys, newest last; kept across sends.
    private var killRing: [String] = []
    /// The stretch of the draft the last yank inserted, and which ring entry it
    /// was, while the next key may still be Alt-Y.
    private var lastYank: Yank?

    private struct Yank: Equatable {
        var range: Range<Int>
        var entry: Int
    }
    /// Drafts to go back to with undo, and forward to with redo.
    private var undoStack: [Draft] = []
    private var redoStack: [Draft] = []
    /// True while typing continues one word, which undo takes back as a whole.
    private var typingWord = false

    /// The most entries the kill ring keeps.
    static let killRingSize = 16
    /// Undo keeps at most this many drafts, and fewer when they are long.
    static let undoDepth = 200
    static let undoCharacters = 2_000_000

    public init(draft: Draft = Draft()) {
        self.draft = draft
    }

    /// Applies an edit that is not a vertical move; the next vertical move aims
    /// for the caret's new column. A change to the text can be undone.
    public mutating func edit(_ change: (inout Draft) -> Void) {
        let before = draft
        change(&draft)
        goalColumn = nil
        lastYank = nil
        typingWord = false
        if draft.characters != before.characters { remember(before) }
    }

    /// Inserts typed or pasted text. Typing is undone a word at a time (a word
    /// with the blanks after it); a newline or a paste is a step of its own.
    public mutating func type(_ text: String) {
        let before = draft
        let startsWord = !(text.first?.isWhitespace ?? true)
            && before.cursor > 0 && before.characters[before.cursor - 1].isWhitespace
        draft.insert(text)
        goalColumn = nil
        lastYank = nil
        if !typingWord || startsWord || text.contains(where: \.isNewline) || text.count > 1 { remember(before) }
        typingWord = true
    }

    /// Removes text with `kill` (Ctrl-K, Ctrl-U, Ctrl-W, Alt-D, Alt-Backspace)
    /// and keeps it in the kill ring for Ctrl-Y.
    public mutating func kill(_ kill: (inout Draft) -> String) {
        var removed = ""
        edit { removed = kill(&$0) }
        guard !removed.isEmpty else { return }
        killRing.append(removed)
        if killRing.count > Self.killRingSize { killRing.removeFirst() }
    }

    /// Inserts the newest killed text at the caret (Ctrl-Y).
    public mutating func yank() {
        guard let text = killRing.last else { return }
        let start = draft.cursor
        edit { $0.insert(text) }
        lastYank = Yank(range: start..<draft.cursor, entry: killRing.count - 1)
    }

    /// Right after a yank, replaces what it inserted with the kill before it,
    /// going round the ring (Alt-Y).
    public mutating func yankPrevious() {
        guard let yank = lastYank, !killRing.isEmpty else { return }
        let entry = (yank.entry + killRing.count - 1) % killRing.count
        let text = killRing[entry]
        edit {
            $0.remove(yank.range)
            $0.moveCursor(to: yank.range.lowerBound)
            $0.insert(text)
        }
        lastYank = Yank(range: yank.range.lowerBound..<draft.cursor, entry: entry)
    }

    /// Goes back to the draft before the last change (Ctrl-_).
    public mutating func undo() {
        guard let previous = undoStack.popLast() else { return }
        redoStack.append(draft)
        restore(previous)
    }

    /// Goes forward again to the draft an undo left (Alt-_).
    public mutating func redo() {
        guard let next = redoStack.popLast() else { return }
        undoStack.append(draft)
        restore(next)
    }

    private mutating func restore(_ saved: Draft) {
        draft = saved
        goalColumn = nil
        lastYank = nil
        typingWord = false
    }

    /// Keeps `before` to undo to; a new change means nothing to redo.
    private mutating func remember(_ before: Draft) {
        undoStack.append(before)
        redoStack.removeAll()
        var characters = undoStack.reduce(0) { $0 + $1.characters.count }
        while undoStack.count > Self.undoDepth || characters > Self.undoCharacters && undoStack.count > 1 {
            characters -= undoStack.removeFirst().characters.count
        }
    }

    /// Moves the caret one visual row up (`by: -1`) or down (`by: 1`), keeping to
    /// the column it came from. Past the first row it goes to the start of the
    /// draft, past the last row to the end.
    public mutating func moveVertically(by delta: Int, width: Int, rules: WidthRules) {
        let layout = ComposerLayout(draft: draft, width: width, rules: rules)
        let goal = goalColumn ?? layout.caretColumn
        let target = layout.caretRow + delta
        if target < 0 {
            draft.moveCursor(to: 0)
        } else if target >= layout.rows.count {
            draft.moveCursor(to: draft.characters.count)
        } else {
            draft.moveCursor(to: layout.position(onRow: target, column: goal, in: draft, rules: rules))
        }
        goalColumn = goal
    }

    /// Scrolls just enough that the caret's row is among the `visibleRows` shown,
    /// and no further down than the draft's last row allows.
    public mutating func scrollToCaret(in layout: ComposerLayout, visibleRows: Int) {
        let visible = max(1, visibleRows)
        if layout.caretRow < scrollTop { scrollTop = layout.caretRow }
        if layout.caretRow >= scrollTop + visible { scrollTop = layout.caretRow - visible + 1 }
        scrollTop = min(scrollTop, max(0, layout.rows.count - visible))
    }

    /// Empties the composer after a send.
    public mutating func reset() {
        let ring = killRing
        self = Composer()
        killRing = ring
    }
}
