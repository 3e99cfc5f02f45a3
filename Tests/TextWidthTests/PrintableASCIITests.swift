import Testing

@testable import TextWidth

@Suite struct PrintableASCIITests {
    /// Texts where ASCII meets what extends it: marks, joiners, CR LF, emoji, Japanese.
    static let texts = [
        "", "plain words", "e\u{301}tude", "abc\u{301}", "a\r\nb", "line\nnext", "tab\there", "\u{7F}del",
        "日本語 and ASCII", "👍🏽 ok", "a\u{200D}b", "1\u{FE0F}\u{20E3} keycap", "🇯🇵x", "x\u{0308}",
        "Message local · Enter sends · Ctrl-J adds a line", "ｶﾞ", "end with a mark\u{301}",
    ]

    @Test(arguments: texts)
    func everyCharacterComesOnceInOrderAsTheStringHasIt(text: String) {
        var walked: [Character] = []
        var asciiBytes = 0
        text.forEachCharacter(
            ascii: { byte in
                walked.append(Character(Unicode.Scalar(byte)))
                asciiBytes += 1
                return true
            },
            other: { character in
                walked.append(character)
                return true
            })
        #expect(walked == Array(text))
        // Printable ASCII followed by ASCII, or ending the text, comes by its byte.
        let told = zip(Array(text), Array(text).dropFirst().map(Optional.some) + [nil]).filter { character, next in
            character.isASCII && character.asciiValue! >= 0x20 && character.asciiValue! < 0x7F
                && (next?.unicodeScalars.first.map { $0.isASCII } ?? true)
        }
        #expect(asciiBytes == told.count)
    }

    @Test func theWalkStopsWhenAskedTo() {
        var seen = 0
        "abc日".forEachCharacter(
            ascii: { _ in
                seen += 1
                return seen < 2
            },
            other: { _ in
                seen += 1
                return true
            })
        #expect(seen == 2)
        seen = 0
        "日ab".forEachCharacter(
            ascii: { _ in
                seen += 1
                return true
            },
            other: { _ in
                seen += 1
                return false
            })
        #expect(seen == 1)
    }

    @Test(arguments: texts)
    func aStringIsAsWideAsItsCharacters(text: String) {
        for rules in [WidthRules.terminal, WidthRules.unicode] {
            #expect(rules.width(of: text) == rules.width(of: Array(text)))
        }
    }
}
