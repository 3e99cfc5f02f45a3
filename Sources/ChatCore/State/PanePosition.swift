/// Where the pane is while the user reads back: the message row shown on the
/// pane's top row. Anchoring the top keeps what is being read in place when
/// messages arrive below or the composer grows and shrinks.
public struct PanePosition: Equatable, Sendable {
    /// The message, by `Room.messageID(at:)`.
    public var messageID: Int
    /// The row of that message's layout, from 0.
    public var row: Int
}
