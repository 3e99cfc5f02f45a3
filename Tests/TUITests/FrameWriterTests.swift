import ChatCore
import ChatModel
import TestSupport
import Testing
import TextWidth

@testable import TUI

/// `FrameWriter` held to what a terminal does with its bytes: a small model of
/// one (the sequences the writer uses, a cell per column, a wide character
/// over two) is shown a frame, then the writer's bytes for the next, and must
/// then show the next.
@Suite struct FrameWriterTests {
    /// Looks are written `ESC [ key m` and plain `ESC [ m`, so the model can
    /// tell which look each cell was written in.
    static func writer(writesLastCell: Bool = true) -> FrameWriter {
        FrameWriter(
            lookSequence: { Array("\u{1B}[\($0.lookKey)m".utf8) }, plainSequence: Array("\u{1B}[m".utf8),
            libraryWidth: { $0 >= 0x1100 ? 2 : 1 }, writesLastCell: writesLastCell)
    }

    @Test func randomEditsOfRandomFramesShowExactlyTheNewFrame() {
        var random = SeededGenerator(seed: 19)
        for _ in 0..<300 {
            let size = TerminalSize(columns: 4 + Int(random.next() % 20), rows: 6 + Int(random.next() % 10))
            var writer = Self.writer()
            var terminal = TerminalModel(size: size)
            var shown = Self.randomFrame(size, &random)
            // Drawn in full on a cleared screen, then changed four times.
            writer.forgetTerminalState(cursorAtHome: true)
            terminal.apply(writer.bytes(from: nil, to: shown))
            #expect(terminal.cells == TerminalModel.cells(of: shown), "\(terminal.difference(from: shown))")
            for _ in 0..<4 {
                let next = Self.edited(shown, &random)
                let bytes = writer.bytes(from: shown.cells, to: next)
                terminal.apply(bytes)
                #expect(
                    terminal.cells == TerminalModel.cells(of: next),
                    "\(terminal.difference(from: next)) after \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                #expect(terminal.cursor == (next.cursorRow, next.cursorColumn))
                #expect(terminal.look == 0, "left plain")
                shown = next
            }
            #expect(terminal.regionsSet == 0, "no scroll region is set")
        }
    }

