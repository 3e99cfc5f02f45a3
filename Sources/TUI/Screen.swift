import CNcurses
import ChatCore
import Glibc

/// Puts frames on the terminal. Rows equal to the last frame's are skipped, and
/// ncurses sends only the cells that changed within the rest.
public final class Screen {
    private let terminal: Terminal
    private var shown: Frame?
    private let palette: Palette

    public init(terminal: Terminal) {
        self.terminal = terminal
        palette = Palette(hasColors: terminal.hasColors)
    }

    /// Draws `frame` and leaves the terminal's cursor at its caret.
    public func draw(_ frame: Frame) {
        let window = terminal.window
        let sameSize = shown?.size == frame.size
        for (row, cells) in frame.rows.enumerated() {
            if sameSize, let old = shown?.rows[row] {
                if old == cells { continue }
                // Only the cells that changed (typing changes one or two): the
                // right half of a wide character goes with its left half.
                for (column, cell) in cells.enumerated() where cell.width > 0 && cell != old[column] {
                    put(cell, row: row, column: column)
                }
                continue
            }
            wmove(window, Int32(row), 0)
            wclrtoeol(window)
            // The row was just cleared: blanks and the right halves of wide
            // characters need nothing sent.
            for (column, cell) in cells.enumerated() where cell.width > 0 && cell != .blank {
                put(cell, row: row, column: column)
            }
        }
        wmove(window, Int32(frame.cursorRow), Int32(frame.cursorColumn))
        wnoutrefresh(window)
        doupdate()
        shown = frame
    }

    /// Forgets what is on screen, so the next frame is drawn in full.
    public func invalidate() {
        shown = nil
    }

    private func put(_ cell: Cell, row: Int, column: Int) {
        var scalars = Array(cell.text.unicodeScalars.prefix(Int(chat_cell_capacity())))
        // A cut cluster must not end in a joiner, or the terminal would join it to
        // the next cell's character.
        while scalars.count > 1, scalars.last == "\u{200D}" { scalars.removeLast() }
        var chars = scalars.map { wchar_t(bitPattern: $0.value) }
        // ncurses moves its own cursor by the C library's width of the first code
        // point; when that disagrees with the width chat-tui measured, a stand-in
        // of the right width keeps ncurses and the screen in step.
        if let first = chars.first, Int(chat_wcwidth(first)) != Int(cell.width) {
            chars = [wchar_t(cell.width == 2 ? 0xFF1F : 0xFFFD)]  // ？ or �
        }
        let look = palette.look(style: cell.style, format: cell.format)
        _ = chat_put_cell(terminal.window, Int32(row), Int32(column), chars, Int32(chars.count), look.attributes, look.pair)
    }
}
