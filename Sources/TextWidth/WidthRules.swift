/// How many terminal columns text takes, and how a grapheme cluster is split into
/// terminal cells. Every measurement in chat-tui (wrapping, the caret, the layout)
/// goes through one value of this type so that what is measured is what is drawn.
///
/// Terminals disagree on some classes of characters; each disagreement is one
/// setting here, and `WidthProbe` learns the settings of the terminal in use.
/// `terminal` describes tmux 3.3a and the C library's `wcwidth`; `unicode` follows
/// UAX #11 and UTS #51 to the letter. See docs/unicode.md.
public struct WidthRules: Equatable, Sendable {
    /// A skin-tone modifier joins the emoji before it into one 2-column cell
    /// (otherwise it is drawn as a 2-column emoji of its own).
    public var joinsEmojiModifiers: Bool
    /// U+FE0F after a narrow emoji makes it 2 columns wide.
    public var widensWithVariationSelector16: Bool
    /// A zero-width joiner draws the emoji after it in the same cell as the one before.
    public var joinsZWJSequences: Bool
    /// U+FE0E after a wide emoji makes it 1 column wide.
    public var narrowsWithVariationSelector15: Bool
    /// A keycap sequence (`1️⃣`) is 2 columns wide rather than its digit's 1.
    public var widensKeycaps: Bool
    /// The columns of each regional indicator; a flag is two of them.
    public var regionalIndicatorWidth: Int
    /// East Asian Ambiguous characters (`①○☆`) are 2 columns wide, as in
    /// terminals set up for CJK.
    public var ambiguousIsWide: Bool
    /// Emoji newer than this table's Unicode version: 0 when the terminal draws
    /// nothing for them (they are sent, and take no column), 1 or 2 when it draws
    /// them that wide (they are shown as `�` or `？` of that width, since the C
    /// library, and so ncurses, cannot place them).
    public var newerEmojiWidth: Int
    /// Combining marks join the character before them; otherwise each takes a column.
    public var joinsCombiningMarks: Bool
    /// Hangul medial vowels and final consonants (U+1160–U+11FF) join the initial
    /// consonant into one syllable; otherwise each takes a column.
    public var joinsHangulJamo: Bool
    /// Spacing marks (Mc, such as Devanagari `ि`) take a column of their own.
    public var spacingMarksAdvance: Bool
    /// The columns of a soft hyphen (U+00AD): 1 where the terminal draws it as a
    /// hyphen, as the C library counts it; 0 where it draws nothing, and then it
    /// is not sent at all (ncurses would count it as 1).
    public var softHyphenWidth: Int

    public init(
        joinsEmojiModifiers: Bool = false, widensWithVariationSelector16: Bool = false,
        joinsZWJSequences: Bool = true, narrowsWithVariationSelector15: Bool = false,
        widensKeycaps: Bool = false, regionalIndicatorWidth: Int = 1, ambiguousIsWide: Bool = false,
        newerEmojiWidth: Int = 1, joinsCombiningMarks: Bool = true, joinsHangulJamo: Bool = true,
        spacingMarksAdvance: Bool = true, softHyphenWidth: Int = 1
    ) {
        self.joinsEmojiModifiers = joinsEmojiModifiers
        self.widensWithVariationSelector16 = widensWithVariationSelector16
        self.joinsZWJSequences = joinsZWJSequences
        self.narrowsWithVariationSelector15 = narrowsWithVariationSelector15
        self.widensKeycaps = widensKeycaps
        self.regionalIndicatorWidth = regionalIndicatorWidth
        self.ambiguousIsWide = ambiguousIsWide
        self.newerEmojiWidth = newerEmojiWidth
        self.joinsCombiningMarks = joinsCombiningMarks
        self.joinsHangulJamo = joinsHangulJamo
        self.spacingMarksAdvance = spacingMarksAdvance
        self.softHyphenWidth = softHyphenWidth
    }