    /// Frames a `ChatView` draws over its last one are compared only in the
    /// rows they drew again; the terminal must still show each exactly.
    @Test func framesDrawnOverTheLastAreWrittenFromTheRowsTheyDrewAgain() {
        var random = SeededGenerator(seed: 7)
        let now = Timestamp(secondsSinceEpoch: 1_796_235_084)
        let size = TerminalSize(columns: 24, rows: 12)
        var session = Session(rooms: [ChatState(room: "local", nick: "alice", size: size)])
        let view = ChatView(clock: .utc)
        // The terminal measures as chat-tui does: the separator's line is one column.
        let rules = WidthRules.terminal
        var writer = FrameWriter(
            lookSequence: { Array("\u{1B}[\($0.lookKey)m".utf8) },
            plainSequence: Array("\u{1B}[m".utf8),
            libraryWidth: { rules.width(of: Unicode.Scalar($0).map(Character.init) ?? " ") },
            writesLastCell: true)
        var terminal = TerminalModel(size: size) { rules.width(of: Character($0)) }
        var shown = view.frame(for: session)
        writer.forgetTerminalState(cursorAtHome: true)
        terminal.apply(writer.bytes(from: nil, to: shown))
        let texts = ["hi ", "日本語 ", "a longer line of words "]
        var typed = (frames: 0, rows: 0)
        for step in 0..<200 {
            let text = texts[Int(random.next() % 3)]
            let kind = random.next() % 4
            switch kind {
            case 0: session.apply(.received(Message(sender: "bob", text: text, time: now)), now: now)
            case 1: session.apply(.key([.enter, .backspace, .pageUp, .escape][Int(random.next() % 4)]), now: now)
            default: session.apply(.text(text), now: now)
            }
            let next = view.frame(for: session)
            guard let drawn = next.drawnOver, drawn.frame == shown.number else {
                Issue.record("step \(step): a frame of the same size is drawn over the last")
                return
            }
            if kind >= 2 { typed = (typed.frames + 1, typed.rows + drawn.rows.count) }
            terminal.apply(writer.bytes(from: shown.cells, to: next, rows: drawn.rows))
            #expect(terminal.cells == TerminalModel.cells(of: next), "step \(step): \(terminal.difference(from: next))")
            #expect(terminal.cursor == (next.cursorRow, next.cursorColumn))
            shown.catchUp(to: next)
        }
        #expect(
            typed.rows < typed.frames * size.rows / 2,
            "text typed draws few rows again: \(typed.rows) rows in \(typed.frames) frames")
    }

    @Test func aTypedCharacterIsOneByteAndAnArrivingMessageScrollsTheRowsAbove() {
        let size = TerminalSize(columns: 20, rows: 12)
        func frame(messages: [String], draft: String) -> Frame {
            var frame = Frame(size: size)
            for (row, text) in messages.enumerated() {
                frame.put(Array(text), rules: .terminal, style: .plain, row: row, column: 0)
            }
            frame.put(Array(draft), rules: .terminal, style: .plain, row: 11, column: 0)
            frame.cursorRow = 11
            frame.cursorColumn = draft.count
            return frame
        }
        let messages = (0..<10).map { "message \($0)" }
        let before = frame(messages: messages, draft: "draft")
        var writer = Self.writer()
        var terminal = TerminalModel(size: size)
        writer.forgetTerminalState(cursorAtHome: true)
        terminal.apply(writer.bytes(from: nil, to: before))
        let typed = frame(messages: messages, draft: "drafts")
        let typing = writer.bytes(from: before.cells, to: typed)
        #expect(typing == Array("s".utf8))
        terminal.apply(typing)
        // Two rows of a message arrive: the pane's rows move up by two.
        let arrived = frame(messages: Array(messages.dropFirst(2)) + ["new one", "its rest"], draft: "drafts")
        let bytes = writer.bytes(from: typed.cells, to: arrived)
        let text = String(decoding: bytes, as: UTF8.self)
        // The whole screen scrolls up by two, and two rows open above the
        // draft's to keep it where it was.
        #expect(text.hasPrefix("\u{1B}[2S\u{1B}[9H\u{1B}[2Lnew one\r\u{0B}its rest"), "\(text.debugDescription)")
        #expect(
            !text.contains("message") && text.contains("new one") && text.contains("its rest"),
            "only the rows that came in are written: \(text.debugDescription)")
        terminal.apply(bytes)
        #expect(terminal.cells == TerminalModel.cells(of: arrived))
        let next = frame(messages: Array(messages.dropFirst(3)) + ["new one", "its rest", "one more"], draft: "drafts")
        let more = writer.bytes(from: arrived.cells, to: next)
        #expect(
            String(decoding: more, as: UTF8.self).hasPrefix("\u{1B}[S\u{1B}[10H\u{1B}[Lone more"),
            "\(String(decoding: more, as: UTF8.self).debugDescription)")
        terminal.apply(more)
        #expect(terminal.cells == TerminalModel.cells(of: next))
        // No scroll region is ever set: a chat-tui killed outright leaves the
        // shell a whole screen to scroll.
        #expect(terminal.regionsSet == 0)
    }

    /// Above a short conversation the pane's rows are blank: when the composer
    /// grows, the rows that move up and the blank ones above them scroll as
    /// the whole screen (`ESC [ S`, no move of the cursor), and when it
    /// shrinks back, down (`ESC [ T`). With something above that would be
    /// lost, only the band that moved is.
    @Test func theComposerGrowingUnderBlankRowsScrollsTheWholeScreen() {
        let size = TerminalSize(columns: 20, rows: 12)
        func frame(above: String?, draft: [String]) -> Frame {
            var frame = Frame(size: size)
            let separator = size.rows - draft.count - 1
            if let above { frame.put(Array(above), rules: .terminal, style: .plain, row: 0, column: 0) }
            frame.put(Array("the room's hint"), rules: .terminal, style: .plain, row: separator - 1, column: 0)
            frame.put(
                Array(String(repeating: "-", count: size.columns)), rules: .terminal, style: .plain,
                row: separator, column: 0)
            for (index, row) in draft.enumerated() {
                frame.put(Array(row), rules: .terminal, style: .plain, row: separator + 1 + index, column: 0)
            }
            frame.cursorRow = size.rows - 1
            frame.cursorColumn = draft.last!.count
            return frame
        }
        for above in [nil, "at the top"] {
            let one = frame(above: above, draft: ["a draft that fills"])
            let two = frame(above: above, draft: ["a draft that fills", "more"])
            var writer = Self.writer()
            var terminal = TerminalModel(size: size)
            writer.forgetTerminalState(cursorAtHome: true)
            terminal.apply(writer.bytes(from: nil, to: one))
            let grown = writer.bytes(from: one.cells, to: two)
            terminal.apply(grown)
            #expect(terminal.difference(from: two) == "no difference")
            let shrunk = writer.bytes(from: two.cells, to: one)
            terminal.apply(shrunk)
            #expect(terminal.difference(from: one) == "no difference")
            let grownText = String(decoding: grown, as: UTF8.self)
            let shrunkText = String(decoding: shrunk, as: UTF8.self)
            if above == nil {
                #expect(grownText == "\u{1B}[S\rmore", "\(grownText.debugDescription)")
                #expect(shrunkText.hasPrefix("\u{1B}[T"), "\(shrunkText.debugDescription)")
            } else {
                #expect(!grownText.contains("\u{1B}[S") && grownText.contains("\u{1B}[M"), "\(grownText.debugDescription)")
                #expect(!shrunkText.contains("\u{1B}[T") && shrunkText.contains("\u{1B}[L"), "\(shrunkText.debugDescription)")
            }
            #expect(!grownText.contains("the room") && !shrunkText.contains("the room"), "the hint moves, not written again")
        }
    }

    /// The screen's cells may hold a wide character whose right half shows
    /// something else (a narrow character written over it since): the wide
    /// one is written again though its own cell is the same.
    @Test func aWideCharacterWhoseRightHalfWasOverwrittenIsWrittenAgain() {
        let size = TerminalSize(columns: 8, rows: 2)
        var wanted = Frame(size: size)
        wanted.put(Array("ab日c"), rules: .terminal, style: .plain, row: 1, column: 0)
        wanted.cursorRow = 1
        wanted.cursorColumn = 5
        var shown = wanted.cells
        // The screen's right half of 日 (row 1, column 3) shows an x.
        #expect(shown[size.columns + 3].width == 0, "the right half of 日")
        shown[size.columns + 3] = Cell(text: "x", width: 1, style: .plain)
        var writer = Self.writer()
        let text = String(decoding: writer.bytes(from: shown, to: wanted), as: UTF8.self)
        #expect(text.contains("日"), "\(text.debugDescription)")
    }

    @Test func aLookThatResetsAllIsNotPrecededByThePlainOne() {
        let size = TerminalSize(columns: 10, rows: 6)
        var frame = Frame(size: size)
        frame.put(Array("ab"), rules: .terminal, style: .time, row: 0, column: 0)
        frame.put(Array("cd"), rules: .terminal, style: .otherSender, row: 0, column: 2)
        for (sequence, plainBetween) in [("\u{1B}[0;", false), ("\u{1B}[", true)] {
            var writer = FrameWriter(
                lookSequence: { Array("\(sequence)\($0.lookKey)m".utf8) },
                plainSequence: Array("\u{1B}[m".utf8), libraryWidth: { _ in 1 }, writesLastCell: true)
            writer.forgetTerminalState(cursorAtHome: true)
            let text = String(decoding: writer.bytes(from: nil, to: frame), as: UTF8.self)
            let time = Cell(text: "a", width: 1, style: .time).lookKey
            let sender = Cell(text: "c", width: 1, style: .otherSender).lookKey
            let between = "ab\u{1B}[m\(sequence)\(sender)mcd"
            #expect(text.hasPrefix("\u{1B}[\(time)mab"), "from the plain look, no reset: \(text.debugDescription)")
            #expect(text.contains(between) == plainBetween, "\(text.debugDescription)")
            #expect(text.contains("ab\(sequence)\(sender)mcd") == !plainBetween, "\(text.debugDescription)")
        }
    }

    @Test func theCharacterSetChoiceIsLeftOutOfLooks() {
        #expect(FrameWriter.withoutCharacterSetChoice(Array("\u{1B}(B\u{1B}[0;2m".utf8)) == Array("\u{1B}[0;2m".utf8))
        #expect(FrameWriter.withoutCharacterSetChoice(Array("\u{1B}(0x\u{1B}(".utf8)) == Array("\u{1B}(0x\u{1B}(".utf8))
    }

    @Test func theLastCellOfTheScreenIsLeftToATerminalThatWouldScroll() {
        let size = TerminalSize(columns: 5, rows: 6)
        var frame = Frame(size: size)
        frame.put(Array("abcde"), rules: .terminal, style: .plain, row: 5, column: 0)
        var writer = Self.writer(writesLastCell: false)
        writer.forgetTerminalState(cursorAtHome: true)
        var terminal = TerminalModel(size: size)
        terminal.apply(writer.bytes(from: nil, to: frame))
        #expect(terminal.cells[5].map(\.text) == ["a", "b", "c", "d", " "])
    }

    // MARK: Frames

    static let texts = ["a", "b", "x", " ", "日", "本", "é", "👍🏽", "ñ", "ñ"]

    static func randomFrame(_ size: TerminalSize, _ random: inout SeededGenerator) -> Frame {
        var frame = Frame(size: size)
        for row in 0..<size.rows { fill(&frame, row: row, &random) }
        frame.cursorRow = Int(random.next() % UInt64(size.rows))
        frame.cursorColumn = Int(random.next() % UInt64(size.columns))
        return frame
    }

    static func fill(_ frame: inout Frame, row: Int, _ random: inout SeededGenerator) {
        var column = Int(random.next() % 3)
        let end = Int(random.next() % UInt64(frame.size.columns + 1))
        while column < end {
            let text = texts[Int(random.next() % UInt64(texts.count))]
            let style = CellStyle.allCases[Int(random.next() % UInt64(CellStyle.allCases.count))]
            let next = frame.put(Array(text), rules: .terminal, style: style, row: row, column: column)
            guard next > column else { break }
            column = next
        }
    }

    /// A frame changed as chat-tui changes them: a band of rows moved up or
    /// down (a message arrived, the composer grew or shrank), a row redrawn,
    /// its end cut, or a few cells.
    static func edited(_ frame: Frame, _ random: inout SeededGenerator) -> Frame {
        var next = Frame(size: frame.size)
        let rows = frame.size.rows
        let top = Int(random.next() % UInt64(rows / 2))
        let bottom = min(rows, top + 2 + Int(random.next() % UInt64(rows - top - 1)))
        let distance = random.next() % 2 == 0 ? 1 + Int(random.next() % 3) : 0
        let up = random.next() % 2 == 0
        for row in 0..<rows {
            var source: Int? = row
            if distance > 0, (top..<bottom).contains(row) {
                source = up ? (row + distance < bottom ? row + distance : nil) : (row - distance >= top ? row - distance : nil)
            }
            guard let source else { continue }
            for (column, cell) in frame[source].enumerated() where cell.width > 0 {
                next.put(Array(cell.text), rules: .terminal, style: cell.style, row: row, column: column)
            }
        }
        for _ in 0..<Int(random.next() % 4) {
            let row = Int(random.next() % UInt64(rows))
            var cleared = Frame(size: frame.size)
            for other in 0..<rows where other != row {
                for (column, cell) in next[other].enumerated() where cell.width > 0 {
                    cleared.put(Array(cell.text), rules: .terminal, style: cell.style, row: other, column: column)
                }
            }
            fill(&cleared, row: row, &random)
            next = cleared
        }
        next.cursorRow = Int(random.next() % UInt64(rows))
        next.cursorColumn = Int(random.next() % UInt64(frame.size.columns))
        return next
    }
}

