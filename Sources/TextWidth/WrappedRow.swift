/// One visual row of wrapped text: which characters it holds and the columns they take.
public struct WrappedRow: Equatable, Sendable {
    /// The characters on this row, as offsets into the wrapped text.
    public var range: Range<Int>
    /// The columns those characters take (a space hanging past the edge included).
    public var width: Int
    /// True when the text's line ends on this row (at a newline or the end of the text),
    /// so the position just after `range` is on this row, not the next.
    public var endsLine: Bool
    /// The last offset that breaking this row looked at (the character that
    /// did not fit, or the end of the text): a change there or before may move
    /// the break, a change after it cannot.
    public var lookedTo: Int

    public init(range: Range<Int>, width: Int, endsLine: Bool, lookedTo: Int) {
        self.range = range
        self.width = width
        self.endsLine = endsLine
        self.lookedTo = lookedTo
    }
}
