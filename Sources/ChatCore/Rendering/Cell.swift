import ChatModel

/// One column of a frame. A wide character's cell is followed by a continuation
/// cell (width 0) that the terminal covers with the right half of the character.
public struct Cell: Equatable, Sendable {
    public var text: String
    /// 1, 2 for the left half of a wide character, 0 for its right half.
    public var width: UInt8
    public var style: CellStyle
    /// Emphasis and colours from the message itself, drawn over the style.
    public var format: TextFormat

    public init(text: String, width: UInt8, style: CellStyle, format: TextFormat = .plain) {
        self.text = text
        self.width = width
        self.style = style
        self.format = format
    }

    public static let blank = Cell(text: " ", width: 1, style: .plain)
    static let continuation = Cell(text: "", width: 0, style: .plain)
}
