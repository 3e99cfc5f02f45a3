/// One message in a room.
public struct Message: Equatable, Sendable {
    /// Who sent it.
    public var sender: String
    /// What was said; may hold newlines.
    public var text: String
    /// When it was sent; nil when its source did not say.
    public var time: Timestamp?
    public var kind: MessageKind
    /// True for a message the user of this chat-tui sent.
    public var isOwn: Bool
    /// Stretches of `text` shown bold, coloured and so on (from IRC logs).
    public var formatting: [FormatRun]
    /// Fields of its transcript line that chat-tui does not use, kept in order so
    /// that writing the message again loses nothing.
    public var otherFields: [JSONMember]

    public init(sender: String, text: String, time: Timestamp?, kind: MessageKind = .message, isOwn: Bool = false,
                formatting: [FormatRun] = [], otherFields: [JSONMember] = []) {
        self.sender = sender
        self.text = text
        self.time = time
        self.kind = kind
        self.isOwn = isOwn
        self.formatting = formatting
        self.otherFields = otherFields
    }
}
