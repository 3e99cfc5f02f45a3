import TextWidth

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
    /// True right after a kill, when the next kill joins its ring entry.
    private var killsJoin = false
    /// The stretch of the draft the last yank inserted, and which ring entry it
    /// was, while the next key may still be Alt-Y.
    private var lastYank: Yank?

    private struct Yank: Equatable {
        var range: Range<Int>
        var entry: Int
    }
    /// Steps to take back with undo, and to make again with redo.
    private var undoStack: [UndoStep] = []
    private var redoStack: [UndoStep] = []
    /// True while typing continues one word, which undo takes back as a whole.
    private var typingWord = false
    /// How the draft lay on the composer's rows at the last `layOut`.
    public private(set) var layout: ComposerLayout
    /// What changed in the text since the last `layOut`.
    private var unlaidChange: ChangedSpan?
    /// The layout at the width before the last change of width, while the
    /// text is still the one it was made for: a window resized back (tmux's
    /// zoom, a split closed again) needs no rewrapping.
    private var setAside: KeptLayout?
    /// The draft's revision `layout` was made for.
    private var laidOutRevision: Int

    private struct KeptLayout: Equatable {
        var layout: ComposerLayout
        /// The draft's revision the layout holds.
        var revision: Int
    }

    /// The changes one undo takes back, and where the caret was around them.
    private struct UndoStep: Equatable {
        var changes: [DraftChange]
        var cursorBefore: Int
        var cursorAfter: Int
        var size: Int { changes.reduce(0) { $0 + $1.removed.count + $1.inserted.count } }
    }

    /// The most entries the kill ring keeps.
    static let killRingSize = 16
    /// Undo keeps at most this many steps, and fewer when they are large.
    static let undoDepth = 200
    static let undoCharacters = 2_000_000

    public init(draft: Draft = Draft(), width: Int = 80, rules: WidthRules = .terminal) {
        self.draft = draft
        layout = ComposerLayout(draft: draft, width: width, rules: rules)
        laidOutRevision = draft.revision
    }

    /// Brings `layout` up to date with the draft for a composer `width` columns
    /// wide: rewrapped around what changed, or whole when the width or the rules did.
    public mutating func layOut(width: Int, rules: WidthRules) {
        if layout.width != width || layout.rules != rules {
            let current = KeptLayout(layout: layout, revision: laidOutRevision)
            if let kept = setAside, kept.layout.width == width, kept.layout.rules == rules,
                kept.revision == draft.revision
            {
                layout = kept.layout
                layout.placeCaret(in: draft)
            } else {
                layout = ComposerLayout(draft: draft, width: width, rules: rules)
            }
            setAside = current
        } else if let span = unlaidChange {
            layout.update(after: span, in: draft)
        } else {
            layout.placeCaret(in: draft)
        }
        unlaidChange = nil
        laidOutRevision = draft.revision
    }

    /// Applies an edit that is not a vertical move; the next vertical move aims
    /// for the caret's new column. A change to the text can be undone.
    public mutating func edit(_ change: (inout Draft) -> Void) {
        let before = draft.cursor
        change(&draft)
        goalColumn = nil
        lastYank = nil
        typingWord = false
        killsJoin = false
        noteChanges()
        if !draft.changes.isEmpty {
            remember(UndoStep(changes: draft.changes, cursorBefore: before, cursorAfter: draft.cursor))
        }
        draft.forgetChanges()
    }

    /// Inserts typed or pasted text. Typing is undone a word at a time (a word,
    /// as `WordClass` finds them, with the separators after it); a newline or a
    /// paste is a step of its own.
    public mutating func type(_ text: String) {
        let before = draft.cursor
        let startsWord = text.first.map { WordClass.startsWord($0, at: before, in: draft.characters) } ?? false
        draft.insert(text)
        goalColumn = nil
        lastYank = nil
        killsJoin = false
        noteChanges()
        if !typingWord || startsWord || text.contains(where: \.isNewline) || text.count > 1 || undoStack.isEmpty {
            remember(UndoStep(changes: draft.changes, cursorBefore: before, cursorAfter: draft.cursor))
        } else {
            undoStack[undoStack.count - 1].changes += draft.changes
            undoStack[undoStack.count - 1].cursorAfter = draft.cursor
        }
        draft.forgetChanges()
        typingWord = true
    }

    /// Notes the draft's changes for the next `layOut`; the caller forgets
    /// them once undo holds them.
    private mutating func noteChanges() {
        for change in draft.changes {
            unlaidChange = unlaidChange.map { $0.followed(by: change) } ?? ChangedSpan(change)
        }
    }

    /// Removes text with `kill` (Ctrl-K, Ctrl-U, Ctrl-W, Alt-D, Alt-Backspace)
    /// and keeps it in the kill ring for Ctrl-Y.
    /// Kills in a row join into one entry, as in readline and Emacs: text killed
    /// backwards goes before the entry, text killed forwards after it.
    public mutating func kill(_ kill: (inout Draft) -> String) {
        let joining = killsJoin && !killRing.isEmpty
        let before = draft.cursor
        var removed = ""
        edit { removed = kill(&$0) }
        killsJoin = true
        guard !removed.isEmpty else { return }
        if joining {
            let backwards = draft.cursor < before
            killRing[killRing.count - 1] =
                backwards
                ? removed + killRing[killRing.count - 1]
                : killRing[killRing.count - 1] + removed
            return
        }
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
        guard let step = undoStack.popLast() else { return }
        for change in step.changes.reversed() { draft.apply(change, undoing: true) }
        draft.moveCursor(to: step.cursorBefore)
        redoStack.append(step)
        settle()
    }

    /// Goes forward again to the draft an undo left (Alt-_).
    public mutating func redo() {
        guard let step = redoStack.popLast() else { return }
        for change in step.changes { draft.apply(change) }
        draft.moveCursor(to: step.cursorAfter)
        undoStack.append(step)
        settle()
    }

    /// After undo or redo: the next edit starts afresh.
    private mutating func settle() {
        noteChanges()
        draft.forgetChanges()
        goalColumn = nil
        lastYank = nil
        typingWord = false
        killsJoin = false
    }

    /// Keeps `step` to undo; a new change means nothing to redo.
    private mutating func remember(_ step: UndoStep) {
        undoStack.append(step)
        redoStack.removeAll()
        var characters = undoStack.reduce(0) { $0 + $1.size }
        while undoStack.count > Self.undoDepth || characters > Self.undoCharacters && undoStack.count > 1 {
            characters -= undoStack.removeFirst().size
        }
    }

    /// Moves the caret one visual row up (`by: -1`) or down (`by: 1`), keeping to
    /// the column it came from. Past the first row it goes to the start of the
    /// draft, past the last row to the end.
    public mutating func moveVertically(by delta: Int, width: Int, rules: WidthRules) {
        layOut(width: width, rules: rules)
        let goal = goalColumn ?? layout.caretColumn
        killsJoin = false
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
        let revision = draft.revision
        self = Composer(width: layout.width, rules: layout.rules)
        killRing = ring
        draft.revision = revision + 1
    }
}