/// A terminal, as far as `FrameWriter` uses one: cursor addressing and moves,
/// writing (a wide character takes two columns, a cluster of several code
/// points is taken to be two), clearing a row's end, the screen scrolled up
/// and down, rows deleted and inserted, looks; a scroll region only to tell
/// that none is set.
struct TerminalModel {
    struct Shown: Equatable {
        var text: String
        var look: UInt32
    }

    let size: TerminalSize
    var cells: [[Shown]]
    var cursor: (row: Int, column: Int) = (0, 0)
    var look: UInt32 = 0
    var region: Range<Int>
    /// How many times a scroll region was set.
    var regionsSet = 0
    /// How many columns the terminal gives a cluster: two from U+1100 on,
    /// unless told otherwise.
    let width: (String) -> Int

    init(
        size: TerminalSize,
        width: @escaping (String) -> Int = { text in
            text.unicodeScalars.count > 1 || text.unicodeScalars.first!.value >= 0x1100 ? 2 : 1
        }
    ) {
        self.size = size
        self.width = width
        cells = Array(repeating: Array(repeating: Shown(text: " ", look: 0), count: size.columns), count: size.rows)
        region = 0..<size.rows
    }

    /// What a frame should look like on it: a wide cell's text in its left
    /// column and nothing in its right.
    static func cells(of frame: Frame) -> [[Shown]] {
        frame.rows.map { row in row.map { Shown(text: $0.width == 0 ? "" : $0.text, look: $0.width == 0 ? 0 : $0.lookKey) } }
    }

