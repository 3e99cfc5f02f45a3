import ChatCore
import ChatModel
import TextWidth

/// The promises the chat screen keeps after every event, checked from outside:
/// by the randomized tests and by the composer's fuzzer, so both hold the state
/// to the same rules.
enum InvariantCheck {
    /// The promises `state` and its `frame` break, in words; empty when all hold.
    /// `draftBefore` is the draft before the event, and `wasResize` says whether
    /// the event was a resize, which must leave the draft as it was.
    static func violations(of state: ChatState, frame: Frame, draftBefore: Draft, wasResize: Bool) -> [String] {
        var broken: [String] = []
        let draft = state.composer.draft
        if wasResize && draft != draftBefore { broken.append("a resize changed the draft") }
        if !(0...draft.characters.count).contains(draft.cursor) {
            broken.append("the caret \(draft.cursor) is outside the text of \(draft.characters.count)")
        }
        let layout = state.composerLayout
        let screen = state.screenLayout(for: layout)
        let size = state.size
        if size.rows >= 1 && !(1...Composer.maxRows).contains(screen.composerRows.count) {
            broken.append("the composer has \(screen.composerRows.count) rows")
        }
        let separator = screen.separatorRow.map { _ in 1 } ?? 0
        if size.rows > 0 && screen.paneRows.count + separator + screen.composerRows.count != size.rows {
            broken.append("pane, separator and composer rows do not add up to \(size.rows)")
        }
        let caretRow = layout.caretRow - state.composer.scrollTop
        if size.rows >= 1 && !(0..<screen.composerRows.count).contains(caretRow) {
            broken.append("the caret's row \(caretRow) is not shown")
        }
        if frame.rows.count != size.rows || !frame.rows.allSatisfy({ $0.count == size.columns }) {
            broken.append("the frame is not \(size.columns)x\(size.rows)")
        }
        if size.rows >= 1 && size.columns >= 1 {
            if !screen.composerRows.contains(frame.cursorRow) { broken.append("the cursor is off the composer") }
            if !(0..<size.columns).contains(frame.cursorColumn) { broken.append("the cursor is off the screen") }
        }
        return broken
    }
}

extension InvariantCheck {
    /// How a frame drawn by a view that kept its caches from earlier frames
    /// differs from one drawn from scratch by a new view; empty when they
    /// show the same. A cache keyed on less than it draws shows here.
    static func cacheViolations(cached: Frame, fresh: Frame) -> [String] {
        guard cached.size == fresh.size else { return ["the cached frame is \(cached.size), not \(fresh.size)"] }
        var broken: [String] = []
        if (cached.cursorRow, cached.cursorColumn) != (fresh.cursorRow, fresh.cursorColumn) {
            broken.append(
                "the cached frame's cursor is at \(cached.cursorRow),\(cached.cursorColumn), "
                    + "not \(fresh.cursorRow),\(fresh.cursorColumn)")
        }
        for row in 0..<fresh.size.rows {
            let columns = row * fresh.size.columns..<(row + 1) * fresh.size.columns
            let (cachedText, freshText) = (cached.text(ofRow: row), fresh.text(ofRow: row))
            if cachedText != freshText {
                broken.append("row \(row) cached: '\(cachedText)', drawn anew: '\(freshText)'")
            } else if let column = columns.first(where: { cached.cells[$0].style != fresh.cells[$0].style }) {
                broken.append(
                    "row \(row), column \(column - columns.lowerBound): cached \(cached.cells[column].style), "
                        + "drawn anew \(fresh.cells[column].style)")
            }
        }
        return broken
    }
}
