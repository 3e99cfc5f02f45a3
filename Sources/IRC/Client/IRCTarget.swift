/// Where something a server said belongs.
public enum IRCTarget: Hashable, Sendable {
    /// The network's own room: the welcome, the message of the day, errors.
    case server
    /// A channel, by its name as the server spelled it.
    case channel(String)
    /// A private conversation with a nick.
    case query(String)
}
