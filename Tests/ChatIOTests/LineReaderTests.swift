import Glibc
import Testing

@testable import ChatIO

@Suite struct LineReaderTests {
    /// Feeds `chunks` through a pipe one at a time, collecting the lines after each.
    func lines(fromChunks chunks: [[UInt8]]) -> [[String]] {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        let reader = LineReader(descriptor: ends[0])
        var result: [[String]] = []
        for chunk in chunks {
            _ = chunk.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            result.append(reader.readLines().map(String.init))
        }
        close(ends[1])
        result.append(reader.readLines().map(String.init))
        #expect(reader.ended)
        close(ends[0])
        return result
    }

    @Test func linesAreGivenWhenCompleteAndTheLastOneAtTheEnd() {
        let result = lines(fromChunks: [Array("one\ntw".utf8), Array("o\nthr".utf8), Array("ee".utf8)])
        #expect(result == [["one"], ["two"], [], ["three"]])
    }

    @Test func crlfEndsALineAndInvalidUTF8BecomesReplacementCharacters() {
        let result = lines(fromChunks: [Array("a\r\nb".utf8) + [0xFF, 0xC3] + Array("\n\n".utf8)])
        #expect(result[0] == ["a", "b\u{FFFD}\u{FFFD}", ""])
    }

    @Test func linesAfterInvalidBytesAndCarriageReturnsAreCutInTheRightPlaces() {
        let chunk = Array("x".utf8) + [0xFF] + Array("y\nz\r\r\n\rw\r\n".utf8) + [0xE6, 0x97] + Array("\n日\n\n".utf8)
        let result = lines(fromChunks: [chunk])
        #expect(result[0] == ["x\u{FFFD}y", "z\r", "\rw", "\u{FFFD}", "日", ""])
    }

    @Test func aCharacterSplitAcrossReadsArrivesWhole() {
        let bytes = Array("日本\n".utf8)
        let result = lines(fromChunks: [Array(bytes[..<4]), Array(bytes[4...])])
        #expect(result == [[], ["日本"], []])
    }
}
