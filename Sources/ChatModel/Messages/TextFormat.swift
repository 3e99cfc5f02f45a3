/// How a stretch of a message's text is emphasised, as IRC formatting codes
/// describe it: weight, slant, lines, reversed colours, and IRC colour numbers
/// (0–15; the extended colours 16–98 are not shown).
public struct TextFormat: Hashable, Sendable {
    public var bold = false
    public var italic = false
    public var underline = false
    public var reverse = false
    public var strikethrough = false
    /// The IRC colour of the text, 0–15.
    public var foreground: UInt8?
    /// The IRC colour behind the text, 0–15.
    public var background: UInt8?

    public init(
        bold: Bool = false, italic: Bool = false, underline: Bool = false, reverse: Bool = false,
        strikethrough: Bool = false, foreground: UInt8? = nil, background: UInt8? = nil
    ) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
        self.strikethrough = strikethrough
        self.foreground = foreground
        self.background = background
    }

    public static let plain = TextFormat()
}

/// A format applied to the characters `range` of a message's text.
public struct FormatRun: Equatable, Sendable {
    /// Character offsets into the text.
    public var range: Range<Int>
    public var format: TextFormat

    public init(range: Range<Int>, format: TextFormat) {
        self.range = range
        self.format = format
    }
}
