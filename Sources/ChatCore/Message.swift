/// One message in a room.
public struct Message: Equatable, Sendable {
    /// Who sent it.
    public var sender: String
    /// What was said; may hold newlines.
    public var text: String
    /// When it was sent.
    public var time: Timestamp
    /// True for a message the user of this chat-tui sent.
    public var isOwn: Bool

    public init(sender: String, text: String, time: Timestamp, isOwn: Bool) {
        self.sender = sender
        self.text = text
        self.time = time
        self.isOwn = isOwn
    }
}
