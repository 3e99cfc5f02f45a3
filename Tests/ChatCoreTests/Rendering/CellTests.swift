import ChatModel
import Testing

@testable import ChatCore

@Suite struct CellTests {
    @Test func aCellIsAPlainValueOfEightBytesWithNoPadding() {
        #expect(_isPOD(Cell.self), "nothing to retain or release when cells are copied")
        #expect(MemoryLayout<Cell>.size == 8 && MemoryLayout<Cell>.stride == 8, "compared as one word")
    }

    @Test func aCellKeepsItsFormat() {
        let formats = [
            TextFormat.plain, TextFormat(bold: true), TextFormat(italic: true, underline: true),
            TextFormat(reverse: true, strikethrough: true), TextFormat(foreground: 0),
            TextFormat(foreground: 15, background: 0), TextFormat(bold: true, background: 9),
        ]
        for format in formats {
            #expect(Cell(text: "a", width: 1, style: .plain, format: format).format == format)
        }
        for (index, one) in formats.enumerated() {
            for other in formats[(index + 1)...] {
                #expect(
                    Cell(text: "a", width: 1, style: .plain, format: one)
                        != Cell(text: "a", width: 1, style: .plain, format: other))
            }
        }
        #expect(
            Cell(text: "a", width: 1, style: .plain, format: TextFormat(foreground: 16)).format == .plain,
            "only IRC's sixteen colours")
    }

    @Test func aCellGivesBackTheTextItWasMadeWith() {
        for text in ["a", "日", "🎉", "e\u{301}", "👩‍👩‍👧", "🇯🇵", "1️⃣", ""] {
            #expect(Cell(text: text, width: 1, style: .plain).text == text)
        }
        #expect(Cell(text: "a", width: 1, style: .plain).scalar == "a")
        #expect(Cell(text: "🇯🇵", width: 2, style: .plain).scalar == nil, "a cluster has no one scalar")
        #expect(Cell(text: "🇯🇵", width: 2, style: .plain) == Cell(text: "🇯🇵", width: 2, style: .plain))
        #expect(Cell(text: "🇯🇵", width: 2, style: .plain) != Cell(text: "🇫🇷", width: 2, style: .plain))
    }

    @Test func aFullClusterTableStartsOverBetweenFramesNotWithinOne() {
        let table = ClusterTable(limit: 3)
        #expect(table.beginFrame() == 0)
        let numbers = ["e\u{301}", "a\u{300}", "o\u{302}", "u\u{308}"].map(table.number(of:))
        #expect(numbers == [0, 1, 2, 3], "a frame may go past the limit")
        #expect(table.number(of: "a\u{300}") == 1, "each cluster is kept once")
        #expect(table.text(of: 3) == "u\u{308}")
        #expect(table.beginFrame() == 1, "the next frame starts a new generation")
        #expect(table.text(of: 3) == "", "the clusters of the last are gone")
        #expect(table.number(of: "u\u{308}") == 0)
        #expect(table.beginFrame() == 1, "not full: the same generation")
    }

    @Test func aFrameOfAnEarlierGenerationIsNotDrawnOver() {
        let canvas = Canvas()
        let size = TerminalSize(columns: 3, rows: 2)
        var first = canvas.take(size: size, generation: 0)
        first.put("abc", rules: .terminal, style: .plain, row: 0, column: 0)
        let state = ChatState(room: "local", nick: "alice", size: size)
        let pane = PaneKey(state.room, display: state.display, rows: 0..<1)
        canvas.keep(first, pane: pane, separator: nil)
        #expect(canvas.drewPane(from: pane), "kept: the pane is known drawn")
        #expect(!canvas.drewPane(from: PaneKey(state.room, display: state.display, rows: 0..<2)), "other rows")
        let next = canvas.take(size: size, generation: 1)
        #expect(next.drawnOver == nil, "drawn from blank")
        #expect(next.text(ofRow: 0) == "   ")
        #expect(!canvas.drewPane(from: pane), "nothing is known drawn")
    }
}
