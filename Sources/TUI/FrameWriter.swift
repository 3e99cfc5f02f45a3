import ChatCore
import Glibc

/// Turns the change from the frame on screen to the next into the bytes that
/// make the terminal show it, written in one piece: the rows that changed, and
/// in them only the cells that did; a band of rows that moved up or down
/// together (a message arrived, the composer grew) moved by the terminal
/// itself, by deleting and inserting rows; a row's blank end cleared at once.
///
/// It knows the terminal's cursor and look between frames, and moves the
/// cursor by the widths chat-tui measured for this terminal, so a cluster is
/// written whole at its place. After a cell whose width the C library does
/// not agree with, the cursor is placed again rather than trusted.
struct FrameWriter {
    /// The bytes that set a look (a cell's style and format) from any other:
    /// the terminal's own sequence, as its terminfo entry words it.
    let lookSequence: (_ cell: Cell) -> [UInt8]
    /// The bytes that put the terminal back to its plain look.
    let plainSequence: [UInt8]
    /// The C library's width of a code point, as the terminal is expected to
    /// advance by it; -1 when it does not know.
    let libraryWidth: (_ scalar: UInt32) -> Int
    /// True when writing the last column of the last row does not scroll the
    /// screen (the terminal waits to wrap until the next character).
    let writesLastCell: Bool

    /// Where the terminal's cursor is, when known.
    private var cursor: (row: Int, column: Int)?
    /// The look the terminal draws in now, as a cell's look key; nil when unknown.
    private var look: UInt32?
    private var output: [UInt8] = []
    /// The rows of the frame being written that differ from what the screen
    /// shows, kept from frame to frame so that a frame makes no array for them.
    private var changed: [Int] = []
    /// The width of the frame being written.
    private var columns = 0
    /// A row of blanks as wide as the frame, to tell blank rows by memory.
    private var blankRow: [Cell] = []
    /// The last one-column scalar outside ASCII written in a run, and its UTF-8.
    private var lastNarrow: (scalar: Unicode.Scalar, bytes: [UInt8])?

    init(
        lookSequence: @escaping (Cell) -> [UInt8], plainSequence: [UInt8], libraryWidth: @escaping (UInt32) -> Int,
        writesLastCell: Bool
    ) {
        self.lookSequence = lookSequence
        self.plainSequence = plainSequence
        self.libraryWidth = libraryWidth
        self.writesLastCell = writesLastCell
    }

    /// Forgets the cursor and the look: after the terminal was written to by
    /// another (curses clearing it, a probe), both are placed again.
    mutating func forgetTerminalState(cursorAtHome: Bool) {
        cursor = cursorAtHome ? (0, 0) : nil
        look = cursorAtHome ? Self.plainLook : nil
    }

