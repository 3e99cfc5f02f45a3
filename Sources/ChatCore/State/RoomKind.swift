/// What a room is: where its messages come from and go, which decides what
/// Enter and the commands do in it. One value, where flags once disagreed.
public enum RoomKind: Equatable, Sendable {
    /// A room of files, on this machine.
    case local
    /// The room a replayed transcript is shown in.
    case replay
    /// A network's own room: what the server says, and commands to it.
    /// A message typed there has no one to go to.
    case server
    /// A channel of a network.
    case channel
    /// A private conversation with one person on a network: everything
    /// they write is for the user, as a mention is.
    case conversation

    /// True for a network's rooms: their commands ask the network
    /// (`Effect.request`), and a new nick waits for the network to confirm it.
    public var isOnNetwork: Bool {
        switch self {
        case .local, .replay: false
        case .server, .channel, .conversation: true
        }
    }
}
