import Testing

@testable import ChatCore
@testable import TextWidth

@Suite struct WidthRulesTests {
    let terminal = WidthRules.terminal
    let unicode = WidthRules.unicode

    @Test(arguments: [
        ("abc", 3), ("日本語", 6), ("ＡＢＣ", 6), ("ｱｲｳ", 3), ("e\u{301}", 1),
        ("🇯🇵", 2), ("กำ", 2), ("क्षि", 3), ("👨\u{200D}👩\u{200D}👧", 2), ("한국어", 6),
        ("\u{1100}\u{1161}\u{11A8}", 2), ("①○☆", 3),
    ])
    func agreedWidths(text: String, columns: Int) {
        #expect(terminal.width(of: text) == columns)
        #expect(unicode.width(of: text) == columns)
    }

    @Test func emojiSequencesWhereTerminalsDisagree() {
        #expect(terminal.width(of: "👍🏽") == 4)
        #expect(unicode.width(of: "👍🏽") == 2)
        #expect(terminal.width(of: "☺\u{FE0F}") == 1)
        #expect(unicode.width(of: "☺\u{FE0F}") == 2)
        #expect(terminal.width(of: "1\u{FE0F}\u{20E3}") == 1)
        #expect(unicode.width(of: "1\u{FE0F}\u{20E3}") == 2)
        let noZWJ = WidthRules(joinsEmojiModifiers: false, widensWithVariationSelector16: false, joinsZWJSequences: false)
        #expect(noZWJ.width(of: "👨\u{200D}👩\u{200D}👧") == 6)
    }

    /// Invisible format characters of their own (zero width space, the bidi
    /// marks, word joiner, BOM, a lone joiner, tags) take no column and are never
    /// sent, whatever the terminal would make of them; tmux 3.3a draws `x`
    /// U+200B `y` two columns wide.
    @Test(arguments: [
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2060}", "\u{FEFF}",
        "\u{061C}", "\u{180E}", "\u{E0041}", "\u{034F}",
    ])
    func anInvisibleFormatCharacterTakesNoColumnAndIsNotSent(format: String) {
        for rules in [terminal, unicode] {
            #expect(rules.width(of: "x" + format + "y") == 2, "\(format.unicodeScalars.first!)")
            let cells = ("x" + format + "y").flatMap { rules.cells(of: $0) }
            #expect(
                cells.map(\.text).joined() == "xy" || cells.map(\.text).joined() == "x" + format + "y",
                "joined to x when it extends it, else dropped")
            #expect(!cells.contains { $0.text.hasPrefix(format) }, "never a cell of its own, nor a blank for it")
        }
        var frame = Frame(size: TerminalSize(columns: 4, rows: 1))
        frame.put("x" + format + "y", rules: terminal, style: .plain, row: 0, column: 0)
        #expect(frame.rows[0][1].text == "y", "y is drawn right after x")
    }

    @Test func theBidiMarksNeverReachTheTerminal() {
        for mark in ["\u{200E}", "\u{200F}", "\u{061C}"] {
            let cells = ("abc" + mark + "אבג").flatMap { terminal.cells(of: $0) }
            #expect(!cells.contains { $0.text.unicodeScalars.contains(mark.unicodeScalars.first!) })
        }
        // The isolates and overrides are shown, not obeyed.
        #expect(terminal.cells(of: "\u{2067}") == [CellText("\u{FFFD}", width: 1)])
    }

    @Test func aSoftHyphenIsAsWideAsTheTerminalDrawsIt() {
        #expect(terminal.width(of: "co\u{AD}op") == 5, "tmux and glibc draw it as a hyphen")
        #expect(terminal.cells(of: "\u{AD}") == [CellText("\u{AD}", width: 1)])
        var hidden = terminal
        hidden.softHyphenWidth = 0
        #expect(hidden.width(of: "co\u{AD}op") == 4)
        #expect(hidden.cells(of: "\u{AD}").isEmpty, "drawn as nothing: not sent, as ncurses would count a column")
    }

    @Test func aJoinerThatEndsItsClusterIsNotSent() {
        #expect(terminal.cells(of: "a\u{200D}") == [CellText("a", width: 1)], "it would join whatever comes next")
        var parts = terminal
        parts.joinsZWJSequences = false
        #expect(
            parts.cells(of: "👨\u{200D}👩") == [CellText("👨\u{200D}", width: 2), CellText("👩", width: 2)],
            "inside a sequence drawn as its parts, the joiner goes with the part before")
    }

    @Test func anEmojiSequenceKeepsItsJoinersAndTags() {
        let family: Character = "👨\u{200D}👩\u{200D}👧"
        #expect(terminal.cells(of: family) == [CellText(String(family), width: 2)])
        let scotland: Character = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(terminal.cells(of: scotland).map(\.text).joined() == String(scotland))
    }

    @Test func aClusterIsSplitIntoCellsTheWayItIsMeasured() {
        #expect(terminal.cells(of: "👍🏽") == [CellText("👍", width: 2), CellText("🏽", width: 2)])
        #expect(unicode.cells(of: "👍🏽") == [CellText("👍🏽", width: 2)])
        let family: Character = "👨\u{200D}👩\u{200D}👧"
        #expect(terminal.cells(of: family) == [CellText(String(family), width: 2)])
        #expect(terminal.cells(of: "🇯🇵") == [CellText("🇯", width: 1), CellText("🇵", width: 1)])
        #expect(terminal.cells(of: "e\u{301}") == [CellText("e\u{301}", width: 1)])
        // The compiler's own segmentation is older than the runtime's, so the
        // Devanagari conjunct is made a Character at run time.
        let samples: [Character] = ["日", "a", "👍🏽", "🇯🇵", Character("क्षि")]
        for character in samples {
            #expect(terminal.cells(of: character).reduce(0) { $0 + $1.width } == terminal.width(of: character))
        }
    }

    @Test func aLeadingCombiningMarkIsDrawnOnASpace() {
        let lone: Character = "\u{301}"
        #expect(terminal.cells(of: lone) == [CellText(" \u{301}", width: 1)])
        #expect(terminal.width(of: lone) == 1)
    }

    @Test func controlsAreShownAsVisibleSymbols() {
        #expect(terminal.cells(of: "\u{1B}") == [CellText("␛", width: 1)])
        #expect(terminal.cells(of: "\u{7F}") == [CellText("␡", width: 1)])
        #expect(terminal.cells(of: "\u{9B}") == [CellText("\u{FFFD}", width: 1)])
        #expect(terminal.cells(of: "\u{202E}") == [CellText("\u{FFFD}", width: 1)])
        #expect(terminal.width(of: "\t") == WidthRules.tabWidth)
        #expect(terminal.cells(of: "\t").allSatisfy { $0 == CellText(" ", width: 1) })
    }

    @Test func scalarTable() {
        #expect(WidthRules.width(of: "a") == 1)
        #expect(WidthRules.width(of: "\u{301}") == 0)
        #expect(WidthRules.width(of: "\u{200D}") == 0)
        #expect(WidthRules.width(of: "\u{FE0F}") == 0)
        #expect(WidthRules.width(of: "日") == 2)
        #expect(WidthRules.width(of: "\u{1F600}") == 2)
        #expect(WidthRules.width(of: "\u{1F3FD}") == 2)
        #expect(WidthRules.width(of: "\u{20000}") == 2)
        #expect(WidthRules.width(of: "\u{FF71}") == 1)
    }
}

