/// What kind of line a message is in a transcript: said, acted (/me), noticed,
/// or an event in the room. Written as the `kind` field; `message` when absent.
public enum MessageKind: String, Equatable, Sendable, CaseIterable {
    case message
    case action
    case notice
    case join
    case part
    case system
}