    /// The first cell that differs from `frame`'s, in words.
    func difference(from frame: Frame) -> String {
        let wanted = Self.cells(of: frame)
        for row in 0..<size.rows {
            for column in 0..<size.columns where cells[row][column] != wanted[row][column] {
                return "row \(row) column \(column): shows \(cells[row][column]), wanted \(wanted[row][column])"
            }
        }
        return "no difference"
    }

    mutating func apply(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "\u{1B}":
                guard scalars.first == "[" else { continue }
                scalars = scalars.dropFirst()
                var parameters = ""
                while let next = scalars.first, next.value < 0x40 {
                    parameters.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                guard let final = scalars.first else { return }
                scalars = scalars.dropFirst()
                control(final, parameters.split(separator: ";").map { Int($0) ?? 0 })
            case "\r": cursor.column = 0
            case "\n", "\u{0B}":
                // The writer moves down this way only where nothing scrolls.
                if cursor.row == region.upperBound - 1 || cursor.row == size.rows - 1 {
                    Issue.record("a line feed on the last row would scroll")
                }
                cursor.row = min(cursor.row + 1, size.rows - 1)
            default:
                // A cluster of several code points arrives as one piece: gather
                // the marks and joiners after it.
                var cluster = String(scalar)
                while let next = scalars.first,
                    next.properties.isGraphemeExtend || next == "\u{200D}"
                        || cluster.unicodeScalars.last == "\u{200D}"
                {
                    cluster.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                write(cluster)
            }
        }
    }

