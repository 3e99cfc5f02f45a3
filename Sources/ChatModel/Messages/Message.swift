/// One message in a room.
public struct Message: Equatable, Sendable {
    /// Who sent it.
    public var sender: String
    /// What was said; may hold newlines.
    public var text: String
    /// When it was sent; nil when its source did not say.
    public var time: Timestamp?
    public var kind: MessageKind
    /// True for a message the user of this chat-tui sent. Its source decides:
    /// the state marks what the user sends, and a link marks what it reads or
    /// echoes back as the user's (a room file by the names this user wrote
    /// under, a network by its own echo), never the state by comparing names.
    public var isOwn: Bool
    /// The id the room's server gave the message (IRC's `msgid`), when it gave one.
    public var serverID: String?
    /// How far the message has got, for one the user wrote; `sent` for the rest.
    public var delivery: Delivery
    /// Stretches of `text` shown bold, coloured and so on (from IRC logs).
    public var formatting: [FormatRun]
    /// Fields of its transcript line that chat-tui does not use, kept in order so
    /// that writing the message again loses nothing.
    public var otherFields: [JSONMember]

    public init(
        sender: String, text: String, time: Timestamp?, kind: MessageKind = .message, isOwn: Bool = false,
        formatting: [FormatRun] = [], otherFields: [JSONMember] = [], serverID: String? = nil,
        delivery: Delivery = .sent
    ) {
        self.sender = sender
        self.text = text
        self.time = time
        self.kind = kind
        self.isOwn = isOwn
        self.formatting = formatting
        self.otherFields = otherFields
        self.serverID = serverID
        self.delivery = delivery
    }
}
