import ChatIO
import ChatNet
import TUI

/// Why chat-tui could not start, reported with status 2.
enum StartupError: Error, CustomStringConvertible {
    case terminal(TerminalError)
    case storage(StorageError)
    /// `--replay` with standard input a terminal: nothing is piped in.
    case nothingToReplay
    case cannotReadReplay(StorageError)
    /// `CHAT_TUI_CLOCK_START` (set by tests) is not a time.
    case badClockStart(String)
    /// A network's password could not be read, or was refused.
    case password(network: String, Secret.Problem)
    /// A network's CA file or client certificate cannot be used.
    case tls(network: String, ConnectionProblem)

    var description: String {
        switch self {
        case .terminal(let error): return error.description
        case .storage(let error): return error.description
        case .nothingToReplay:
            return "nothing to replay: pipe a transcript in (producer | chat-tui --replay) or name a file (--replay FILE)"
        case .cannotReadReplay(let error): return error.description
        case .password(let network, let problem): return "\(network): \(problem)"
        case .tls(let network, let problem): return "\(network): \(problem)"
        case .badClockStart(let text):
            return "cannot read '\(text)' in \(SystemClock.startVariable) as a time: write it as 2026-12-03T10:30:00Z"
        }
    }
}
