/// Work the state machine asks the program around it to do.
public enum Effect: Equatable, Sendable {
    /// The user sent this message; it is already in the pane.
    case sent(Message)
}
