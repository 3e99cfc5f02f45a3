import ChatModel
import TextWidth

/// A whole screen as chat-tui wants it shown: a grid of cells and where the
/// terminal's cursor goes. One contiguous buffer of plain values, cheap to
/// compare, so the drawing layer only touches rows that differ from the last
/// frame. A frame drawn over the one before it says which rows it drew again,
/// so a screen showing that one compares only those.
public struct Frame: Equatable, Sendable {
    public let size: TerminalSize
    /// `size.rows` rows of exactly `size.columns` cells each, row after row.
    public private(set) var cells: [Cell]
    /// The cursor's row and column, where the caret is (and where an input method
    /// opens its window).
    public var cursorRow = 0
    public var cursorColumn = 0
    /// The `ClusterTable` generation the cells' clusters belong to.
    public let generation: Int
    /// This frame's number, never given to another in the process.
    public private(set) var number: Int
    /// The frame this one was drawn over and the rows drawn again since;
    /// nil for a frame drawn from blank.
    public private(set) var drawnOver: DrawnOver?

    /// An earlier frame and the rows in which this one can differ from it.
    public struct DrawnOver: Equatable, Sendable {
        /// The earlier frame's `number`.
        public let frame: Int
        /// The rows erased and drawn again, and any between them.
        public fileprivate(set) var rows: Range<Int>
    }

    private static let numbers = Locked(0)

    private static func nextNumber() -> Int {
        numbers.withLock { last in
            last += 1
            return last
        }
    }

    /// A blank frame.
    public init(size: TerminalSize, generation: Int = 0) {
        self.size = size
        self.generation = generation
        number = Self.nextNumber()
        cells = Array(repeating: .blank, count: max(0, size.columns) * max(0, size.rows))
    }

    /// Frames are equal when they show the same: their numbers and history do not count.
    public static func == (lhs: Frame, rhs: Frame) -> Bool {
        lhs.size == rhs.size && lhs.generation == rhs.generation && lhs.cursorRow == rhs.cursorRow
            && lhs.cursorColumn == rhs.cursorColumn && lhs.cells == rhs.cells
    }

    /// Makes this frame the next one, drawn over itself: it gets a new number
    /// and, until rows are erased, differs from the one it was in none.
    mutating func startOver() {
        drawnOver = DrawnOver(frame: number, rows: 0..<0)
        number = Self.nextNumber()
    }

