/// Work the state machine asks the program around it to do.
public enum Effect: Equatable, Sendable {
    /// Store and send this message, then report back with `Event.delivered` or
    /// `Event.deliveryFailed`. Until then it stays in the composer.
    case send(Message)
    /// Give the terminal back to the shell until the user resumes (Ctrl-Z, `fg`).
    case suspend
}
