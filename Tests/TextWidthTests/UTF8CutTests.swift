import Testing

@testable import TextWidth

@Suite struct UTF8CutTests {
    /// Every length of scalar UTF-8 has, and bytes that begin nothing.
    static let text = Array("aé日🙂x\u{301}€𝄞".utf8)

    /// The scalar boundaries of `text`: where a cut leaves whole characters.
    static let boundaries: [Int] = {
        var ends = [0]
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars { ends.append(ends.last! + String(scalar).utf8.count) }
        return ends
    }()

    @Test func aCutEndsAtTheLastWholeCharacterBeforeIt() {
        for length in 0...Self.text.count {
            let bytes = Array(Self.text[..<length])
            let expected = Self.boundaries.last { $0 <= length }!
            #expect(UTF8Cut.completeEnd(bytes) == expected, "cut after \(length) bytes")
        }
    }

    @Test func onlyTheBytesFromStartAreLookedAt() {
        let bytes = Array("日本".utf8)  // E6 97 A5 E6 9C AC
        #expect(UTF8Cut.completeEnd(Array(bytes[..<5]), from: 3) == 3)
        #expect(UTF8Cut.completeEnd(Array(bytes[..<5]), from: 4) == 5, "no lead from 4: the bytes are taken as they are")
    }

    @Test func bytesThatBeginNothingAreWholeOnTheirOwn() {
        // C0, C1 and F5 to FF are never UTF-8; a lone continuation byte is not a lead.
        for lead: UInt8 in [0xC0, 0xC1, 0xF5, 0xF8, 0xFF, 0x80] {
            #expect(UTF8Cut.completeEnd([0x61, lead]) == 2, "\(lead)")
            #expect(UTF8Cut.sequenceLength(lead: lead) == 1, "\(lead)")
        }
        #expect(UTF8Cut.completeEnd([0x61, 0xC2]) == 1)
        #expect(UTF8Cut.completeEnd([0x61, 0xE0, 0xA0]) == 1)
        #expect(UTF8Cut.completeEnd([0x61, 0xF4, 0x8F, 0xBF]) == 1)
        #expect(UTF8Cut.completeEnd([0x80, 0x80, 0x80, 0x80]) == 4, "continuation bytes alone are taken as they are")
    }
}