    /// The bytes that turn `old` (the cells of what the screen shows, of
    /// `new`'s size; nil when it was just cleared) into `new`, leaving the
    /// cursor at `new`'s caret and the look plain. `rows`, when given, are the
    /// only rows in which `new` can differ from `old`; the others are not compared.
    mutating func bytes(from old: [Cell]?, to new: Frame, rows: Range<Int>? = nil) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        columns = new.size.columns
        let hasOld = old != nil
        var shown = old ?? [Cell](repeating: .blank, count: new.cells.count)
        // The rows that differ from what the screen shows; a band that moved
        // changes two at least.
        findChangedRows(shown, new.cells, size: new.size, among: hasOld ? rows ?? 0..<new.size.rows : 0..<new.size.rows)
        if hasOld, changed.count >= 2,
            scrollIfRowsMoved(old: shown, new: new.cells, changed: changed.prefix(4), shown: &shown, size: new.size)
        {
            findChangedRows(shown, new.cells, size: new.size, among: 0..<new.size.rows)
        }
        new.cells.withUnsafeBufferPointer { cells in
            shown.withUnsafeBufferPointer { before in
                for row in changed {
                    writeRow(row, cells: cells, before: before, range: row * columns..<(row + 1) * columns)
                }
            }
            setLook(Self.plainLook, cell: .blank)
            // A typed space moves the caret over a blank: one byte, not three.
            if new.cursorRow < new.size.rows, new.cursorColumn < columns {
                rewriteShortGap(
                    before: new.cursorColumn, row: new.cursorRow, cells: cells,
                    rowStart: new.cursorRow * columns)
            }
        }
        move(to: new.cursorRow, new.cursorColumn)
        return output
    }

    private static let plainLook = Cell.blank.lookKey

    /// Writes the cells of `row` that differ from what the screen shows, and
    /// clears its end when that is all blank.
    private mutating func writeRow(
        _ row: Int, cells: UnsafeBufferPointer<Cell>, before: UnsafeBufferPointer<Cell>,
        range: Range<Int>
    ) {
        // Past `blankFrom`, the new row is blank: one clear does it, when
        // anything but blanks is shown there now.
        var blankFrom = range.upperBound
        while blankFrom > range.lowerBound, cells[blankFrom - 1] == .blank { blankFrom -= 1 }
        var clearsEnd = false
        for index in blankFrom..<range.upperBound where before[index] != .blank {
            clearsEnd = true
            break
        }
        // The last cell of the screen, where writing may scroll it.
        let unwritable = !writesLastCell && range.upperBound == cells.count ? range.upperBound - 1 : -1
        let end = clearsEnd ? blankFrom : range.upperBound
        // The cells before the first that differs are shown already, and so
        // is the right half of each wide one among them but the last: only
        // that one may need writing again. A key changes a cell or two of a row.
        var index = range.lowerBound
        while index < end, cells[index] == before[index] { index += 1 }
        if index > range.lowerBound { index -= 1 }
        while index < end {
            let cell = cells[index]
            index += 1
            guard cell.width > 0,
                cell != before[index - 1]
                    || (cell.width == 2 && index < range.upperBound
                        && before[index] != cells[index])
            else { continue }
            if index - 1 == unwritable { continue }
            rewriteShortGap(before: index - 1 - range.lowerBound, row: row, cells: cells, rowStart: range.lowerBound)
            move(to: row, index - 1 - range.lowerBound)
            setLook(cell.lookKey, cell: cell)
            put(cell)
            index = putRun(
                from: index, to: unwritable < 0 ? end : min(end, unwritable), row: row,
                rowStart: range.lowerBound, cells: cells, before: before, look: cell.lookKey)
        }
        if clearsEnd {
            move(to: row, blankFrom - range.lowerBound)
            setLook(Self.plainLook, cell: .blank)
            output += [0x1B, 0x5B, 0x4B]  // ESC [ K
        }
    }

    /// Writes the changed cells from `start` on while they are one-column
    /// scalars in `look` (the look just written in) that the terminal
    /// advances one column for: printable ASCII a byte each, others (a
    /// separator's line) from the encoding of the last one written. Most of
    /// a frame drawn on a cleared screen. Returns where it stopped.
    private mutating func putRun(
        from start: Int, to end: Int, row: Int, rowStart: Int,
        cells: UnsafeBufferPointer<Cell>, before: UnsafeBufferPointer<Cell>,
        look: UInt32
    ) -> Int {
        guard let now = cursor, now.row == row, now.column == start - rowStart else { return start }
        var index = start
        while index < end {
            let cell = cells[index]
            guard cell != before[index], cell.width == 1, cell.lookKey == look, let scalar = cell.scalar else { break }
            let value = scalar.value
            if value >= 0x20 && value < 0x7F {
                output.append(UInt8(value))
            } else {
                guard value >= 0xA0, let bytes = narrowEncoding(of: scalar) else { break }
                output += bytes
            }
            index += 1
        }
        advance(by: index - start)
        return index
    }

    /// The UTF-8 of a scalar the C library also gives one column, nil for
    /// any other; the last one asked is kept, as a row repeats its line.
    private mutating func narrowEncoding(of scalar: Unicode.Scalar) -> [UInt8]? {
        if let last = lastNarrow, last.scalar == scalar { return last.bytes }
        guard libraryWidth(scalar.value) == 1 else { return nil }
        let bytes = Array(String(scalar).utf8)
        lastNarrow = (scalar, bytes)
        return bytes
    }

    /// Writes again the few unchanged cells between the cursor and `column`
    /// when they are plain ASCII in the look the terminal draws in now: a
    /// byte each, where moving over them costs three or four.
    private mutating func rewriteShortGap(before column: Int, row: Int, cells: UnsafeBufferPointer<Cell>, rowStart: Int) {
        guard let now = cursor, now.row == row, column > now.column, column - now.column <= 3, let look else { return }
        for index in rowStart + now.column..<rowStart + column {
            let cell = cells[index]
            guard let scalar = cell.scalar, scalar.value >= 0x20, scalar.value < 0x7F, cell.lookKey == look else { return }
        }
        for index in rowStart + now.column..<rowStart + column {
            output.append(UInt8(cells[index].scalar!.value))
        }
        cursor = (row, column)
    }

    /// Writes one cell's text where the cursor is, and moves the cursor past it
    /// when its width is sure.
    private mutating func put(_ cell: Cell) {
        let width = Int(cell.width)
        if let scalar = cell.scalar {
            let value = scalar.value
            if value >= 0x20 && value < 0x7F {
                output.append(UInt8(value))
                advance(by: 1)
                return
            }
            if value < 0x20 || (value >= 0x7F && value < 0xA0) {
                // A control character would act, not show: never written.
                output += Array("\u{FFFD}".utf8)
                cursor = nil
                return
            }
            UTF8.encode(scalar) { output.append($0) }
            if libraryWidth(value) == width { advance(by: width) } else { cursor = nil }
            return
        }
        output += Self.clusterBytes(cell.text)
        cursor = nil
    }

    /// The most code points of a cluster written: what a curses cell holds,
    /// and about what terminals keep in one (tmux keeps three of a four-person
    /// family).
    static let longestCluster = 5

    /// A cluster's bytes, cut to `longestCluster` code points. A cut cluster
    /// must not end in a joiner, or the terminal would join it to the next
    /// cell's character. (A cell that ends in a joiner because the terminal
    /// draws a sequence's parts side by side keeps it: the parts, written one
    /// after the other, are the sequence the terminal measured.)
    static func clusterBytes(_ text: String) -> [UInt8] {
        let scalars = text.unicodeScalars
        guard scalars.count > longestCluster else { return Array(text.utf8) }
        var kept = Array(scalars.prefix(longestCluster))
        while kept.count > 1, kept.last == "\u{200D}" { kept.removeLast() }
        return Array(String(String.UnicodeScalarView(kept)).utf8)
    }

    /// Moves the cursor's place past a cell. Past the last column the
    /// terminal waits to wrap, and where it then goes is not sure.
    private mutating func advance(by width: Int) {
        guard let now = cursor else { return }
        cursor = now.column + width < columns ? (now.row, now.column + width) : nil
    }

    /// Sets the look of `cell` (`key`) unless the terminal draws in it already.
    private mutating func setLook(_ key: UInt32, cell: Cell) {
        guard key != look else { return }
        if key == Self.plainLook {
            output += plainSequence
        } else {
            let sequence = lookSequence(cell)
            if look == Self.plainLook {
                // From the plain look a reset is idle: ESC [ 0 ; 2 m is ESC [ 2 m.
                output += Self.withoutLeadingReset(sequence)
            } else {
                // From another look, unless the sequence starts by resetting all
                // (terminfo's `sgr` usually does: ESC [ 0 ; …).
                if !Self.resetsAll(sequence) { output += plainSequence }
                output += sequence
            }
        }
        look = key
    }

    /// `sequence` without the `0;` that opens it (`ESC [ 0 ; 2 m` as
    /// `ESC [ 2 m`); as it is when it opens otherwise.
    static func withoutLeadingReset(_ sequence: [UInt8]) -> [UInt8] {
        guard sequence.starts(with: [0x1B, 0x5B, 0x30, 0x3B]) else { return sequence }
        return [0x1B, 0x5B] + sequence.dropFirst(4)
    }

    /// `sequence` without `ESC ( B` (choose the ASCII character set).
    static func withoutCharacterSetChoice(_ sequence: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        var index = 0
        while index < sequence.count {
            if index + 2 < sequence.count, sequence[index] == 0x1B, sequence[index + 1] == 0x28, sequence[index + 2] == 0x42 {
                index += 3
                continue
            }
            kept.append(sequence[index])
            index += 1
        }
        return kept
    }

    /// Whether `sequence` holds `ESC [ 0 ;` or `ESC [ 0 m`: attributes and
    /// colours reset before the look is set.
    static func resetsAll(_ sequence: [UInt8]) -> Bool {
        guard sequence.count >= 4 else { return false }
        for index in 0...(sequence.count - 4)
        where sequence[index] == 0x1B && sequence[index + 1] == 0x5B
            && sequence[index + 2] == 0x30 && (sequence[index + 3] == 0x3B || sequence[index + 3] == 0x6D)
        {
            return true
        }
        return false
    }

    /// Moves the cursor to `row`, `column` by the shortest way the terminal is
    /// sure to take: from where it is when that is known (a few rows down by
    /// vertical tabs, which move down like a line feed but are never turned
    /// into two characters by the terminal driver, and never scroll: no scroll
    /// region is ever set and no row below the last is asked for), else to
    /// the place itself. The ways are weighed by their length before one is
    /// written, as a frame may hold hundreds of moves.
    private mutating func move(to row: Int, _ column: Int) {
        guard let now = cursor else {
            writeAbsolute(row, column)
            cursor = (row, column)
            return
        }
        if now.row == row, now.column == column { return }
        defer { cursor = (row, column) }
        // ESC [ row H, or ESC [ row ; column H.
        let absolute = 3 + Self.digits(row + 1) + (column == 0 ? 0 : 1 + Self.digits(column + 1))
        let down = row - now.row
        // Up or down by a sequence, the column kept, then along the row.
        let vertical = down == 0 ? 0 : Self.sequenceLength(abs(down))
        let byVertical = vertical + Self.horizontalLength(from: now.column, to: column)
        // To the row's start, down by vertical tabs, then along: right whether
        // or not the terminal returns the carriage on a line feed.
        let byTabs = down > 0 ? (now.column == 0 ? 0 : 1) + down + Self.horizontalLength(from: 0, to: column) : Int.max
        if absolute <= byVertical, absolute <= byTabs { return writeAbsolute(row, column) }
        if byTabs < byVertical {
            if now.column != 0 { output.append(0x0D) }
            output += repeatElement(0x0B, count: down)
            writeHorizontal(from: 0, to: column)
        } else {
            if down != 0 { writeSequence(abs(down), final: down > 0 ? 0x42 : 0x41) }  // B, A
            writeHorizontal(from: now.column, to: column)
        }
    }

    private mutating func writeAbsolute(_ row: Int, _ column: Int) {
        output += [0x1B, 0x5B]
        writeDecimal(row + 1)
        if column != 0 {
            output.append(0x3B)
            writeDecimal(column + 1)
        }
        output.append(0x48)  // H
    }

    /// Along the row from `from` to `to`: a carriage return to the start, a
    /// sequence right or left, or both.
    private mutating func writeHorizontal(from: Int, to: Int) {
        if from == to { return }
        if to == 0 { return output.append(0x0D) }
        let along = Self.sequenceLength(abs(to - from))
        if 1 + Self.sequenceLength(to) < along {
            output.append(0x0D)
            writeSequence(to, final: 0x43)  // C
        } else {
            writeSequence(abs(to - from), final: to > from ? 0x43 : 0x44)  // C, D
        }
    }

    /// The length of what `writeHorizontal` writes.
    private static func horizontalLength(from: Int, to: Int) -> Int {
        if from == to { return 0 }
        if to == 0 { return 1 }
        return min(sequenceLength(abs(to - from)), 1 + sequenceLength(to))
    }

    /// ESC [ count final, the count left out when it is one.
    private mutating func writeSequence(_ count: Int, final: UInt8) {
        output += [0x1B, 0x5B]
        if count != 1 { writeDecimal(count) }
        output.append(final)
    }

    /// The length of what `writeSequence` writes.
    private static func sequenceLength(_ count: Int) -> Int { 3 + (count == 1 ? 0 : digits(count)) }

    private mutating func writeDecimal(_ value: Int) {
        var divisor = 1
        while divisor * 10 <= value { divisor *= 10 }
        while divisor > 0 {
            output.append(0x30 + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    private static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// When a band of rows of `old` shows in `new` moved up or down by a few
    /// (a message arrived and the pane scrolled; the composer grew or shrank
    /// and what is above it moved), has the terminal move the band by deleting
    /// and inserting rows, and moves `shown` to match, so only the rows that came in are
    /// written. The band starts at one of the first rows that changed; the
    /// one that saves writing the most cells is scrolled, when they are worth
    /// more than the sequences. True when it scrolled.
    private mutating func scrollIfRowsMoved(
        old: [Cell], new: [Cell], changed: ArraySlice<Int>, shown: inout [Cell],
        size: TerminalSize
    ) -> Bool {
        let columns = size.columns
        let rows = size.rows
        guard rows >= 3, columns > 0 else { return false }
        if blankRow.count != columns { blankRow = [Cell](repeating: .blank, count: columns) }
        let blankRow = blankRow
        var best: (top: Int, bottom: Int, shift: Int, worth: Int)?
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                func rowsMatch(_ newRow: Int, _ oldRow: Int) -> Bool {
                    Self.same(
                        old, new, oldRow * columns..<(oldRow + 1) * columns,
                        newRange: newRow * columns..<(newRow + 1) * columns)
                }
                func alikeCells(newRow: Int, oldRow: Int) -> Int {
                    var count = 0
                    for column in 0..<columns
                    where old[oldRow * columns + column] != .blank
                        && old[oldRow * columns + column] == new[newRow * columns + column]
                    {
                        count += 1
                    }
                    return count
                }
                // A blank row saves nothing when scrolled: told by one comparison.
                func filled(_ oldRow: Int) -> Int {
                    blankRow.withUnsafeBufferPointer { blank in
                        Self.same(old, blank, oldRow * columns..<(oldRow + 1) * columns, newRange: 0..<columns)
                    } ? 0 : columns
                }
                // The band starts at one of the first rows that changed (the
                // separator above the composer may change while the composer scrolls).
                // A row inside a band already found starts no better one.
                for top in changed where top + 2 <= rows && !(best.map { $0.top..<$0.bottom ~= top } ?? false) {
                    for distance in 1...min(8, (rows - top) / 2) {
                        for shift in [distance, -distance] {
                            // Up: old rows top+distance… show at top…; down: old rows top… at top+distance….
                            var moved = 0
                            var worth = 0
                            while true {
                                let newRow = shift > 0 ? top + moved : top + distance + moved
                                let oldRow = shift > 0 ? top + moved + distance : top + moved
                                guard newRow < rows, oldRow < rows, rowsMatch(newRow, oldRow) else { break }
                                worth += filled(oldRow)
                                moved += 1
                            }
                            if moved > 0, worth > (best?.worth ?? 24) {
                                best = (top, top + moved + distance, shift, worth)
                            }
                        }
                    }
                }
                // Scrolled up, the band takes in the row after it when much of
                // that row stays where it goes (a draft's row rewrapped as the
                // composer grew): then only its changes are written.
                if let chosen = best, chosen.shift > 0, chosen.bottom < rows,
                    alikeCells(newRow: chosen.bottom - chosen.shift, oldRow: chosen.bottom) > columns / 2
                {
                    best = (chosen.top, chosen.bottom + 1, chosen.shift, chosen.worth)
                }
                // When the rows above the band would show the same moved with
                // it (the blank rows above a short conversation, as the
                // composer grows or shrinks), the band starts at the top: the
                // whole screen scrolls, with no move of the cursor to do it.
                if let chosen = best, chosen.top > 0,
                    (0..<chosen.top).allSatisfy({ row in
                        let oldRow = row + chosen.shift
                        return oldRow >= 0
                            ? rowsMatch(row, oldRow)
                            : blankRow.withUnsafeBufferPointer { blank in
                                Self.same(new, blank, row * columns..<(row + 1) * columns, newRange: 0..<columns)
                            }
                    })
                {
                    best = (0, chosen.bottom, chosen.shift, chosen.worth)
                }
            }
        }
        guard let best else { return false }
        let distance = abs(best.shift)
        setLook(Self.plainLook, cell: .blank)  // the rows opened take the look's background
        // Rows are deleted at one end of the band and as many opened at the
        // other, so the rows around it stay where they are. No scroll region
        // is set: a chat-tui killed outright leaves none to trouble the shell.
        if best.shift > 0 {
            linesRemoved(distance, at: best.top)
            if best.bottom < size.rows { linesOpened(distance, at: best.bottom - distance) }
        } else {
            if best.bottom < size.rows { linesRemoved(distance, at: best.bottom - distance) }
            linesOpened(distance, at: best.top)
        }
        let band = best.top * columns..<best.bottom * columns
        var moved = Array(old[band])
        let blanks = repeatElement(Cell.blank, count: distance * columns)
        if best.shift > 0 {
            moved.removeFirst(distance * columns)
            moved += blanks
        } else {
            moved.removeLast(distance * columns)
            moved.insert(contentsOf: blanks, at: 0)
        }
        shown.replaceSubrange(band, with: moved)
        return true
    }

    /// Deletes `count` rows at `row`; the rows below move up and blank rows
    /// come in at the bottom. At the top that is the whole screen scrolled up
    /// (`ESC [ n S`), which leaves the cursor where it is.
    private mutating func linesRemoved(_ count: Int, at row: Int) {
        if row == 0 { return writeSequence(count, final: 0x53) }  // S
        move(to: row, 0)
        writeSequence(count, final: 0x4D)  // M: the cursor stays at the row's start
    }

    /// Opens `count` blank rows at `row`; the rows below move down and as many
    /// leave at the bottom. At the top that is the whole screen scrolled down
    /// (`ESC [ n T`).
    private mutating func linesOpened(_ count: Int, at row: Int) {
        if row == 0 { return writeSequence(count, final: 0x54) }  // T
        move(to: row, 0)
        writeSequence(count, final: 0x4C)  // L
    }

    /// Finds the rows among `rows` whose cells differ between `a` and `b`, as `changed`.
    private mutating func findChangedRows(_ a: [Cell], _ b: [Cell], size: TerminalSize, among rows: Range<Int>) {
        changed.removeAll(keepingCapacity: true)
        let columns = size.columns
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for row in rows.clamped(to: 0..<size.rows) where !Self.same(a, b, row * columns..<(row + 1) * columns) {
                    changed.append(row)
                }
            }
        }
    }

    /// Whether two rows hold the same cells.
    private static func same(
        _ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>, _ range: Range<Int>,
        newRange: Range<Int>? = nil
    ) -> Bool {
        // Cells are equal exactly when their eight bytes are (`Cell.==`).
        let other = newRange ?? range
        return memcmp(
            a.baseAddress! + range.lowerBound, b.baseAddress! + other.lowerBound,
            range.count * MemoryLayout<Cell>.stride) == 0
    }
}