    private mutating func write(_ text: String) {
        let width = width(text)
        guard cursor.column + width <= size.columns else { return }
        cells[cursor.row][cursor.column] = Shown(text: text, look: look)
        if width == 2 { cells[cursor.row][cursor.column + 1] = Shown(text: "", look: 0) }
        cursor.column = min(cursor.column + width, size.columns - 1)
    }

    /// xterm puts the cursor at the row's start after deleting or inserting
    /// rows, others leave it: the writer does either at the row's start.
    private func expectRowStart() {
        if cursor.column != 0 { Issue.record("rows deleted or inserted with the cursor in column \(cursor.column)") }
    }

    private mutating func control(_ final: Unicode.Scalar, _ parameters: [Int]) {
        switch final {
        case "H":
            cursor = (max(1, parameters.first ?? 1) - 1, max(1, parameters.count > 1 ? parameters[1] : 1) - 1)
        case "C": cursor.column = min(size.columns - 1, cursor.column + max(1, parameters.first ?? 1))
        case "D": cursor.column = max(0, cursor.column - max(1, parameters.first ?? 1))
        case "A": cursor.row = max(0, cursor.row - max(1, parameters.first ?? 1))
        case "B": cursor.row = min(size.rows - 1, cursor.row + max(1, parameters.first ?? 1))
        case "K":
            for column in cursor.column..<size.columns { cells[cursor.row][column] = Shown(text: " ", look: 0) }
        case "r":
            regionsSet += 1
            region = parameters.count == 2 ? parameters[0] - 1..<parameters[1] : 0..<size.rows
            cursor = (0, 0)
        case "S":
            for _ in 0..<max(1, parameters.first ?? 1) {
                cells.remove(at: region.lowerBound)
                cells.insert(Array(repeating: Shown(text: " ", look: 0), count: size.columns), at: region.upperBound - 1)
            }
        case "T":
            for _ in 0..<max(1, parameters.first ?? 1) {
                cells.remove(at: region.upperBound - 1)
                cells.insert(Array(repeating: Shown(text: " ", look: 0), count: size.columns), at: region.lowerBound)
            }
        case "M":
            for _ in 0..<max(1, parameters.first ?? 1) {
                cells.remove(at: cursor.row)
                cells.insert(Array(repeating: Shown(text: " ", look: 0), count: size.columns), at: region.upperBound - 1)
            }
            expectRowStart()
        case "L":
            for _ in 0..<max(1, parameters.first ?? 1) {
                cells.remove(at: region.upperBound - 1)
                cells.insert(Array(repeating: Shown(text: " ", look: 0), count: size.columns), at: cursor.row)
            }
            expectRowStart()
        case "m": look = UInt32(parameters.first ?? 0)
        default: Issue.record("a sequence the model does not know: \(final)")
        }
    }
}
