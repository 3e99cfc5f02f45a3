import TextWidth

/// Where the draft's characters and its caret fall on the composer's rows at one width.
///
/// The composer keeps its last column free: the caret sits there when the text
/// before it fills the row, and the markers for more text above or below are drawn
/// there, so neither ever changes where the text wraps.
public struct ComposerLayout: Equatable, Sendable {
    /// The draft's visual rows, top to bottom.
    public private(set) var rows: [WrappedRow]
    /// The row holding the caret.
    public private(set) var caretRow = 0
    /// The column of the caret on its row.
    public private(set) var caretColumn = 0
    /// The composer's width, all columns.
    public let width: Int
    /// The columns available to the text.
    public let textWidth: Int
    /// How the text is measured.
    public let rules: WidthRules

    /// Lays out `draft` for a composer `width` columns wide.
    public init(draft: Draft, width: Int, rules: WidthRules) {
        self.width = width
        self.rules = rules
        textWidth = Self.textWidth(forComposerWidth: width)
        rows = TextWrapper(rules: rules).rows(of: draft.characters[...], ascii: draft.asciiBytes[...], width: textWidth)
        placeCaret(in: draft)
    }

    /// Follows the draft after the changes in `span`: only the rows from just
    /// before the change to where the old rows line up again are wrapped anew, so
    /// a keystroke in a long draft costs a few rows, not the whole text.
    mutating func update(after span: ChangedSpan, in draft: Draft) {
        let wrapper = TextWrapper(rules: rules)
        let text = draft.characters[...]
        // A change can pull a word back onto the rows before: wrapping restarts
        // at the first row whose break looked at the changed stretch.
        var first = Self.row(holding: span.lower, in: rows)
        while first > 0, rows[first - 1].lookedTo >= span.lower { first -= 1 }
        // The rows made again go after the old ones until it is known which they replace.
        let oldCount = rows.count
        var old = first
        var start: Int? = rows[first].range.lowerBound
        while let position = start {
            if position >= span.newUpper {
                // Past the change, a row starting where an old one started is that
                // row again, and so is everything after it.
                let oldPosition = position - span.delta
                while old < oldCount, rows[old].range.lowerBound < oldPosition { old += 1 }
                if old < oldCount, rows[old].range.lowerBound == oldPosition {
                    for index in old..<oldCount {
                        rows[index].range = rows[index].range.lowerBound + span.delta..<rows[index].range.upperBound + span.delta
                        rows[index].lookedTo += span.delta
                    }
                    moveMadeRows(from: oldCount, over: first..<old)
                    placeCaret(in: draft)
                    return
                }
            }
            let next = wrapper.row(of: text, ascii: draft.asciiBytes[...], from: position, width: textWidth)
            rows.append(next.row)
            start = next.next
        }
        moveMadeRows(from: oldCount, over: first..<oldCount)
        placeCaret(in: draft)
    }

    /// Puts the rows made again, at the end of `rows` from `made` on, in place
    /// of the old rows `replaced`. A key typed most often makes one row again
    /// in place of one, which takes no array of its own.
    private mutating func moveMadeRows(from made: Int, over replaced: Range<Int>) {
        let count = rows.count - made
        if count == replaced.count {
            for offset in 0..<count { rows[replaced.lowerBound + offset] = rows[made + offset] }
            rows.removeLast(count)
        } else {
            let fresh = Array(rows[made...])
            rows.removeLast(count)
            rows.replaceSubrange(replaced, with: fresh)
        }
    }

    /// Finds the caret's row and column after it moved.
    mutating func placeCaret(in draft: Draft) {
        caretRow = Self.row(holding: draft.cursor, in: rows)
        let start = rows[caretRow].range.lowerBound
        var column = 0
        for index in start..<draft.cursor {
            let byte = draft.asciiBytes[index]
            column += byte >= 0x20 && byte < 0x7F ? 1 : rules.width(of: draft.characters[index])
        }
        caretColumn = column
    }

    /// The columns text may use in a composer `width` columns wide: all but the last.
    public static func textWidth(forComposerWidth width: Int) -> Int {
        width >= 2 ? width - 1 : 1
    }

    /// The draft position closest to `column` on `row`, at or left of it.
    public func position(onRow row: Int, column: Int, in draft: Draft, rules: WidthRules) -> Int {
        let wrapped = rows[row]
        // The end of a row that does not end its line is the start of the next.
        let last =
            wrapped.endsLine || wrapped.range.isEmpty
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
