/// Who the user is on a network: what registration sends.
public struct IRCIdentity: Equatable, Sendable {
    /// The nick wanted; a taken nick has `_` added until one is free.
    public var nick: String
    /// The user name (the part before `@` in `nick!user@host`).
    public var user: String
    /// The real name, shown by `WHOIS`.
    public var realName: String
    /// The server password (`PASS`), if the network needs one.
    public var password: String?

    public init(nick: String, user: String? = nil, realName: String = "chat-tui user", password: String? = nil) {
        self.nick = nick
        self.user = user ?? nick
        self.realName = realName
        self.password = password
    }
}
