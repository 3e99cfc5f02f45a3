import Testing
import TextWidth
@testable import ChatCore

@Suite struct FrameTests {
    @Test func aStringIsPutExactlyAsItsCharactersWould() {
        let texts = ["plain", "e\u{301}tude", "日本語 and more", "👍🏽 ok", "a\r\nb", "Message local · Enter sends",
                     "1\u{FE0F}\u{20E3}x", "wide 日 at the edge", "\u{301}mark first"]
        for text in texts {
            for (column, limit) in [(0, nil), (3, nil), (0, 6), (2, 7), (15, nil)] as [(Int, Int?)] {
                var byString = Frame(size: TerminalSize(columns: 16, rows: 2))
                var byCharacters = byString
                let stringEnd = byString.put(text, rules: .terminal, style: .time, row: 1, column: column, limit: limit)
                let charactersEnd = byCharacters.put(Array(text), rules: .terminal, style: .time, row: 1,
                                                     column: column, limit: limit)
                #expect(byString.cells == byCharacters.cells, "\(text.debugDescription) from \(column) to \(String(describing: limit))")
                #expect(stringEnd == charactersEnd)
            }
        }
    }

    @Test func keptRowsStayAsTheyWereWhenTheFrameIsDrawnOn() {
        var frame = Frame(size: TerminalSize(columns: 4, rows: 3))
        frame.put("abcd", rules: .terminal, style: .plain, row: 1, column: 0)
        let kept = frame.cells(ofRows: 1..<2)
        frame.put("wxyz", rules: .terminal, style: .plain, row: 1, column: 0)
        #expect(kept.map(\.text).joined() == "abcd")
        #expect(frame.text(ofRow: 1) == "wxyz")
    }

    @Test func aRowFilledWithALineCoversItsColumnsOnly() {
        var frame = Frame(size: TerminalSize(columns: 6, rows: 2))
        frame.put("日本語", rules: .terminal, style: .plain, row: 0, column: 0)
        frame.fill(row: 0, columns: 1..<9, with: Cell(scalar: 0x2500, width: 1, style: .separator))
        #expect(frame.text(ofRow: 0) == " ─────", "the wide character cut in half is blanked")
        #expect(frame.text(ofRow: 1) == "      ")
    }
}
