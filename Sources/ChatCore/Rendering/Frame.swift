import ChatModel
import TextWidth

/// A whole screen as chat-tui wants it shown: a grid of cells and where the
/// terminal's cursor goes. Built fresh for every change and cheap to compare, so
/// the drawing layer only touches rows that differ from the last frame.
public struct Frame: Equatable, Sendable {
    public let size: TerminalSize
    /// `size.rows` rows of exactly `size.columns` cells each.
    public private(set) var rows: [[Cell]]
    /// The cursor's row and column, where the caret is (and where an input method
    /// opens its window).
    public var cursorRow = 0
    public var cursorColumn = 0

    /// A blank frame.
    public init(size: TerminalSize) {
        self.size = size
        rows = Array(repeating: Array(repeating: .blank, count: size.columns), count: size.rows)
    }

    /// Writes `cells` on `row` from `column`, stopping before `limit` (the right
    /// edge when nil). A wide cell that would cross the limit is left out and its
    /// column stays blank; a cell of width 0 is added to the one before it (and left
    /// out at the start of a row). Returns the column after the last cell written.
    @discardableResult
    public mutating func put(
        _ cells: [CellText], style: CellStyle, format: TextFormat = .plain, row: Int, column: Int, limit: Int? = nil
    ) -> Int {
        let end = min(limit ?? size.columns, size.columns)
        guard rows.indices.contains(row) else { return column }
        var column = max(0, column)
        for cell in cells {
            if cell.width == 0 {
                // Drawn as nothing by the terminal: it goes with the cell before.
                var owner = column - 1
                if owner > 0, rows[row][owner].width == 0 { owner -= 1 }
                if owner >= 0, owner < size.columns { rows[row][owner].text += cell.text }
                continue
            }
            guard column + cell.width <= end else { break }
            set(Cell(text: cell.text, width: UInt8(cell.width), style: style, format: format), row: row, column: column)
            if cell.width == 2 { set(.continuation, row: row, column: column + 1) }
            column += cell.width
        }
        return column
    }

    /// Writes characters (measured and split into cells by `rules`) like `put(_:style:row:column:limit:)`.
    @discardableResult
    public mutating func put<S: Sequence>(
        _ text: S, rules: WidthRules, style: CellStyle, format: TextFormat = .plain, row: Int, column: Int,
        limit: Int? = nil
    ) -> Int where S.Element == Character {
        var column = column
        let end = min(limit ?? size.columns, size.columns)
        for character in text {
            // Printable ASCII, most of any text, takes one cell and no measuring.
            if character.isPrintableASCII {
                guard column < end, rows.indices.contains(row), column >= 0 else { break }
                set(Cell(text: String(character), width: 1, style: style, format: format), row: row, column: column)
                column += 1
                continue
            }
            let cells = rules.cells(of: character)
            let next = put(cells, style: style, format: format, row: row, column: column, limit: end)
            if next - column < cells.reduce(0, { $0 + $1.width }) { break }
            column = next
        }
        return column
    }

    /// Puts rows kept from an earlier frame of the same width in place of `range`.
    mutating func replaceRows(_ range: Range<Int>, with kept: ArraySlice<[Cell]>) {
        rows.replaceSubrange(range, with: kept)
    }

    /// The characters of a row as the terminal would show them, for tests and logs.
    public func text(ofRow row: Int) -> String {
        rows[row].map(\.text).joined()
    }

    /// Sets one cell, blanking the other half of any wide character it cuts in two.
    private mutating func set(_ cell: Cell, row: Int, column: Int) {
        let old = rows[row][column]
        if old.width == 0, column > 0 { rows[row][column - 1] = .blank }
        if old.width == 2, column + 1 < size.columns, cell.width != 2 { rows[row][column + 1] = .blank }
        rows[row][column] = cell
    }
}