    /// The documented defaults, used when the terminal does not answer the probe:
    /// what tmux 3.3a and glibc draw (each emoji and modifier two columns, VS16 and
    /// VS15 change nothing, ZWJ sequences drawn as one emoji), except that emoji
    /// newer than the table are shown as a one-column `�`, which no terminal can
    /// draw at another width.
    public static let terminal = WidthRules()

    /// Unicode's recommendation: every emoji sequence is one 2-column picture.
    public static let unicode = WidthRules(
        joinsEmojiModifiers: true, widensWithVariationSelector16: true, widensKeycaps: true, newerEmojiWidth: 2)

    /// The columns of a tab in the pane and the composer.
    public static let tabWidth = 4

    /// The columns `character` takes.
    public func width(of character: Character) -> Int {
        if character.isPrintableASCII { return 1 }
        if let cell = singleCell(of: character) { return cell.width }
        var total = 0
        forEachCell(of: character) { total += $0.width }
        return total
    }

    /// The columns a string takes, its printable ASCII counted by bytes.
    public func width(of text: String) -> Int {
        var total = 0
        text.forEachCharacter(
            ascii: { _ in
                total += 1
                return true
            },
            other: {
                total += width(of: $0)
                return true
            })
        return total
    }

    /// The columns a run of characters takes.
    public func width<S: Sequence>(of characters: S) -> Int where S.Element == Character {
        var total = 0
        for character in characters { total += width(of: character) }
        return total
    }

    /// The terminal cells `character` is drawn in, left to right. Their widths add up
    /// to `width(of:)`. A cell of width 0 belongs to the cell before it. Controls and
    /// bidirectional overrides come back as visible symbols, so no text can change
    /// the terminal's state.
    public func cells(of character: Character) -> [CellText] {
        // Most text is printable ASCII, one cell each, whatever the settings.
        if character.isPrintableASCII { return [CellText(String(character), width: 1)] }
        var cells: [CellText] = []
        forEachCell(of: character) { cells.append($0) }
        return cells
    }

    /// The one cell drawn for a character of a single code point, as the code
    /// point and its columns, told without making a `CellText`; nil for any
    /// other character (several code points, a tab, a control, one drawn as
    /// nothing or as a stand-in), which `cells(of:)` splits. Kana, kanji and
    /// an emoji on its own, most of what is not ASCII, are measured here.
    package func singleCell(of character: Character) -> (scalar: UInt32, width: Int)? {
        // ASCII has its own paths.
        guard let value = character.singleScalarValue, value >= 0x80 else { return nil }
        if Self.isCommonWide(value) { return (value, 2) }
        guard let scalar = Unicode.Scalar(value), Self.visibleReplacement(for: scalar) == nil,
            case .plain(let width) = kind(of: scalar), width > 0
        else { return nil }
        return (value, width)
    }

