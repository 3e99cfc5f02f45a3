import ChatModel
import TextWidth

/// How one message is laid out in the pane: its time, its sender's name
/// right-aligned in a column shared by every message, then the text, with
/// continuation rows indented under the text.
///
/// `18:11     <bob> the text starts here and wraps
///                  under itself
///  18:11 <mallory> and lines up with bob's`
///
/// Actions read `* bob waves`, notices `-bob- text`, and room events put their
/// mark in the name's column and the name in the text: `--> bob`, `<-- bob`,
/// `-!- text`. A message from the sender of the one just before keeps its time
/// and leaves the name out. A message without a time keeps the time's columns
/// blank. When the pane is too narrow for all that, the text goes under the
/// header instead.
public struct MessageLayout: Sendable {
    /// The widest a sender's name is shown above a bubble; longer names end in `…`.
    public static let maxSenderWidth = 16
    /// The widest the column of names grows by default; longer names end in `…`.
    public static let defaultSenderColumnLimit = 12
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
        /// False when it follows a message from the same sender a few minutes
        /// before, whose name it shares.
        public var showsSender = true
        /// The day's name, when the message is the first of its day.
        public var dayLine: String?
        /// The columns names are aligned in, `<` and `>` aside: as wide as the
        /// widest name around, up to a limit.
        public var senderWidth = MessageLayout.defaultSenderColumnLimit

        public init(
            showsSender: Bool = true, dayLine: String? = nil,
            senderWidth: Int = MessageLayout.defaultSenderColumnLimit
        ) {
            self.showsSender = showsSender
            self.dayLine = dayLine
            self.senderWidth = senderWidth
        }
    }

    /// The message's rows, top to bottom.
    public let rows: [[Span]]
    /// The width it was laid out for.
    public let width: Int
    /// The neighbours it was laid out among.
    public let context: Context

    public init(
        message: Message, context: Context = Context(), width: Int, rules: WidthRules, clock: ClockFace,
        style: MessageStyle = .lines
    ) {
        self.width = width
        self.context = context
        if style == .bubbles,
            let bubble = Self.bubbleRows(message: message, context: context, width: width, rules: rules, clock: clock)
        {
            rows = bubble
            return
        }
        let time = message.time.map { Array(clock.hourMinute($0)) } ?? []
        let nameWidth = max(1, context.senderWidth)
        let sender = Self.truncated(message.sender, to: nameWidth, rules: rules)
        let (label, labelStyle) = Self.label(for: message, sender: sender)
        // The name's column, wide enough for `<name>` and for an event's mark.
        let labelWidth = max(nameWidth + 2, 3)
        let indent = Self.timeWidth + 1 + labelWidth + 1
        var header = [Span(column: 0, text: time[...], style: .time)]
        if context.showsSender {
            let color = labelStyle == .otherSender ? TextFormat(foreground: SenderColor.ircColor(for: message.sender)) : .plain
            let column = Self.timeWidth + 1 + max(0, labelWidth - rules.width(of: label))
            header.append(Span(column: column, text: label[...], style: labelStyle, format: color))
        }
        let textStyle = Self.textStyle(for: message)
        // An event names who it is about at the start of its text.
        let named = [.join, .part].contains(message.kind) && !message.sender.isEmpty
        let prefix: [Character] = named ? Array(message.sender) + [" "] : []
        let text = prefix + Array(message.text)
        let formatting =
            prefix.isEmpty
            ? message.formatting
            : message.formatting.map {
                FormatRun(range: $0.range.lowerBound + prefix.count..<$0.range.upperBound + prefix.count, format: $0.format)
            }
        let inline = width - indent >= min(Self.minTextWidth, width / 2)
        let textColumn = inline ? indent : min(2, max(0, width - 1))
        let wrapped = TextWrapper(rules: rules).rows(of: text, width: max(1, width - textColumn))
        var rows: [[Span]] = []
        if let day = context.dayLine { rows.append(Self.dayLine(day, width: width, rules: rules)) }
        if !inline && (context.showsSender || !time.isEmpty) { rows.append(header) }
        for (index, row) in wrapped.enumerated() {
            var spans = inline && index == 0 ? header : []
            var column = textColumn
            for piece in Self.pieces(of: row.range, formatting: formatting) {
                let characters = text[piece.range]  // shares the text's storage
                spans.append(Span(column: column, text: characters, style: textStyle, format: piece.format))
                column += rules.width(of: characters)
            }
            rows.append(spans)
        }
        if let note = Self.deliveryNote(for: message) {
            for row in TextWrapper(rules: rules).rows(of: note, width: max(1, width - textColumn)) {
                rows.append([Span(column: textColumn, text: note[row.range], style: .warning)])
            }
        }
        self.rows = rows
    }

    /// How a message's text is drawn: an event as one, one's own apart from
    /// others', and one on its way dimmed until its link confirms it.
    static func textStyle(for message: Message) -> CellStyle {
        switch (message.kind, message.delivery) {
        case (.join, _), (.part, _), (.system, _): .event
        case (_, .pending): .placeholder
        case (_, .failed), (_, .unconfirmed), (_, .discarded): .warning
        default: message.isOwn ? .ownText : .plain
        }
    }

    /// The line under a message that could not be sent, or may not have
    /// arrived, saying why and how to send it again.
    static func deliveryNote(for message: Message) -> [Character]? {
        switch message.delivery {
        case .failed(let reason): Array("not sent: \(reason) (/resend)")
        case .unconfirmed(let reason): Array("not confirmed: \(reason) (/resend)")
        case .discarded: Array("not sent (discarded)")
        case .pending, .sent: nil
        }
    }

    /// What stands between the time and the text, and its style.
    static func label(for message: Message, sender: [Character]) -> ([Character], CellStyle) {
        let senderStyle: CellStyle = message.isOwn ? .ownSender : .otherSender
        switch message.kind {
        case .message: return (["<"] + sender + [">"], senderStyle)
        case .action: return (["*", " "] + sender, senderStyle)
        case .notice: return (["-"] + sender + ["-"], senderStyle)
        case .join: return (Array("-->"), .event)
        case .part: return (Array("<--"), .event)
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
        return [
            Span(column: 0, text: Array(repeating: "─", count: left)[...], style: .separator),
            Span(column: left, text: label[...], style: .event),
            Span(column: left + labelWidth, text: Array(repeating: "─", count: right)[...], style: .separator),
        ]
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
