import ChatModel

/// Something chat-tui tells the user about itself, as a value: the state keeps
/// and compares notices, and `Notice.lines` (with the view) words them.
public enum Notice: Equatable, Sendable {
    /// The command in the draft cannot be run; the draft is kept to fix.
    case commandProblem(Command.Problem)
    /// The message could not be stored; it stays in the composer.
    case notSent(reason: String)
    /// `/help`: every key and command.
    case help
    /// `/nick` took effect.
    case nickChanged(String)
    /// `/part` in the last room open.
    case onlyRoomOpen
    /// `/join` could not open the room's files.
    case cannotOpenRoom(RoomName, reason: String)
    /// The draft could not be written to disk, and why; it is tried again.
    case draftNotSaved(reason: String)
    /// The connection to a network ended without the user asking, and why.
    case connectionLost(network: String, reason: String)
    /// The draft has this many lines, which the network takes only one
    /// message each: Enter sends them, Esc goes back to editing.
    case confirmLines(Int)
    /// Who is in the channel, as `/names` asked.
    case names(channel: String, nicks: [String])
    /// The drafts folder could not be read, and why: drafts left by earlier runs are not offered.
    case draftsNotRead(reason: String)
    /// Messages that arrived are shown but could not be kept in the room file, and why.
    case notKept(reason: String)
    /// The room's outbox could not be written to disk, and why: what waits
    /// in it would not outlive chat-tui.
    case outboxNotKept(reason: String)
    /// Messages waiting to be sent could not be read back from disk, and why
    /// (or how many lines of it could not be read).
    case outboxNotRead(reason: String)
    /// A replay's older messages could not be kept on disk, and why: reading
    /// back reaches only as far as memory holds.
    case replayHistoryNotKept(reason: String)
}