    /// The columns one code point takes on its own in the generated table: 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        if contains(ScalarWidthTable.zero, value) { return 0 }
        if value >= 0x1100, contains(ScalarWidthTable.wide, value) { return 2 }
        return 1
    }

    /// What one code point is, as far as the settings are concerned.
    private enum ScalarKind {
        case plain(width: Int)
        /// An emoji the table's Unicode version does not know.
        case newerEmoji
    }

    private func kind(of scalar: Unicode.Scalar) -> ScalarKind {
        let value = scalar.value
        if value == 0xAD { return .plain(width: softHyphenWidth) }
        if value < 0xA1 { return .plain(width: 1) }  // below the first ambiguous character
        if Self.isCommonWide(value) { return .plain(width: 2) }
        switch value {
        case 0x1F1E6...0x1F1FF: return .plain(width: regionalIndicatorWidth)
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return .plain(width: joinsHangulJamo ? 0 : 1)
        default: break
        }
        var width = Self.width(of: scalar)
        if width == 0, !joinsCombiningMarks, Self.isCombiningMark(scalar) { width = 1 }
        if width == 1 {
            if ambiguousIsWide, Self.contains(ScalarWidthTable.ambiguous, value) { return .plain(width: 2) }
            if value >= 0x1F000, Self.contains(ScalarWidthTable.unassignedEmojiArea, value) { return .newerEmoji }
            if !spacingMarksAdvance, scalar.properties.generalCategory == .spacingMark { return .plain(width: 0) }
        }
        return .plain(width: width)
    }

    /// Kana, kanji, hangul syllables and fullwidth forms: wide whatever the
    /// settings (none is ambiguous, a mark or an emoji), and most of what is
    /// not ASCII in Japanese and Korean text, so told by their range alone.
    static func isCommonWide(_ value: UInt32) -> Bool {
        guard value >= 0x3041, value <= 0xFF60 else { return false }
        return (0x4E00...0x9FFF).contains(value) || (0x3041...0x3096).contains(value)
            || (0x30A1...0x30FA).contains(value) || (0xAC00...0xD7A3).contains(value) || value >= 0xFF01
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .nonspacingMark || category == .enclosingMark
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

    /// True for an invisible format character that is not part of another
    /// character (a cluster of its own: U+200B zero width space, the bidi marks
    /// U+200E, U+200F and U+061C, U+2060 word joiner, U+FEFF, a soft hyphen drawn
    /// as nothing, a lone joiner or selector, and the other default-ignorable
    /// code points). Terminals disagree on them and can reorder text by the
    /// marks, so they are never sent: they take no column and draw nothing.
    /// Within a cluster (a joiner in an emoji sequence, tags after a flag) they
    /// are sent with it. The Hangul fillers, drawn as blanks, are not among them.
    static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD: return true  // only asked about when drawn as nothing
        case 0x115F, 0x1160, 0x3164, 0xFFA0: return false
        default:
            return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
        }
    }

    /// The visible stand-in for a code point that must never reach the terminal raw.
    package static func visibleReplacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x00...0x1F: return Unicode.Scalar(0x2400 + scalar.value)  // ␀ … ␟
        case 0x7F: return "\u{2421}"  // ␡
        case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}"
        default: return nil
        }
    }

    /// The stand-in drawn for an emoji the terminal draws `width` columns wide but
    /// the C library does not know.
    static func standIn(width: Int) -> CellText {
        width == 2 ? CellText("\u{FF1F}", width: 2) : CellText("\u{FFFD}", width: 1)
    }

    private func forEachCell(of character: Character, _ body: (CellText) -> Void) {
        var current: CellText?
        var joinNext = false
        // The cell's first code point and its width, asked about only when a
        // selector or keycap mark joins it (most characters have none).
        var base: (scalar: Unicode.Scalar, width: Int) = (" ", 1)
        var baseIsNarrowEmoji: Bool { base.width == 1 && base.scalar.properties.isEmoji }
        var baseIsWideEmoji: Bool { base.width == 2 && base.scalar.properties.isEmoji }
        var baseIsKeycapBaseAllowed = true
        var baseIsKeycapBase: Bool { baseIsKeycapBaseAllowed && "0123456789#*".unicodeScalars.contains(base.scalar) }
        func emit() {
            if let cell = current { body(cell) }
            current = nil
        }
        for scalar in character.unicodeScalars {
            if scalar == "\t" {
                emit()
                for _ in 0..<Self.tabWidth { body(CellText(" ", width: 1)) }
                joinNext = false
                continue
            }
            if let visible = Self.visibleReplacement(for: scalar) {
                emit()
                body(CellText(String(visible), width: 1))
                joinNext = false
                continue
            }
            let width: Int
            switch kind(of: scalar) {
            case .newerEmoji where newerEmojiWidth == 0:
                width = 0
                if current == nil {
                    // Sent as it is and drawn as nothing: it belongs to the cell before.
                    current = CellText(String(scalar), width: 0)
                    continue
                }
            case .newerEmoji:
                // The stand-in takes the place of the rest of the cluster too.
                emit()
                body(Self.standIn(width: newerEmojiWidth))
                return
            case .plain(let plainWidth):
                width = plainWidth
            }
            guard var cell = current else {
                if width == 0, Self.isInvisibleFormat(scalar) { continue }
                // A cluster that starts with a combining mark is drawn on a space,
                // so it never lands on whatever cell precedes it on screen.
                current =
                    width == 0
                    ? CellText(" " + String(scalar), width: 1)
                    : CellText(String(scalar), width: width)
                base = (scalar, width)
                continue
            }
            let joins =
                width == 0 || joinNext
                || (joinsEmojiModifiers && scalar.properties.isEmojiModifier)
            if joins {
                cell.text.unicodeScalars.append(scalar)
                if scalar == "\u{FE0F}", widensWithVariationSelector16, baseIsNarrowEmoji, !baseIsKeycapBase {
                    cell.width = 2
                }
                if scalar == "\u{FE0E}", narrowsWithVariationSelector15, baseIsWideEmoji {
                    cell.width = 1
                }
                if scalar == "\u{20E3}", baseIsKeycapBase {
                    cell.width = widensKeycaps ? 2 : 1
                }
                joinNext = joinsZWJSequences && scalar == "\u{200D}"
                current = cell
            } else {
                emit()
                current = CellText(String(scalar), width: width)
                // Only a cluster's first code point makes a keycap.
                base = (scalar, width)
                baseIsKeycapBaseAllowed = false
                joinNext = false
            }
        }
        // A joiner that ends the cluster joins nothing: sent, it would join the
        // next character the terminal is given, wherever that is written.
        if var last = current, last.text.unicodeScalars.count > 1, last.text.unicodeScalars.last == "\u{200D}" {
            last.text.unicodeScalars.removeLast()
            current = last
        }
        emit()
    }
}

