/// Work the state machine asks the program around it to do.
public enum Effect: Equatable, Sendable {
    /// Store and send this message, then report back with `Event.delivered` or
    /// `Event.deliveryFailed`. Until then it stays in the composer.
    case send(Message)
    /// Give the terminal back to the shell until the user resumes (Ctrl-Z, `fg`).
    case suspend
    /// Open the room of this name and give it the focus (`/join`); the program
    /// opens its file and adds it with `Session.open`.
    case openRoom(RoomName)
    /// Close this room (`/part`): save its draft and let go of its file.
    case closeRoom(String)
    /// Ring the terminal's bell: a message in another room named the user.
    case bell
}
