import Testing

@testable import ChatCore

@Suite struct WordClassTests {
    /// ASCII is classed from its byte, without Unicode's tables: the same
    /// classes the tables give.
    @Test func everyASCIICharacterIsClassedAsUnicodeClassesIt() {
        for value in UInt8(0)...0x7F {
            let character = Character(Unicode.Scalar(value))
            let expected: WordClass = character.isLetter || character.isNumber ? .alphabetic : .separator
            #expect(WordClass(character) == expected, "byte \(value)")
        }
        #expect(WordClass("\r\n") == .separator)
    }
}

@Suite struct ProlongedSoundMarkTests {
    /// Told by UTF-8, the marks must be what comparing characters finds: the
    /// two marks and nothing else, not the kanji or dashes that look alike.
    @Test func theTwoMarksAndNothingElse() {
        var found: [Character] = []
        for value in UInt32(0x20)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            if WordClass.isProlongedSoundMark(character) { found.append(character) }
        }
        #expect(found == ["ー", "ｰ"])
        // A mark with another joined to it is not the mark alone.
        #expect(!WordClass.isProlongedSoundMark("ー\u{3099}"))
    }
}
