/// What a cell on screen is, so the drawing layer can give it colour and weight.
public enum CellStyle: UInt8, Equatable, Sendable, CaseIterable {
    case plain
    case time
    case ownSender
    case otherSender
    case ownText
    case separator
    case separatorLabel
    case placeholder
    case scrollMarker
    /// Joins, parts and notes from the room itself.
    case event
    /// The box of one's own message in the bubbles style.
    case ownBubble
    /// The box of someone else's message in the bubbles style.
    case otherBubble
    /// Something the user should act on, such as a message that could not be saved.
    case warning
}
