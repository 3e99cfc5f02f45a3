import Testing

@testable import ChatCore

@Suite struct PasteCollectorTests {
    @Test func textEndsAtTheMarkerEvenWhenItStraddlesTwoBlocks() {
        var paste = PasteCollector()
        #expect(paste.add(Array("line one\rline 二\u{1B}[20".utf8)) == nil)
        #expect(paste.add(Array("1~x\u{1B}[A".utf8)) == "line one\rline 二")
        #expect(paste.leftover == Array("x\u{1B}[A".utf8))
    }

    @Test func aCharacterSplitBetweenBlocksIsWhole() {
        var paste = PasteCollector()
        let bytes = Array("日本".utf8)
        #expect(paste.add(bytes[..<4]) == nil)
        #expect(paste.add(Array(bytes[4...]) + PasteCollector.endMarker) == "日本")
        #expect(paste.leftover.isEmpty)
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
        var paste = PasteCollector()
        #expect(paste.add([0x61, 0xFF, 0x62] + PasteCollector.endMarker) == "a\u{FFFD}b")
    }

    @Test func anEscapeInsideThePasteIsNotTheEnd() {
        var paste = PasteCollector()
        #expect(paste.add(Array("a\u{1B}[201b\u{1B}[201~".utf8)) == "a\u{1B}[201b")
    }
}
