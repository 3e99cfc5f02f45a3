import ChatModel
import TextWidth

extension MessageLayout {
    /// The narrowest pane that shows bubbles; below it messages are drawn as lines.
    static let minBubblePaneWidth = 16

    /// The characters a bubble is drawn with: rounded box lines, or plain ASCII
    /// where the terminal draws box lines two columns wide.
    struct BubbleBorder {
        var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character

        static let rounded = BubbleBorder(
            topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
            horizontal: "─", vertical: "│")
        static let ascii = BubbleBorder(
            topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
            horizontal: "-", vertical: "|")

        static func `for`(_ rules: WidthRules) -> BubbleBorder {
            rules.width(of: "─") == 1 ? .rounded : .ascii
        }
    }

    /// Rows of a message as a bubble: the sender's name above others' boxes (and
    /// the label of an action or notice above any), the text boxed on the left
    /// for others and on the right for one's own, no wider than two thirds of the
    /// pane, and the time beside the box's bottom edge. Nil when the message is
    /// drawn as a line instead: room events, and any message in a narrow pane.
    static func bubbleRows(
        message: Message, context: Context, width: Int, rules: WidthRules,
        clock: ClockFace
    ) -> [[Span]]? {
        guard width >= minBubblePaneWidth, ![.join, .part, .system].contains(message.kind) else { return nil }
        let timeText = message.time.map { Array(clock.hourMinute($0)) } ?? []
        let besideWidth = timeWidth + 1
        // Borders and a space of padding on each side take four columns.
        let outerLimit = min(width * 2 / 3, width - besideWidth)
        let text = Array(message.text)
        let wrapped = TextWrapper(rules: rules).rows(of: text, width: outerLimit - 4)
        let inner = max(1, wrapped.map(\.width).max() ?? 0)
        let outer = inner + 4
        let left = message.isOwn ? width - outer : 0
        let border = BubbleBorder.for(rules)
        let borderStyle: CellStyle = message.isOwn ? .ownBubble : .otherBubble
        let borderFormat =
            message.isOwn
            ? TextFormat.plain
            : TextFormat(foreground: SenderColor.ircColor(for: message.sender))
        func line(_ first: Character, _ fill: Character, _ last: Character) -> Span {
            Span(
                column: left, text: ([first] + Array(repeating: fill, count: outer - 2) + [last])[...],
                style: borderStyle, format: borderFormat)
        }

        var rows: [[Span]] = []
        if let day = context.dayLine { rows.append(dayLine(day, width: width, rules: rules)) }
        let sender = truncated(message.sender, to: maxSenderWidth, rules: rules)
        let (label, labelStyle) = Self.label(for: message, sender: sender)
        let named = message.kind != .message || (context.showsSender && !message.isOwn)
        if named {
            let labelText = message.kind == .message ? sender : label
            let column = message.isOwn ? max(0, width - 1 - rules.width(of: labelText)) : 1
            rows.append([Span(column: column, text: labelText[...], style: labelStyle, format: borderFormat)])
        }
        rows.append([line(border.topLeft, border.horizontal, border.topRight)])
        let textStyle = textStyle(for: message)
        for row in wrapped {
            var spans = [Span(column: left, text: [border.vertical], style: borderStyle, format: borderFormat)]
            var column = left + 2
            for piece in pieces(of: row.range, formatting: message.formatting) {
                let characters = text[piece.range]
                spans.append(Span(column: column, text: characters, style: textStyle, format: piece.format))
                column += rules.width(of: characters)
            }
            spans.append(Span(column: left + outer - 1, text: [border.vertical], style: borderStyle, format: borderFormat))
            rows.append(spans)
        }
        var bottom = [line(border.bottomLeft, border.horizontal, border.bottomRight)]
        if !timeText.isEmpty {
            let column = message.isOwn ? left - besideWidth : outer + 1
            bottom.append(Span(column: column, text: timeText[...], style: .time))
        }
        rows.append(bottom)
        if let note = deliveryNote(for: message) {
            for row in TextWrapper(rules: rules).rows(of: note, width: max(1, width - left)) {
                rows.append([Span(column: left, text: note[row.range], style: .warning)])
            }
        }
        return rows
    }
}
