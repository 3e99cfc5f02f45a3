/// How many terminal columns text takes, and how a grapheme cluster is split into
/// terminal cells. Every measurement in chat-tui (wrapping, the caret, the layout)
/// goes through one value of this type so that what is measured is what is drawn.
///
/// Terminals disagree on a few classes of emoji sequences; each disagreement is
/// one switch here. `terminal` describes what the C library and the common terminals
/// (xterm, tmux 3.3a, VTE) draw; `unicode` follows UAX #11 and UTS #51 to the letter.
public struct WidthRules: Equatable, Sendable {
    /// A skin-tone modifier joins the emoji before it into one 2-column cell
    /// (otherwise it is drawn as a 2-column emoji of its own).
    public var joinsEmojiModifiers: Bool
    /// U+FE0F after a narrow emoji makes it 2 columns wide.
    public var widensWithVariationSelector16: Bool
    /// A zero-width joiner draws the emoji after it in the same cell as the one before.
    public var joinsZWJSequences: Bool

    public init(joinsEmojiModifiers: Bool, widensWithVariationSelector16: Bool, joinsZWJSequences: Bool) {
        self.joinsEmojiModifiers = joinsEmojiModifiers
        self.widensWithVariationSelector16 = widensWithVariationSelector16
        self.joinsZWJSequences = joinsZWJSequences
    }

    /// What xterm, VTE and tmux 3.3a draw: each emoji and modifier two columns,
    /// VS16 changes nothing, ZWJ sequences drawn as one emoji.
    public static let terminal = WidthRules(
        joinsEmojiModifiers: false, widensWithVariationSelector16: false, joinsZWJSequences: true)

    /// Unicode's recommendation: every emoji sequence is one 2-column picture.
    public static let unicode = WidthRules(
        joinsEmojiModifiers: true, widensWithVariationSelector16: true, joinsZWJSequences: true)

    /// The columns of a tab in the pane and the composer.
    public static let tabWidth = 4

    /// The columns `character` takes.
    public func width(of character: Character) -> Int {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        var total = 0
        forEachCell(of: character) { total += $0.width }
        return total
    }

    /// The columns a run of characters takes.
    public func width<S: Sequence>(of characters: S) -> Int where S.Element == Character {
        var total = 0
        for character in characters { total += width(of: character) }
        return total
    }

    /// The terminal cells `character` is drawn in, left to right. Their widths add up
    /// to `width(of:)`. Controls and bidirectional overrides come back as visible
    /// symbols, so no text can change the terminal's state.
    public func cells(of character: Character) -> [CellText] {
        var cells: [CellText] = []
        forEachCell(of: character) { cells.append($0) }
        return cells
    }

    /// The columns one code point takes on its own: 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        if contains(ScalarWidthTable.zero, value) { return 0 }
        if value >= 0x1100, contains(ScalarWidthTable.wide, value) { return 2 }
        return 1
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < value {
                low = mid + 1
            } else if ranges[mid].lowerBound > value {
                high = mid
            } else {
                return true
            }
        }
        return false
    }

    /// The visible stand-in for a code point that must never reach the terminal raw.
    static func visibleReplacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x00...0x1F: return Unicode.Scalar(0x2400 + scalar.value)  // ␀ … ␟
        case 0x7F: return "\u{2421}"  // ␡
        case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}"
        default: return nil
        }
    }

    private func forEachCell(of character: Character, _ body: (CellText) -> Void) {
        var current: CellText?
        var joinNext = false
        var baseIsNarrowEmoji = false
        for scalar in character.unicodeScalars {
            if scalar == "\t" {
                if let cell = current { body(cell) }
                current = nil
                for _ in 0..<Self.tabWidth { body(CellText(" ", width: 1)) }
                joinNext = false
                continue
            }
            if let visible = Self.visibleReplacement(for: scalar) {
                if let cell = current { body(cell) }
                current = nil
                body(CellText(String(visible), width: 1))
                joinNext = false
                continue
            }
            let width = Self.width(of: scalar)
            guard var cell = current else {
                // A cluster that starts with a combining mark is drawn on a space,
                // so it never lands on whatever cell precedes it on screen.
                current = width == 0
                    ? CellText(" " + String(scalar), width: 1)
                    : CellText(String(scalar), width: width)
                baseIsNarrowEmoji = width == 1 && scalar.properties.isEmoji
                continue
            }
            let joins = width == 0 || joinNext
                || (joinsEmojiModifiers && scalar.properties.isEmojiModifier)
            if joins {
                cell.text.unicodeScalars.append(scalar)
                if scalar == "\u{FE0F}", widensWithVariationSelector16, baseIsNarrowEmoji {
                    cell.width = 2
                }
                joinNext = joinsZWJSequences && scalar == "\u{200D}"
                current = cell
            } else {
                body(cell)
                current = CellText(String(scalar), width: width)
                baseIsNarrowEmoji = width == 1 && scalar.properties.isEmoji
                joinNext = false
            }
        }
        if let cell = current { body(cell) }
    }
}
