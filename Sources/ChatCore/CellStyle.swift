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
}
