import ChatModel

/// Work the state machine asks the program around it to do. Every effect is
/// for the room whose state returned it (`Session.RoomEffect` names it).
public enum Effect: Equatable, Sendable {
    /// Store or send this message, then answer with `Event.delivered` or
    /// `Event.deliveryFailed` naming `id`.
    case send(LocalID, Message)
    /// Read older messages of the room and answer with `Event.history`: the
    /// user reads back near `before`, the first message held (nil when none
    /// is). The room may have let go of older ones it held (it keeps at most
    /// its `scrollbackLimit`), or may hold as its first a message that arrived
    /// while it was open: what is older is what came before that message.
    case loadOlderMessages(before: Message?)
    /// Read the messages after `after`, the last held, and answer with
    /// `Event.newer`: the user reads forward towards messages the room let go
    /// of (`letGoOfNewer`). Nil asks for the newest ones, which the room shows
    /// in place of all it holds: the user went back to the newest.
    case loadNewerMessages(after: Message?)
    /// The room let go of the messages after `after`, its last held now, to
    /// keep its memory bounded while the user reads far back; it asks for
    /// them again with `loadNewerMessages`. Nothing is answered.
    case letGoOfNewer(after: Message)
    /// The user asked to leave chat-tui.
    case quit
    /// Give the terminal back to the shell until the user resumes (Ctrl-Z, `fg`).
    case suspend
    /// Open the room of this name and give it the focus (`/join`); the program
    /// opens its file and adds it with `Session.open`.
    case openRoom(RoomName)
    /// Close this room (`/part`): save its draft and let go of its file.
    case closeRoom(String)
    /// Ring the terminal's bell: a message in another room named the user.
    case bell
    /// Ask the room's network for this (a command in a network's room).
    case request(NetworkRequest)
}