@Suite struct CommonWideTests {
    /// Told wide by range, a code point must be what the full look-up finds
    /// whatever the settings: wide in the table, not ambiguous, not a mark,
    /// not among the emoji the table does not know.
    @Test func everyCodePointToldWideByRangeIsWideWhateverTheSettings() {
        var told = 0
        for value in UInt32(0)...0x10FFFF {
            guard WidthRules.isCommonWide(value), let scalar = Unicode.Scalar(value) else { continue }
            told += 1
            let category = scalar.properties.generalCategory
            let known =
                WidthRules.width(of: scalar) == 2
                && !ScalarWidthTable.ambiguous.contains { $0.contains(value) }
                && !ScalarWidthTable.unassignedEmojiArea.contains { $0.contains(value) }
                && category != .spacingMark && category != .nonspacingMark && category != .enclosingMark
            #expect(known, "U+\(String(value, radix: 16, uppercase: true))")
            if !known { return }
        }
        // Kana, kanji, hangul and fullwidth forms: tens of thousands.
        #expect(told > 30_000)
    }

    @Test(arguments: ["あ", "ア", "漢", "한", "Ａ", "！"])
    func commonWideCharactersTakeTwoColumns(text: String) {
        for rules in [WidthRules.terminal, .unicode] {
            #expect(rules.width(of: text) == 2)
        }
    }
}

@Suite struct SingleCellTests {
    /// Rules unlike both presets: ambiguous wide, marks apart, soft hyphen and
    /// newer emoji drawn as nothing, spacing marks without a column.
    static let unusual = WidthRules(
        ambiguousIsWide: true, newerEmojiWidth: 0, joinsCombiningMarks: false,
        spacingMarksAdvance: false, softHyphenWidth: 0)

    /// The shortcut for a character of one code point must draw what splitting
    /// it into cells draws, under any rules; and it must be the way most of
    /// them are measured.
    @Test(arguments: [WidthRules.terminal, .unicode, unusual])
    func aCodePointOnItsOwnIsTheCellItsSplittingGives(rules: WidthRules) {
        var shortcut = 0
        // Every plane with characters assigned (planes 4 to 13 have none).
        for value in Array(UInt32(0x80)...0x3FFFF) + Array(UInt32(0xE0000)...0x10FFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            let cells = rules.cells(of: character)
            let width = cells.reduce(0) { $0 + $1.width }
            let measured = rules.width(of: character)
            guard let single = rules.singleCell(of: character) else {
                #expect(measured == width, "U+\(String(value, radix: 16, uppercase: true))")
                if measured != width { return }
                continue
            }
            shortcut += 1
            let same =
                cells == [CellText(String(scalar), width: single.width)] && single.scalar == value
                && measured == width
            #expect(same, "U+\(String(value, radix: 16, uppercase: true)): \(cells) against \(single)")
            if !same { return }
        }
        #expect(shortcut > 300_000)
    }

    /// Read from the UTF-8, a character's one code point is the one Unicode's
    /// views give, at every length of sequence; several code points are none.
    @Test func aCharacterOfOneCodePointGivesItsValue() {
        for value in Array(UInt32(0)...0x3FFFF) + Array(UInt32(0xE0000)...0x10FFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let read = Character(scalar).singleScalarValue
            #expect(read == value, "U+\(String(value, radix: 16, uppercase: true))")
            if read != value { return }
        }
        for text in ["e\u{301}", "🇯🇵", "\r\n", "👨\u{200D}👩", "ー\u{3099}"] {
            #expect(Character(text).singleScalarValue == nil, "\(text.debugDescription)")
        }
    }

    @Test func severalCodePointsTabsAndControlsAreNotOneCell() {
        for text in ["e\u{301}", "🇯🇵", "👍🏽", "\t", "\u{85}", "\u{202E}", "a", "\r\n"] {
            #expect(WidthRules.terminal.singleCell(of: Character(text)) == nil, "\(text.debugDescription)")
        }
    }
}
