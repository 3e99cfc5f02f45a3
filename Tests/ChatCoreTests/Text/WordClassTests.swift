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
