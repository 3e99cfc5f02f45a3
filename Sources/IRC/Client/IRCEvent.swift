import ChatModel

/// What the client saw happen, for the program to show.
public enum IRCEvent: Equatable, Sendable {
    /// Registration finished: the server welcomed the user under `nick`.
    case registered(nick: String)
    /// A message, or a notice of what someone did, for a room.
    case message(Message, IRCTarget)
    /// A message said before, sent again: history after a gap, or a bouncer's
    /// playback. The room may hold it already.
    case replayed(Message, IRCTarget)
    /// Messages from before those held in `channel`, oldest first, as
    /// `history(of:before:)` asked (Page Up past the start of the room
    /// file); `reachedStart` when the server has nothing older.
    case older(channel: String, messages: [Message], reachedStart: Bool)
    /// The message sent with this label was echoed back by the server (or,
    /// when the server does not echo, written): it is sent, with the id and
    /// the time the server gave it.
    case confirmed(label: String, serverID: String?, time: Timestamp?)
    /// The server refused the message sent with this label, and why.
    case refused(label: String, reason: String)
    /// A message of the user's reached the network (`IRCSession`'s word for
    /// `confirmed`): with the id and the time the server gave it.
    case delivered(SentMessage, serverID: String?, time: Timestamp?)
    /// The network refused a message of the user's, in its words
    /// (`IRCSession`'s word for `refused`).
    case notDelivered(SentMessage, reason: String)
    /// The user is now in this channel.
    case joined(String)
    /// The user left this channel.
    case left(String)
    /// Someone removed the user from this channel, and why when they said.
    case kicked(channel: String, by: String, reason: String?)
    /// The server would not let the user into this channel, in its words.
    case joinRefused(channel: String, reason: String)
    /// The user's nick is now this.
    case nickChanged(String)
    /// Someone else's nick changed: a private conversation with them goes on under the new one.
    case renamed(from: String, to: String)
    /// Who is in the channel, as `/names` asked, ranks shown (`@alice`).
    case names(channel: String, nicks: [String])
    /// The server is ending the connection (`ERROR`), and why.
    case closing(String)
}
