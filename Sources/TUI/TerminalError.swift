/// Why the terminal could not be set up, in words the user can act on (the
/// program puts its name in front).
public enum TerminalError: Error, CustomStringConvertible {
    /// There is no controlling terminal to draw on.
    case noTerminal
    /// ncurses does not know the terminal type in `TERM`.
    case unknownTerminalType(String?)

    public var description: String {
        switch self {
        case .noTerminal:
            return "no terminal to draw on: /dev/tty could not be opened (run it in a terminal window, or inside tmux or screen)"
        case .unknownTerminalType(let name?):
            return "cannot drive terminal type '\(name)': set TERM to one your system knows (for example xterm-256color)"
        case .unknownTerminalType(nil):
            return "cannot tell what terminal this is: TERM is not set (try TERM=xterm-256color)"
        }
    }
}