    /// Blanks `rows` to draw them again; they are counted among the rows that
    /// may differ from the frame this one was drawn over.
    mutating func erase(rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<size.rows)
        guard !rows.isEmpty else { return }
        cells.withUnsafeMutableBufferPointer { cells in
            cells[rows.lowerBound * size.columns..<rows.upperBound * size.columns].update(repeating: .blank)
        }
        if let drawn = drawnOver?.rows {
            drawnOver?.rows =
                drawn.isEmpty
                ? rows
                : min(drawn.lowerBound, rows.lowerBound)..<max(drawn.upperBound, rows.upperBound)
        }
    }

    /// Becomes `newer`, a frame drawn over this one: only the rows it drew
    /// again are copied.
    public mutating func catchUp(to newer: Frame) {
        guard let drawn = newer.drawnOver, drawn.frame == number, newer.size == size,
            newer.generation == generation
        else {
            self = newer
            return
        }
        let range = drawn.rows.lowerBound * size.columns..<drawn.rows.upperBound * size.columns
        cells.withUnsafeMutableBufferPointer { cells in
            newer.cells.withUnsafeBufferPointer { source in
                guard let to = cells.baseAddress, let from = source.baseAddress else { return }
                (to + range.lowerBound).update(from: from + range.lowerBound, count: range.count)
            }
        }
        number = newer.number
        drawnOver = newer.drawnOver
        cursorRow = newer.cursorRow
        cursorColumn = newer.cursorColumn
    }

    /// The cells of `row`, indexed from `0`.
    public subscript(row: Int) -> ArraySlice<Cell> {
        cells[range(ofRow: row)]
    }

    /// Where the cells of `row` are in `cells`.
    public func range(ofRow row: Int) -> Range<Int> {
        row * size.columns..<(row + 1) * size.columns
    }

    /// The rows, for tests: each an array indexed from 0.
    public var rows: [[Cell]] {
        (0..<size.rows).map { Array(self[$0]) }
    }

    /// Writes `cells` on `row` from `column`, stopping before `limit` (the right
    /// edge when nil). A wide cell that would cross the limit is left out and its
    /// column stays blank; a cell of width 0 is added to the one before it (and left
    /// out at the start of a row). Returns the column after the last cell written.
    @discardableResult
    public mutating func put(
        _ texts: [CellText], style: CellStyle, format: TextFormat = .plain, row: Int, column: Int, limit: Int? = nil
    ) -> Int {
        let end = min(limit ?? size.columns, size.columns)
        guard row >= 0, row < size.rows else { return column }
        var column = max(0, column)
        for text in texts {
            if text.width == 0 {
                // Drawn as nothing by the terminal: it goes with the cell before.
                var owner = column - 1
                if owner > 0, cell(row, owner).width == 0 { owner -= 1 }
                if owner >= 0, owner < size.columns { cells[index(row, owner)].append(text.text) }
                continue
            }
            guard column + text.width <= end else { break }
            set(Cell(text: text.text, width: UInt8(text.width), style: style, format: format), row: row, column: column)
            if text.width == 2 { set(.continuation, row: row, column: column + 1) }
            column += text.width
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
        let look = Cell(scalar: 0x20, width: 1, style: style, format: format)
        for character in text {
            // Printable ASCII, most of any text, takes one cell and no measuring.
            if let ascii = character.singleASCIIByte, ascii >= 0x20, ascii < 0x7F {
                guard column < end, row >= 0, row < size.rows, column >= 0 else { break }
                set(look.with(scalar: UInt32(ascii)), row: row, column: column)
                column += 1
                continue
            }
            guard
                let next = put(
                    measuring: character, rules: rules, style: style, format: format, row: row,
                    column: column, limit: end)
            else { break }
            column = next
        }
        return column
    }

    /// Writes a string like `put(_:rules:style:format:row:column:limit:)`, its
    /// printable ASCII straight from the bytes, without grapheme breaking.
    @discardableResult
    public mutating func put(
        _ text: String, rules: WidthRules, style: CellStyle, format: TextFormat = .plain, row: Int, column: Int,
        limit: Int? = nil
    ) -> Int {
        var column = column
        let end = min(limit ?? size.columns, size.columns)
        guard row >= 0, row < size.rows, column >= 0 else { return column }
        let look = Cell(scalar: 0x20, width: 1, style: style, format: format)
        text.forEachCharacter(
            ascii: { byte in
                guard column < end else { return false }
                set(look.with(scalar: UInt32(byte)), row: row, column: column)
                column += 1
                return true
            },
            other: { character in
                guard
                    let next = put(
                        measuring: character, rules: rules, style: style, format: format, row: row,
                        column: column, limit: end)
                else { return false }
                column = next
                return true
            })
        return column
    }

    /// Writes characters whose ASCII bytes are known (`Draft.asciiBytes`, at the
    /// same indices), as the composer is drawn at every key: each run of
    /// printable ASCII straight from its bytes into the row, the rest measured
    /// by `rules`.
    @discardableResult
    public mutating func put(
        _ text: ArraySlice<Character>, ascii: ArraySlice<UInt8>, rules: WidthRules,
        style: CellStyle, row: Int, column: Int
    ) -> Int {
        var column = column
        guard row >= 0, row < size.rows, column >= 0 else { return column }
        var index = text.startIndex
        while index < text.endIndex {
            var runEnd = index
            while runEnd < text.endIndex, ascii[runEnd] >= 0x20, ascii[runEnd] < 0x7F { runEnd += 1 }
            if runEnd > index {
                let written = max(0, min(runEnd - index, size.columns - column))
                putASCII(ascii[index..<index + written], style: style, row: row, column: column)
                column += written
                guard written == runEnd - index else { break }  // the row is full
                index = runEnd
                continue
            }
            guard
                let next = put(
                    measuring: text[index], rules: rules, style: style, format: .plain, row: row,
                    column: column, limit: size.columns)
            else { break }
            column = next
            index += 1
        }
        return column
    }

    /// Writes printable ASCII bytes from `column` on, all of which fit, as
    /// `set` would one at a time: a wide character partly covered is blanked.
    private mutating func putASCII(_ bytes: ArraySlice<UInt8>, style: CellStyle, row: Int, column: Int) {
        guard !bytes.isEmpty else { return }
        let start = index(row, column)
        let end = start + bytes.count
        let look = Cell(scalar: 0x20, width: 1, style: style)
        let columns = size.columns
        cells.withUnsafeMutableBufferPointer { cells in
            // The right half of a wide character at the start: its left half goes.
            if column > 0, cells[start].width == 0 { cells[start - 1] = .blank }
            // The left half of one at the end: its right half goes.
            if column + bytes.count < columns, cells[end - 1].width == 2 { cells[end] = .blank }
            var at = start
            for byte in bytes {
                cells[at] = look.with(scalar: UInt32(byte))
                at += 1
            }
        }
    }

    /// Writes one character measured by `rules`; nil when it did not fit whole.
    private mutating func put(
        measuring character: Character, rules: WidthRules, style: CellStyle,
        format: TextFormat, row: Int, column: Int, limit: Int
    ) -> Int? {
        // A character of one code point is one cell, made without strings.
        if let single = rules.singleCell(of: character), row >= 0, row < size.rows, column >= 0 {
            guard column + single.width <= min(limit, size.columns) else { return nil }
            set(
                Cell(scalar: single.scalar, width: UInt8(single.width), style: style, format: format),
                row: row, column: column)
            if single.width == 2 { set(.continuation, row: row, column: column + 1) }
            return column + single.width
        }
        let texts = rules.cells(of: character)
        let next = put(texts, style: style, format: format, row: row, column: column, limit: limit)
        return next - column < texts.reduce(0, { $0 + $1.width }) ? nil : next
    }

    /// Sets the cells of `columns` on `row` to `cell`, a one-column cell (a rule's line).
    mutating func fill(row: Int, columns: Range<Int>, with cell: Cell) {
        guard row >= 0, row < size.rows, cell.width == 1 else { return }
        let columns = columns.clamped(to: 0..<size.columns)
        for column in columns { set(cell, row: row, column: column) }
    }

    /// The characters of a row as the terminal would show them, for tests and logs.
    public func text(ofRow row: Int) -> String {
        self[row].map(\.text).joined()
    }

    private func index(_ row: Int, _ column: Int) -> Int { row * size.columns + column }

    private func cell(_ row: Int, _ column: Int) -> Cell { cells[index(row, column)] }

    /// Sets one cell, blanking the other half of any wide character it cuts in
    /// two. A right half set over a right half belongs to the wide character
    /// just set before it, which stays.
    private mutating func set(_ cell: Cell, row: Int, column: Int) {
        let at = index(row, column)
        let old = cells[at]
        if old.width == 0, column > 0, cell.width != 0 { cells[at - 1] = .blank }
        if old.width == 2, column + 1 < size.columns, cell.width != 2 { cells[at + 1] = .blank }
        cells[at] = cell
    }
}
