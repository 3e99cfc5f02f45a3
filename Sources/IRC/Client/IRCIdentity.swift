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
    /// How to log in with SASL before registration ends, if the network is to
    /// be logged in to that way.
    public var sasl: SASLLogin?

    public init(
        nick: String, user: String? = nil, realName: String = "chat-tui user", password: String? = nil,
        sasl: SASLLogin? = nil
    ) {
        self.nick = nick
        self.user = user ?? nick
        self.realName = realName
        self.password = password
        self.sasl = sasl
    }
}

/// A SASL login: `PLAIN` with an account and password (never over a
/// connection without TLS), or `EXTERNAL`, where the client certificate shown
/// in the TLS handshake is the credential.
public enum SASLLogin: Equatable, Sendable {
    case plain(account: String, password: String)
    case external

    /// The mechanism's name, as `AUTHENTICATE` and the `sasl` capability write it.
    public var mechanism: String {
        switch self {
        case .plain: "PLAIN"
        case .external: "EXTERNAL"
        }
    }

    /// What is sent once the server is ready for it: for `PLAIN` the account
    /// twice and the password, NUL between; for `EXTERNAL` nothing (the
    /// account is the certificate's).
    var response: [UInt8] {
        switch self {
        case .plain(let account, let password): Array("\(account)\0\(account)\0\(password)".utf8)
        case .external: []
        }
    }
}
