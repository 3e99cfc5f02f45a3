/// What one terminal cell shows: the code points sent to the terminal together and
/// the columns they take. A grapheme cluster becomes one or more of these.
public struct CellText: Equatable, Sendable {
    /// The code points written into the cell, in order.
    public var text: String
    /// The columns the cell takes: 1, or 2 for a wide character.
    public var width: Int

    public init(_ text: String, width: Int) {
        self.text = text
        self.width = width
    }
}
