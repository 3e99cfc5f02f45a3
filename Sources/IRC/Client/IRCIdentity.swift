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
    /// The account and password to log in with SASL `PLAIN`, if the network
    /// is to be logged in to that way (never over a connection without TLS).
    public var sasl: (account: String, password: String)?

    public static func == (lhs: IRCIdentity, rhs: IRCIdentity) -> Bool {
        lhs.nick == rhs.nick && lhs.user == rhs.user && lhs.realName == rhs.realName && lhs.password == rhs.password
            && lhs.sasl?.account == rhs.sasl?.account && lhs.sasl?.password == rhs.sasl?.password
    }

    public init(nick: String, user: String? = nil, realName: String = "chat-tui user", password: String? = nil,
                sasl: (account: String, password: String)? = nil) {
        self.nick = nick
        self.user = user ?? nick
        self.realName = realName
        self.password = password
        self.sasl = sasl
    }
}
