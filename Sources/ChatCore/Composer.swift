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

    public init(draft: Draft = Draft()) {
        self.draft = draft
    }

    /// Applies an edit that is not a vertical move; the next vertical move aims
    /// for the caret's new column.
    public mutating func edit(_ change: (inout Draft) -> Void) {
        change(&draft)
        goalColumn = nil
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
        self = Composer()
    }
}
