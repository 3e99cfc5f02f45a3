/// The user's place in one channel, as the server last said it: what
/// chat-tui joins again after a reconnect, and what it tells the user.
public struct Membership: Equatable, Sendable {
    /// The channel's name as the server spelled it (or, until it answers, as asked).
    public internal(set) var channel: String
    public internal(set) var state: State

    public enum State: Equatable, Sendable {
        /// Asked for and not answered yet, or to be joined again once registered.
        case joining
        /// The server said the user is in it.
        case joined
        /// Someone removed the user; joined again only when the user asks.
        case kicked(by: String, reason: String?)
        /// The server would not let the user in, and why (in its words).
        case refused(String)
    }

    /// True when the user means to be in the channel: it is joined again on
    /// every connection.
    public var isWanted: Bool {
        switch state {
        case .joining, .joined: true
        case .kicked, .refused: false
        }
    }
}
