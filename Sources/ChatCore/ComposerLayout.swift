/// Where the draft's characters and its caret fall on the composer's rows at one width.
///
/// The composer keeps its last column free: the caret sits there when the text
/// before it fills the row, and the markers for more text above or below are drawn
/// there, so neither ever changes where the text wraps.
public struct ComposerLayout: Equatable, Sendable {
    /// The draft's visual rows, top to bottom.
    public let rows: [WrappedRow]
    /// The row holding the caret.
    public let caretRow: Int
    /// The column of the caret on its row.
    public let caretColumn: Int
    /// The columns available to the text.
    public let textWidth: Int

    /// Lays out `draft` for a composer `width` columns wide.
    public init(draft: Draft, width: Int, rules: WidthRules) {
        textWidth = Self.textWidth(forComposerWidth: width)
        rows = TextWrapper(rules: rules).rows(of: draft.characters, width: textWidth)
        let row = Self.row(holding: draft.cursor, in: rows)
        caretRow = row
        let start = rows[row].range.lowerBound
        caretColumn = rules.width(of: draft.characters[start..<draft.cursor])
    }

    /// The columns text may use in a composer `width` columns wide: all but the last.
    public static func textWidth(forComposerWidth width: Int) -> Int {
        width >= 2 ? width - 1 : 1
    }

    /// The draft position closest to `column` on `row`, at or left of it.
    public func position(onRow row: Int, column: Int, in draft: Draft, rules: WidthRules) -> Int {
        let wrapped = rows[row]
        // The end of a row that does not end its line is the start of the next.
        let last = wrapped.endsLine || wrapped.range.isEmpty
            ? wrapped.range.upperBound : wrapped.range.upperBound - 1
        var position = wrapped.range.lowerBound
        var used = 0
        while position < last {
            let w = rules.width(of: draft.characters[position])
            if used + w > column { break }
            used += w
            position += 1
        }
        return position
    }

    /// The row a position falls on: the last row starting at or before it.
    static func row(holding position: Int, in rows: [WrappedRow]) -> Int {
        var low = 0
        var high = rows.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if rows[mid].range.lowerBound <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
