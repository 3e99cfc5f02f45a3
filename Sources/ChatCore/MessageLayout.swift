/// How one message is laid out in the pane: a header of time and sender, then the
/// text, with continuation rows indented under the text rather than under the time.
///
/// `18:11 <alice> the text starts here and wraps
///                under itself`
///
/// When the pane is too narrow for that, the text goes under the header instead.
public struct MessageLayout: Sendable {
    /// The widest a sender's name is shown; longer names end in `…`.
    public static let maxSenderWidth = 16
    /// The fewest columns the text keeps beside the header before it moves below it.
    static let minTextWidth = 12

    /// One piece of a row: characters in one style, from a column.
    public struct Span: Sendable {
        public var column: Int
        public var text: [Character]
        public var style: CellStyle
    }

    /// The message's rows, top to bottom.
    public let rows: [[Span]]

    public init(message: Message, width: Int, rules: WidthRules, clock: ClockFace) {
        let time = Array(clock.hourMinute(message.time))
        let sender = Array("<") + Self.truncated(message.sender, to: Self.maxSenderWidth, rules: rules) + Array(">")
        let senderColumn = time.count + 1
        let indent = senderColumn + rules.width(of: sender) + 1
        let header = [
            Span(column: 0, text: time, style: .time),
            Span(column: senderColumn, text: sender, style: message.isOwn ? .ownSender : .otherSender),
        ]
        let textStyle: CellStyle = message.isOwn ? .ownText : .plain
        let text = Array(message.text)
        let inline = width - indent >= min(Self.minTextWidth, width / 2)
        let textColumn = inline ? indent : min(2, max(0, width - 1))
        let wrapped = TextWrapper(rules: rules).rows(of: text, width: max(1, width - textColumn))
        var rows: [[Span]] = inline ? [] : [header]
        for (index, row) in wrapped.enumerated() {
            var spans = inline && index == 0 ? header : []
            spans.append(Span(column: textColumn, text: Array(text[row.range]), style: textStyle))
            rows.append(spans)
        }
        self.rows = rows
    }

    /// `text` cut to at most `width` columns, ending in `…` when it was cut.
    static func truncated(_ text: String, to width: Int, rules: WidthRules) -> [Character] {
        let characters = Array(text)
        guard rules.width(of: characters) > width else { return characters }
        var kept: [Character] = []
        var used = 0
        for character in characters {
            let w = rules.width(of: character)
            if used + w > width - 1 { break }
            kept.append(character)
            used += w
        }
        return kept + ["…"]
    }
}
