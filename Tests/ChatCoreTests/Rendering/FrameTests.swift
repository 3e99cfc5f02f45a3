import ChatModel
import Testing
import TextWidth

@testable import ChatCore

@Suite struct FrameTests {
    @Test func aStringIsPutExactlyAsItsCharactersWould() {
        let texts = [
            "plain", "e\u{301}tude", "日本語 and more", "👍🏽 ok", "a\r\nb", "Message local · Enter sends",
            "1\u{FE0F}\u{20E3}x", "wide 日 at the edge", "\u{301}mark first",
        ]
        for text in texts {
            for (column, limit) in [(0, nil), (3, nil), (0, 6), (2, 7), (15, nil)] as [(Int, Int?)] {
                var byString = Frame(size: TerminalSize(columns: 16, rows: 2))
                var byCharacters = byString
                let stringEnd = byString.put(text, rules: .terminal, style: .time, row: 1, column: column, limit: limit)
                let charactersEnd = byCharacters.put(
                    Array(text), rules: .terminal, style: .time, row: 1,
                    column: column, limit: limit)
                #expect(
                    byString.cells == byCharacters.cells,
                    "\(text.debugDescription) from \(column) to \(String(describing: limit))")
                #expect(stringEnd == charactersEnd)
            }
        }
    }

    /// A character of one code point is put without splitting it into cells:
    /// what it draws, in its format, and where it stops must be what its
    /// cells would, one character at a time, over wide characters cut.
    @Test func aCodePointOnItsOwnIsPutAsItsCellsWouldBe() {
        let format = TextFormat(bold: true, foreground: 3)
        for text in ["日本語 and more", "wide 日 at the edge", "é①🎉Ж x", "ｱｲｳ한국", "x\u{AD}y\u{E0041}z"] {
            for (column, limit) in [(0, nil), (3, nil), (0, 6), (2, 7), (15, nil), (14, 16)] as [(Int, Int?)] {
                var byCharacters = Frame(size: TerminalSize(columns: 16, rows: 2))
                byCharacters.put("日本語日本語日本語", rules: .terminal, style: .time, row: 1, column: 1)
                var byCells = byCharacters
                let charactersEnd = byCharacters.put(
                    Array(text), rules: .terminal, style: .plain, format: format,
                    row: 1, column: column, limit: limit)
                var cellsEnd = column
                for character in text {
                    let cells = WidthRules.terminal.cells(of: character)
                    let next = byCells.put(cells, style: .plain, format: format, row: 1, column: cellsEnd, limit: limit)
                    if next - cellsEnd < cells.reduce(0, { $0 + $1.width }) { break }
                    cellsEnd = next
                }
                #expect(
                    byCharacters.cells == byCells.cells,
                    "\(text.debugDescription) from \(column): \(byCharacters.text(ofRow: 1)) against \(byCells.text(ofRow: 1))")
                #expect(charactersEnd == cellsEnd)
            }
        }
    }

    /// The composer's way (characters with their ASCII bytes) draws what the
    /// characters alone would, over wide characters cut at either end of a run.
    @Test func charactersWithTheirASCIIBytesArePutAsTheCharactersAloneWouldBe() {
        let texts = ["plain", "ab日cd", "日本", "x👍🏽y", "e\u{301}t", "a long run that fills the row"]
        for text in texts {
            let characters = Array(text)
            let ascii = characters.map { $0.isASCII ? $0.asciiValue! : 0 }
            for column in [0, 1, 2, 5, 15, 16] {
                var byBytes = Frame(size: TerminalSize(columns: 16, rows: 1))
                byBytes.put("日本語日本語日本語", rules: .terminal, style: .time, row: 0, column: 0)
                byBytes.put("x日本語日本語日本", rules: .terminal, style: .time, row: 0, column: 1 - column % 2)
                var byCharacters = byBytes
                let bytesEnd = byBytes.put(
                    characters[...], ascii: ascii[...], rules: .terminal, style: .plain,
                    row: 0, column: column)
                let charactersEnd = byCharacters.put(characters, rules: .terminal, style: .plain, row: 0, column: column)
                #expect(
                    byBytes.cells == byCharacters.cells,
                    "\(text.debugDescription) from \(column): \(byBytes.text(ofRow: 0)) against \(byCharacters.text(ofRow: 0))")
                #expect(bytesEnd == charactersEnd)
            }
        }
    }

    /// A wide character's right half written over another's right half once
    /// blanked the new character's left half.
    @Test func aWideCharacterDrawnOverAnotherOneColumnOffIsWhole() {
        var frame = Frame(size: TerminalSize(columns: 6, rows: 1))
        frame.put("日本語", rules: .terminal, style: .plain, row: 0, column: 0)
        frame.put("x日本", rules: .terminal, style: .plain, row: 0, column: 1)
        #expect(frame.text(ofRow: 0) == " x日本", "日 cut in two at the start is blanked, the new ones are whole")
        #expect(frame.cells.map(\.width) == [1, 1, 2, 0, 2, 0])
    }

    @Test func aFrameDrawnOverAnotherSaysWhichRowsItDrewAgain() {
        var shown = Frame(size: TerminalSize(columns: 4, rows: 4))
        shown.put("abcd", rules: .terminal, style: .plain, row: 0, column: 0)
        shown.put("efgh", rules: .terminal, style: .plain, row: 3, column: 0)
        var next = shown
        next.startOver()
        #expect(next.number != shown.number)
        #expect(next.drawnOver == Frame.DrawnOver(frame: shown.number, rows: 0..<0))
        next.erase(rows: 3..<4)
        next.put("xy", rules: .terminal, style: .plain, row: 3, column: 0)
        next.erase(rows: 1..<2)
        #expect(next.drawnOver?.rows == 1..<4, "the rows erased and those between them")
        #expect(next.text(ofRow: 3) == "xy  ", "an erased row is blank before it is drawn")
        #expect(shown.text(ofRow: 3) == "efgh", "the frame drawn over is a value of its own")
        next.cursorColumn = 2
        var screen = shown
        screen.catchUp(to: next)
        #expect(screen == next)
        #expect(screen.number == next.number)
    }

    @Test func catchingUpToAFrameNotDrawnOverThisOneTakesItWhole() {
        var shown = Frame(size: TerminalSize(columns: 4, rows: 2))
        shown.put("abcd", rules: .terminal, style: .plain, row: 0, column: 0)
        var other = Frame(size: TerminalSize(columns: 4, rows: 2))
        other.startOver()
        other.erase(rows: 1..<2)
        other.put("wxyz", rules: .terminal, style: .plain, row: 1, column: 0)
        shown.catchUp(to: other)
        #expect(shown.text(ofRow: 0) == "    ", "rows outside those drawn again are taken too")
        #expect(shown == other)
    }

    @Test func aRowFilledWithALineCoversItsColumnsOnly() {
        var frame = Frame(size: TerminalSize(columns: 6, rows: 2))
        frame.put("日本語", rules: .terminal, style: .plain, row: 0, column: 0)
        frame.fill(row: 0, columns: 1..<9, with: Cell(scalar: 0x2500, width: 1, style: .separator))
        #expect(frame.text(ofRow: 0) == " ─────", "the wide character cut in half is blanked")
        #expect(frame.text(ofRow: 1) == "      ")
    }
}
