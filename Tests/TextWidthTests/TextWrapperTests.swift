import TestSupport
import Testing

@testable import TextWidth

@Suite struct TextWrapperTests {
    let wrapper = TextWrapper(rules: .terminal)

    func wrap(_ text: String, _ width: Int, rules: WidthRules = .terminal) -> [String] {
        let characters = Array(text)
        return TextWrapper(rules: rules).rows(of: characters, width: width).map { String(characters[$0.range]) }
    }

    @Test func everyKindOfNewlineEndsALineAndNothingElseDoes() {
        for newline in ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(wrap("ab" + newline + "cd", 10) == ["ab", "cd"], "\(newline.unicodeScalars.map(\.value))")
        }
        for other in ["\t", "\u{0E}", "\u{1F}", " ", "\u{A0}", "日", "e\u{301}"] {
            #expect(wrap("ab" + other + "cd", 10).count == 1, "\(other.unicodeScalars.map(\.value))")
        }
    }

    @Test func onlyACharacterOfOneASCIIByteHasOne() {
        #expect(Character("a").singleASCIIByte == 0x61)
        #expect(Character("~").isPrintableASCII && !Character("\u{7F}").isPrintableASCII)
        #expect(Character("\r\n").singleASCIIByte == nil, "two bytes")
        #expect(Character("é").singleASCIIByte == nil)
        #expect(Character("e\u{301}").singleASCIIByte == nil, "a combining mark on an ASCII letter")
        #expect(Character(" ").isSpace && !Character("\u{3000}").isSpace)
    }

    @Test func breaksAtSpaces() {
        #expect(wrap("the quick brown fox", 10) == ["the quick ", "brown fox"])
        #expect(wrap("hello world", 20) == ["hello world"])
    }

    @Test func breaksInsideAWordOnlyWhenItIsLongerThanTheRow() {
        #expect(wrap("a abcdefghijkl", 5) == ["a ", "abcde", "fghij", "kl"])
    }

    @Test func wideCharactersAreNeverSplitAndMayBreakAnywhere() {
        #expect(wrap("日本語", 5) == ["日本", "語"])
        #expect(wrap("abc日本語", 6) == ["abc日", "本語"])
        #expect(wrap("ab 日本語テキスト", 7) == ["ab 日本", "語テキ", "スト"])
    }

    @Test func emojiSequencesStayWhole() {
        #expect(wrap("ab👍🏽cd", 4) == ["ab", "👍🏽", "cd"])
        #expect(wrap("a👨\u{200D}👩\u{200D}👧b", 3) == ["a👨\u{200D}👩\u{200D}👧", "b"])
        #expect(wrap("x👍🏽", 3, rules: .unicode) == ["x👍🏽"])
    }

    @Test func combiningMarksStayWithTheirLetter() {
        #expect(wrap("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func aClusterWiderThanTheRowGetsARowOfItsOwn() {
        #expect(wrap("日本", 1) == ["日", "本"])
    }

    @Test func newlinesEndRows() {
        let rows = wrapper.rows(of: Array("ab\n\ncd\n"), width: 10)
        #expect(rows.map(\.range) == [0..<2, 3..<3, 4..<6, 7..<7])
        #expect(rows.allSatisfy { $0.endsLine })
    }

    @Test func theSpaceABreakFallsOnHangsPastTheEdge() {
        let rows = wrapper.rows(of: Array("abcd efg"), width: 4)
        #expect(rows.map(\.range) == [0..<5, 5..<8])
        #expect(rows[0].width == 5)
        #expect(rows[0].endsLine == false)
    }

    @Test func aLineEndingInAHungSpaceGetsARowForTheCaret() {
        let rows = wrapper.rows(of: Array("abcd "), width: 4)
        #expect(rows.map(\.range) == [0..<5, 5..<5])
        #expect(rows[1].endsLine)
    }

    @Test func emptyTextHasOneRow() {
        #expect(wrapper.rows(of: [], width: 10) == [WrappedRow(range: 0..<0, width: 0, endsLine: true, lookedTo: 0)])
    }

    /// Wrapping that reads printable ASCII from its bytes breaks exactly
    /// where wrapping that looks into every character does.
    @Test func rowsMeasuredByTheirASCIIBytesAreTheSame() {
        let pieces = [
            "a", "word", " ", "  ", "日本", "。", "「", "っ", "👍🏽", "e\u{301}", "\n", ".", "ｱ", "\t",
            "verylongwordthatneedsbreaking",
        ]
        var random = SeededGenerator(seed: 11)
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<20 {
                text += pieces[random.next(below: pieces.count)]
            }
            let characters = Array(text)
            let ascii = characters.map { $0.singleASCIIByte ?? 0 }
            for width in [1, 2, 3, 5, 8, 13, 21] {
                #expect(
                    wrapper.rows(of: characters[...], ascii: ascii[...], width: width)
                        == wrapper.rows(of: characters, width: width), "\(text.debugDescription) at \(width)")
            }
        }
    }

    @Test func everyCharacterIsOnExactlyOneRow() {
        let text = Array("Lorem ipsum dolor sit amet, 日本語のテキスト 👍🏽 and a verylongwordthatneedsbreaking\nnext")
        for width in 1...30 {
            let rows = wrapper.rows(of: text, width: width)
            var expected = 0
            for row in rows {
                if row.range.lowerBound == expected + 1, text[expected].isNewline { expected += 1 }
                #expect(row.range.lowerBound == expected)
                expected = row.range.upperBound
                let visible = text[row.range].dropLast(while: \.isSpace)
                // Only a cluster alone on its row may be wider than the row.
                if visible.count > 1 { #expect(wrapper.rules.width(of: visible) <= width) }
            }
            #expect(expected == text.count)
        }
    }
    @Test(arguments: [
        ("あいうえお。かきく", ["あいうえ", "お。かきく"]),  // 。 never starts a row
        ("あいうえおっと", ["あいうえ", "おっと"]),  // nor small kana
        ("あいうえおーい", ["あいうえ", "おーい"]),  // nor the prolonged sound mark
        ("あいうえ「お」", ["あいうえ", "「お」"]),  // 「 never ends a row
        ("あいう、「えお」", ["あいう、", "「えお」"]),
    ])
    func japaneseFollowsTheKinsokuRules(text: String, rows: [String]) {
        #expect(wrap(text, 10) == rows)
    }

    /// A certificate's fingerprint, as the untrusted-server notice shows it,
    /// is cut between bytes at any width; an address between its parts.
    @Test func aLongWordIsCutAfterAColonOrASlashInTheRowsSecondHalf() {
        let hex = Array("0123456789ABCDEF")
        let fingerprint = (0..<32).map { byte in String([hex[(byte * 37 % 256) / 16], hex[byte * 37 % 16]]) }
            .joined(separator: ":")
        for width in 8...60 {
            let rows = wrap(fingerprint, width)
            #expect(rows.joined() == fingerprint)
            for row in rows.dropLast() {
                #expect(row.hasSuffix(":"), "width \(width): \(rows)")
                #expect(row.count > width / 2, "width \(width): no row is cut short by more than half")
            }
        }
        #expect(wrap("https://example.org/some/long/path", 16) == ["https://example.", "org/some/long/", "path"])
        #expect(wrap("https://example.org/x", 16) == ["https://example.", "org/x"], "a slash in the first half does not count")
        #expect(wrap("ab:cdefghijkl", 8) == ["ab:cdefg", "hijkl"], "a colon in the first half does not count")
    }

    @Test func aCutThroughALongWordAvoidsTheForbiddenPlacesToo() {
        #expect(wrap("abcdefghij.", 10) == ["abcdefghi", "j."])
    }

    @Test func kinsokuLooksUpEachCodePointAsCharacterComparisonWould() {
        // Every code point of the Basic Multilingual Plane, and the canonically
        // equivalent spelling of ヾ (ヽ and the combining voiced mark).
        var characters = (0...0xFFFF).compactMap(Unicode.Scalar.init).map(Character.init)
        characters.append("\u{30FD}\u{3099}")
        for character in characters {
            #expect(
                Kinsoku.allowsBreak(between: "a", and: character) == !Kinsoku.noStart.contains(character),
                "\(character.unicodeScalars.map(\.value))")
            #expect(
                Kinsoku.allowsBreak(between: character, and: "a") == !Kinsoku.noEnd.contains(character),
                "\(character.unicodeScalars.map(\.value))")
        }
    }

    @Test func kinsokuNeverMakesARowWiderThanAllowed() {
        let texts = ["。。。。。。。。", "「「「「「「", "あ。い。う。え。お。か。き。く。", "ーーーーーーーー", "っ。」ー、！？"]
        for text in texts {
            for width in 1...9 {
                let rows = TextWrapper(rules: .terminal).rows(of: Array(text), width: width)
                #expect(rows.allSatisfy { $0.width <= max(width, 2) }, "\(text) at \(width)")
                #expect(rows.map { $0.range.count }.reduce(0, +) == text.count, "every character kept")
            }
        }
    }
}

extension ArraySlice {
    func dropLast(while predicate: (Element) -> Bool) -> ArraySlice {
        var slice = self
        while let last = slice.last, predicate(last) { slice.removeLast() }
        return slice
    }

}
