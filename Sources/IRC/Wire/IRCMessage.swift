/// One line of the IRC protocol, with the IRCv3 message tags: what a server
/// sends and what chat-tui sends it. Parsed from the bytes of a line without
/// its CR LF, and encoded back into one.
///
/// `@time=2026-12-04T10:00:00.000Z;msgid=abc :nick!user@host PRIVMSG #chan :hello there`
public struct IRCMessage: Equatable, Sendable {
    /// The IRCv3 tags, in the order they came; a tag without a value has "".
    public var tags: [(key: String, value: String)]
    /// Who sent it (`nick!user@host` or a server's name); nil when absent.
    public var source: String?
    /// The command or numeric, upper-cased as servers send it (`PRIVMSG`, `001`).
    public var command: String
    /// The parameters, the trailing one included and without its `:`.
    public var parameters: [String]

    public init(
        tags: [(key: String, value: String)] = [], source: String? = nil, command: String,
        parameters: [String] = []
    ) {
        self.tags = tags
        self.source = source
        self.command = command
        self.parameters = parameters
    }

    public static func == (lhs: IRCMessage, rhs: IRCMessage) -> Bool {
        lhs.tags.elementsEqual(rhs.tags) { $0.key == $1.key && $0.value == $1.value }
            && lhs.source == rhs.source && lhs.command == rhs.command && lhs.parameters == rhs.parameters
    }

    /// The value of tag `key`: nil when absent, "" when present without a value.
    public func tag(_ key: String) -> String? {
        tags.first { $0.key == key }?.value
    }

    /// The nick in `source`: what comes before `!` (or all of it, for a server).
    public var sourceNick: String? {
        source.map { String($0.prefix { $0 != "!" && $0 != "@" }) }
    }

    /// The most bytes of a line after its tags, CR LF included (RFC 1459).
    public static let maxLineBytes = 512
    /// The most bytes of the tags of a line from a server, `@` and space included (IRCv3).
    public static let maxTagBytes = 8191
    /// The most parameters a line carries.
    public static let maxParameters = 15
}
