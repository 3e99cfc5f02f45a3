/// How one message is laid out in the pane: a header of time and sender, then the
/// text, with continuation rows indented under the text rather than under the time.
///
/// `18:11 <alice> the text starts here and wraps
///                under itself`
///
/// Actions read `18:11 * bob waves`, notices `18:11 -bob- text`, and room events
/// `18:11 --> bob`, `<-- bob`, `-!- text`. A message without a time keeps the
/// time's columns blank. When the pane is too narrow for all that, the text goes
/// under the header instead.
public struct MessageLayout: Sendable {
    /// The widest a sender's name is shown; longer names end in `…`.
    public static let maxSenderWidth = 16
    /// The fewest columns the text keeps beside the header before it moves below it.
    static let minTextWidth = 12
    /// The columns of the time, `HH:MM`.
    static let timeWidth = 5

    /// One piece of a row: characters in one style, from a column.
    public struct Span: Sendable {
        public var column: Int
        public var text: ArraySlice<Character>
        public var style: CellStyle
        public var format: TextFormat = .plain
    }

    /// Where a message stands among its neighbours, which decides its first rows.
    public struct Context: Equatable, Sendable {
        /// False when it continues a group of messages from the same sender a few
        /// minutes apart, which share the first one's time and name.
        public var showsHeader = true
        /// The day's name, when the message is the first of its day.
        public var dayLine: String?

        public init(showsHeader: Bool = true, dayLine: String? = nil) {
            self.showsHeader = showsHeader
            self.dayLine = dayLine
        }
    }

    /// The message's rows, top to bottom.
    public let rows: [[Span]]
    /// The width it was laid out for.
    public let width: Int
    /// The neighbours it was laid out among.
    public let context: Context

    public init(message: Message, context: Context = Context(), width: Int, rules: WidthRules, clock: ClockFace,
                style: MessageStyle = .lines) {
        self.width = width
        self.context = context
        if style == .bubbles,
           let bubble = Self.bubbleRows(message: message, context: context, width: width, rules: rules, clock: clock) {
            rows = bubble
            return
        }
        let time = message.time.map { Array(clock.hourMinute($0)) } ?? []
        let sender = Self.truncated(message.sender, to: Self.maxSenderWidth, rules: rules)
        let (label, labelStyle) = Self.label(for: message, sender: sender)
        let senderColumn = Self.timeWidth + 1
        let indent = senderColumn + (label.isEmpty ? 0 : rules.width(of: label) + 1)
        var header = [Span(column: 0, text: time[...], style: .time)]
        if !label.isEmpty {
            let color = labelStyle == .otherSender ? TextFormat(foreground: SenderColor.ircColor(for: message.sender)) : .plain
            header.append(Span(column: senderColumn, text: label[...], style: labelStyle, format: color))
        }
        let textStyle: CellStyle = switch message.kind {
        case .join, .part, .system: .event
        default: message.isOwn ? .ownText : .plain
        }
        let text = Array(message.text)
        let inline = width - indent >= min(Self.minTextWidth, width / 2)
        let textColumn = inline ? indent : min(2, max(0, width - 1))
        let wrapped = TextWrapper(rules: rules).rows(of: text, width: max(1, width - textColumn))
        if !context.showsHeader { header = [] }
        var rows: [[Span]] = []
        if let day = context.dayLine { rows.append(Self.dayLine(day, width: width, rules: rules)) }
        if !inline && !header.isEmpty { rows.append(header) }
        for (index, row) in wrapped.enumerated() {
            var spans = inline && index == 0 ? header : []
            var column = textColumn
            for piece in Self.pieces(of: row.range, formatting: message.formatting) {
                let characters = text[piece.range]  // shares the text's storage
                spans.append(Span(column: column, text: characters, style: textStyle, format: piece.format))
                column += rules.width(of: characters)
            }
            rows.append(spans)
        }
        self.rows = rows
    }

    /// What stands between the time and the text, and its style.
    static func label(for message: Message, sender: [Character]) -> ([Character], CellStyle) {
        let senderStyle: CellStyle = message.isOwn ? .ownSender : .otherSender
        switch message.kind {
        case .message: return (["<"] + sender + [">"], senderStyle)
        case .action: return (["*", " "] + sender, senderStyle)
        case .notice: return (["-"] + sender + ["-"], senderStyle)
        case .join: return (Array("--> ") + sender, .event)
        case .part: return (Array("<-- ") + sender, .event)
        case .system: return (Array("-!-"), .event)
        }
    }

    /// `range` cut where the formatting changes.
    static func pieces(of range: Range<Int>, formatting: [FormatRun]) -> [(range: Range<Int>, format: TextFormat)] {
        guard !formatting.isEmpty else { return [(range, .plain)] }
        var pieces: [(range: Range<Int>, format: TextFormat)] = []
        var position = range.lowerBound
        for run in formatting where run.range.overlaps(range) {
            let start = max(run.range.lowerBound, range.lowerBound)
            let end = min(run.range.upperBound, range.upperBound)
            if position < start { pieces.append((position..<start, .plain)) }
            pieces.append((start..<end, run.format))
            position = end
        }
        if position < range.upperBound { pieces.append((position..<range.upperBound, .plain)) }
        return pieces
    }

    /// `── Wednesday 2 December 2026 ──`, centred on a row of `─`.
    static func dayLine(_ day: String, width: Int, rules: WidthRules) -> [Span] {
        let label = Array(" \(day) ")
        let labelWidth = rules.width(of: label)
        let left = max(0, (width - labelWidth) / 2)
        let right = max(0, width - left - labelWidth)
        return [Span(column: 0, text: Array(repeating: "─", count: left)[...], style: .separator),
                Span(column: left, text: label[...], style: .event),
                Span(column: left + labelWidth, text: Array(repeating: "─", count: right)[...], style: .separator)]
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
