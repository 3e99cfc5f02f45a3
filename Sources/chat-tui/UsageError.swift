import ChatCore
import ChatIO
import ChatModel
import Glibc
import IRC

/// A command line chat-tui cannot follow; reported with status 2.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(String)
    case unexpectedArgument(String)
    case invalidNick(String, reason: String)
    case invalidRoom(RoomName.Problem)
    case invalidSpeed(String)
    case invalidStyle(String)
    case invalidNickWidth(String)
    case invalidScrollback(String)
    case optionNeedsReplay(String)
    case invalidAddress(IRCAddress.Problem)
    case invalidFingerprint(String)
    case optionNeedsNetwork(String)
    case unreadableCertificate(String, code: Int32)
    /// A word that is neither an option nor an address names no network written.
    case unknownNetwork(String, path: String)
    case configuration(SettingsFile.Problem)

    var description: String {
        switch self {
        case .unknownOption(let option): return "unknown option '\(option)'"
        case .missingValue(let option): return "option '\(option)' needs a value"
        case .unexpectedArgument(let argument): return "unexpected argument '\(argument)'"
        case .invalidNick(let nick, let reason): return "cannot use '\(nick)' as a nick: \(reason)"
        case .invalidRoom(let problem): return problem.description
        case .invalidSpeed(let text): return "cannot use '\(text)' as a speed: give a number above 0, such as 2 or 0.5"
        case .invalidStyle(let text): return "there is no style '\(text)': use 'lines' or 'bubbles'"
        case .invalidNickWidth(let text):
            return "cannot use '\(text)' as a nick width: give a number of columns from 1 to \(Options.nickWidths.upperBound)"
        case .invalidScrollback(let text):
            return "cannot use '\(text)' as a scrollback: give a number of messages from "
                + "\(Options.scrollbacks.lowerBound) to \(Options.scrollbacks.upperBound)"
        case .optionNeedsReplay(let option): return "option '\(option)' only applies with --replay"
        case .invalidAddress(let problem): return problem.description
        case .invalidFingerprint(let text):
            return
                "cannot read '\(text)' as a certificate's fingerprint: write SHA256: and 32 bytes in hexadecimal, as chat-tui shows it"
        case .optionNeedsNetwork(let option): return "option '\(option)' only applies with an ircs:// address"
        case .unreadableCertificate(let path, let code):
            return "cannot read the client certificate \(path): \(String(cString: strerror(code)))"
        case .unknownNetwork(let name, let path):
            return "'\(name)' is not an address (ircs://HOST/#channel) nor a network written in \(path) (docs/irc.md shows one)"
        case .configuration(let problem): return problem.description
        }
    }
}
