import CNcurses
import ChatCore
import Glibc

/// Puts frames on the terminal, each in one write: `FrameWriter` turns the
/// change from the frame shown into bytes, from chat-tui's own copy of the
/// screen. ncurses sets the terminal up, clears it when everything is drawn
/// anew (after a resize, a stop, the width probe) and puts it back at the end;
/// the cells themselves go past it, so each is written whole by the width
/// measured for this terminal. The screen is held twice: the frame `ChatView`
/// draws over, and this copy of what the terminal shows, which follows it
/// row by row; curses' own copies are never drawn into.
public final class Screen {
    private let terminal: Terminal
    private var shown: Frame?
    private let palette: Palette
    private var writer: FrameWriter

    public init(terminal: Terminal) {
        self.terminal = terminal
        let palette = Palette(hasColors: terminal.hasColors)
        self.palette = palette
        var looks: [UInt32: [UInt8]] = [:]
        writer = FrameWriter(
            lookSequence: { cell in
                if let known = looks[cell.lookKey] { return known }
                let look = palette.look(style: cell.style, format: cell.format)
                let bytes = Self.sequence(attributes: look.attributes, pair: look.pair, plain: false)
                looks[cell.lookKey] = bytes
                return bytes
            },
            plainSequence: Self.sequence(attributes: chat_a_bold(), pair: 0, plain: true),
            libraryWidth: { Int(chat_wcwidth(wchar_t(bitPattern: $0))) },
            writesLastCell: chat_writes_last_cell() != 0)
    }

    /// The bytes ncurses would write for a look (or, with `plain`, to leave it),
    /// without the `ESC ( B` that terminfo's `sgr` and `sgr0` add to choose the
    /// ASCII character set: ncurses chooses it when it starts, and chat-tui
    /// never chooses another (its lines are Unicode's, not the terminal's
    /// line-drawing set).
    private static func sequence(attributes: attr_t, pair: Int16, plain: Bool) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                chat_look_sequence(attributes, pair, plain ? 1 : 0, $0.baseAddress, Int32($0.count))
            }
        }
        return FrameWriter.withoutCharacterSetChoice(Array(bytes[..<Int(count)]))
    }

    /// Draws `frame` and leaves the terminal's cursor at its caret. A frame
    /// drawn over the one shown is compared in the rows it drew again only,
    /// and only those are copied into the screen's own.
    public func draw(_ frame: Frame) {
        // Taken out while it is read and caught up, so that it is neither
        // copied for the writer nor shared when its rows are updated in place;
        // unwrapped once, as an optional frame is copied and let go of through
        // the runtime's generic witnesses. Cells of another size or cluster
        // generation cannot be compared.
        guard var old = shown.take(), old.size == frame.size, old.generation == frame.generation,
            !terminal.needsClearing
        else {
            let clearing = terminal.clear()
            writer.forgetTerminalState(cursorAtHome: true)
            let bytes = writer.bytes(from: nil, to: frame)
            terminal.write(clearing.isEmpty ? bytes : clearing + bytes)
            shown = frame
            return
        }
        let number = old.number
        let rows = frame.drawnOver.flatMap { $0.frame == number ? $0.rows : nil }
        terminal.write(writer.bytes(from: old.cells, to: frame, rows: rows))
        old.catchUp(to: frame)
        shown = old
    }

    /// Forgets what is on screen, so the next frame is drawn in full.
    public func invalidate() {
        shown = nil
    }
}
