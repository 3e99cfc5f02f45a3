/// Why chat-tui itself holds a message back or cannot say it was heard, as
/// values: each is worded in one place (`NotSentReason.text`, beside
/// `Notice`'s and `NetworkNotice`'s), and given to the room as the reason of
/// `Event.deliveryFailed` or `Event.deliveryUnconfirmed`. A server's own
/// refusal is given in the server's words instead.
public enum NotSentReason: Equatable, Sendable {
    /// The connection was lost after the message went and before its echo came.
    case connectionLost
    /// `/reconnect` closed the connection after the message went and before its echo came.
    case reconnected
    /// The room's outbox could not be written, so the message was not sent.
    case outboxNotKept(reason: String)
    /// IRC cannot carry the message (a line of it, its target), and why.
    case cannotCarry(problem: String)
    /// chat-tui ended while the message was on its way, before the server confirmed it.
    case ended
    /// The network's own room talks to the server, not to anyone a message could go to.
    case serverRoom
}
