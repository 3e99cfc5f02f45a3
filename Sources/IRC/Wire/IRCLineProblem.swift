/// Why a line is not an IRC message: received, it is dropped (and may be shown
/// as text); to be sent, it is refused before it reaches the wire.
public enum IRCLineProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but spaces, or tags or a source with no command after them.
    case noCommand
    /// The command is neither letters nor a three-digit numeric.
    case badCommand(String)
    /// Longer than the protocol allows.
    case tooLong(bytes: Int, limit: Int)
    /// A CR, LF or NUL inside the line, which would end or cut it.
    case lineBreakInside
    /// A parameter that cannot be sent where it stands: a middle one that is
    /// empty, holds a space or starts with `:`.
    case badParameter(String)
    /// A tag key with characters a key may not have.
    case badTagKey(String)

    public var description: String {
        switch self {
        case .noCommand: "no command"
        case .badCommand(let command): "'\(command)' is not an IRC command"
        case .tooLong(let bytes, let limit): "\(bytes) bytes, more than the \(limit) IRC allows"
        case .lineBreakInside: "a line break or NUL inside the line"
        case .badParameter(let parameter): "'\(parameter)' cannot be sent as a middle parameter"
        case .badTagKey(let key): "'\(key)' is not a tag name"
        }
    }
}