extension Character {
    /// A printable ASCII character: one cell wide whatever the width rules, and
    /// most of any text, so it skips measuring.
    package var isPrintableASCII: Bool {
        guard let ascii = singleASCIIByte else { return false }
        return ascii >= 0x20 && ascii < 0x7F
    }

    /// The byte of a character that is one ASCII byte, else nil ("\r\n" is two).
    /// Eight times cheaper than `asciiValue` or a comparison with a literal,
    /// which go through the string's Unicode machinery: the text code's fast paths test it first.
    package var singleASCIIByte: UInt8? {
        let bytes = utf8
        return bytes.count == 1 ? bytes.first : nil
    }

    /// The value of a character that is one code point, else nil: read from
    /// its UTF-8, whose lead byte gives the sequence's length, without
    /// Unicode's views.
    package var singleScalarValue: UInt32? {
        var value: UInt32 = 0
        var left = 0
        var sequences = 0
        for byte in utf8 {
            if left == 0 {
                sequences += 1
                guard sequences == 1 else { return nil }  // a second code point
                switch byte {
                case 0x00...0x7F: value = UInt32(byte)
                case 0xC2...0xDF: (value, left) = (UInt32(byte & 0x1F), 1)
                case 0xE0...0xEF: (value, left) = (UInt32(byte & 0x0F), 2)
                default: (value, left) = (UInt32(byte & 0x07), 3)
                }
            } else {
                value = value << 6 | UInt32(byte & 0x3F)
                left -= 1
            }
        }
        return sequences == 1 && left == 0 ? value : nil
    }

    /// A newline of any kind: LF, CR, CR LF, VT, FF, NEL, or the line and
    /// paragraph separators; ASCII is told apart without Unicode's tables.
    package var isLineBreak: Bool {
        if let ascii = singleASCIIByte { return ascii >= 0x0A && ascii <= 0x0D }
        return isNewline
    }
}
