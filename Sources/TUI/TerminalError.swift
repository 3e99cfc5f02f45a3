/// Why the terminal could not be set up, in words the user can act on.
public enum TerminalError: Error, CustomStringConvertible {
    /// There is no controlling terminal to draw on.
    case noTerminal
    /// ncurses does not know the terminal type in `TERM`.
    case unknownTerminalType(String?)

    public var description: String {
        switch self {
        case .noTerminal:
            return "chat-tui needs a terminal: /dev/tty could not be opened (run it in a terminal window, or inside tmux or screen)"
        case .unknownTerminalType(let name?):
            return "chat-tui cannot drive terminal type '\(name)': set TERM to one your system knows (for example xterm-256color)"
        case .unknownTerminalType(nil):
            return "chat-tui cannot tell what terminal this is: TERM is not set (try TERM=xterm-256color)"
        }
    }
}
