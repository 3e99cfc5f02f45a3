import CNcurses
import ChatCore
import Glibc

/// Puts frames on the terminal. Rows equal to the last frame's are skipped, and
/// ncurses sends only the cells that changed within the rest.
///
/// ncurses places a cell by the C library's width of its first code point. A
/// cluster the terminal was measured to draw at another width (☺️ or 1️⃣ two
/// columns wide in kitty, ① in a CJK setup) is held in ncurses' picture as a
/// stand-in of the measured width, and the cluster itself is written over it,
/// whole, once ncurses has drawn.
public final class Screen {
    private let terminal: Terminal
    private var shown: Frame?
    private let palette: Palette
    /// Cells to write over their stand-ins once ncurses has drawn the frame.
    private var overlays: [(row: Int, column: Int, cell: Cell)] = []

    public init(terminal: Terminal) {
        self.terminal = terminal
        palette = Palette(hasColors: terminal.hasColors)
    }

    /// Draws `frame` and leaves the terminal's cursor at its caret.
    public func draw(_ frame: Frame) {
        let window = terminal.window
        // Cells of another size or cluster generation cannot be compared.
        let old = shown.flatMap { $0.size == frame.size && $0.generation == frame.generation ? $0 : nil }
        for row in 0..<frame.size.rows {
            let range = frame.range(ofRow: row)
            if let old {
                if Self.same(old.cells[range], frame.cells[range]) { continue }
                // Only the cells that changed (typing changes one or two): the
                // right half of a wide character goes with its left half.
                for index in range where frame.cells[index].width > 0 && frame.cells[index] != old.cells[index] {
                    put(frame.cells[index], row: row, column: index - range.lowerBound)
                }
                continue
            }
            wmove(window, Int32(row), 0)
            wclrtoeol(window)
            // The row was just cleared: blanks and the right halves of wide
            // characters need nothing sent.
            for index in range where frame.cells[index].width > 0 && frame.cells[index] != .blank {
                put(frame.cells[index], row: row, column: index - range.lowerBound)
            }
        }
        wmove(window, Int32(frame.cursorRow), Int32(frame.cursorColumn))
        wnoutrefresh(window)
        doupdate()
        if !overlays.isEmpty { writeOverlays(caretRow: frame.cursorRow, caretColumn: frame.cursorColumn) }
        shown = frame
    }

    /// Whether two rows hold the same cells: equal memory first, which most
    /// rows are, then cell by cell (a cell's unused bytes may differ).
    private static func same(_ old: ArraySlice<Cell>, _ new: ArraySlice<Cell>) -> Bool {
        let equalMemory = old.withUnsafeBytes { oldBytes in
            new.withUnsafeBytes { newBytes in
                oldBytes.count == newBytes.count
                    && memcmp(oldBytes.baseAddress!, newBytes.baseAddress!, oldBytes.count) == 0
            }
        }
        return equalMemory || old.elementsEqual(new)
    }

    /// Writes the clusters ncurses holds stand-ins for, each whole at its place,
    /// then puts the attributes and the cursor back where ncurses left them.
    private func writeOverlays(caretRow: Int, caretColumn: Int) {
        let output = terminal.output
        chat_attribute_output().pointee = output
        for overlay in overlays {
            let look = palette.look(style: overlay.cell.style, format: overlay.cell.format)
            chat_set_attributes(look.attributes, look.pair)
            fputs("\u{1B}[\(overlay.row + 1);\(overlay.column + 1)H" + overlay.cell.text, output)
        }
        chat_set_attributes(chat_a_normal(), 0)
        fputs("\u{1B}[\(caretRow + 1);\(caretColumn + 1)H", output)
        fflush(output)
        overlays = []
    }

    /// Forgets what is on screen, so the next frame is drawn in full.
    public func invalidate() {
        shown = nil
    }

    private func put(_ cell: Cell, row: Int, column: Int) {
        if let scalar = cell.scalar {
            let value = wchar_t(bitPattern: scalar.value)
            // Printable ASCII is one column wide in every C library.
            let libraryWidth = (0x20..<0x7F).contains(scalar.value) ? 1 : Int(chat_wcwidth(value))
            if libraryWidth == Int(cell.width) {
                let look = palette.look(style: cell.style, format: cell.format)
                _ = chat_put_char(terminal.window, Int32(row), Int32(column), value, look.attributes, look.pair)
                return
            }
        }
        putCluster(cell, row: row, column: column)
    }

    /// Puts a cell of several code points, or one whose width the C library
    /// does not know as the terminal draws it.
    private func putCluster(_ cell: Cell, row: Int, column: Int) {
        var chars: [wchar_t]
        if let scalar = cell.scalar {
            chars = [wchar_t(bitPattern: scalar.value)]
        } else {
            let text = cell.text
            let capacity = Int(chat_cell_capacity())
            var scalars = Array(text.unicodeScalars.prefix(capacity))
            // A cluster cut to fit must not end in a joiner, or the terminal would join
            // it to the next cell's character. (A cell that ends in a joiner because
            // the terminal draws a sequence's parts side by side keeps it: the parts,
            // written one after the other, are the sequence the terminal measured.)
            if text.unicodeScalars.count > capacity {
                while scalars.count > 1, scalars.last == "\u{200D}" { scalars.removeLast() }
            }
            chars = scalars.map { wchar_t(bitPattern: $0.value) }
        }
        // ncurses moves its own cursor by the C library's width of the first code
        // point; when that disagrees with the width chat-tui measured, a stand-in
        // of the right width keeps ncurses and the screen in step, and the cluster
        // the terminal was measured to draw so is written over it afterwards.
        if let first = chars.first {
            let libraryWidth = Int(chat_wcwidth(first))
            if libraryWidth != Int(cell.width) {
                if libraryWidth >= 0 { overlays.append((row, column, cell)) }
                chars = [wchar_t(cell.width == 2 ? 0xFF1F : 0xFFFD)]  // ？ or �
            }
        }
        let look = palette.look(style: cell.style, format: cell.format)
        _ = chat_put_cell(terminal.window, Int32(row), Int32(column), chars, Int32(chars.count), look.attributes, look.pair)
    }
}
