/// One thing the terminal sent, as `KeyDecoder` reads it from the bytes.
public enum TerminalInput: Equatable, Sendable {
    /// Typed text: a run of printable characters, such as a fast typist's burst
    /// or an input method's committed word.
    case text(String)
    /// The text of a bracketed paste, newlines and tabs included.
    case paste(String)
    /// A key that is not plain text.
    case key(Key)
    /// The answer to a cursor position request (`ESC [ 6 n`), 1-based.
    case cursorPosition(row: Int, column: Int)
    /// The answer to a device attributes request (`ESC [ c`). Every terminal
    /// answers it, and in order, so it marks the end of the answers asked before it.
    case deviceAttributes
}
