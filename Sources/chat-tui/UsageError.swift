/// A command line chat-tui cannot follow; reported with status 2.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(String)
    case unexpectedArgument(String)
    case invalidNick(String, reason: String)

    var description: String {
        switch self {
        case .unknownOption(let option): return "unknown option '\(option)'"
        case .missingValue(let option): return "option '\(option)' needs a value"
        case .unexpectedArgument(let argument): return "unexpected argument '\(argument)'"
        case .invalidNick(let nick, let reason): return "cannot use '\(nick)' as a nick: \(reason)"
        }
    }
}
