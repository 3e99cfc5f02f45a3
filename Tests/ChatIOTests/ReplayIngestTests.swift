import ChatModel
import Glibc
import Testing

@testable import ChatIO

@Suite struct ReplayIngestTests {
    let now = Timestamp(secondsSinceEpoch: 1_796_300_000)

    func reader() -> TranscriptReader {
        TranscriptReader(source: "replay", clock: .utc, today: CivilTime(year: 2026, month: 12, day: 3))
    }

    /// Lines of every kind: chat-tui's own (which the byte check passes),
    /// others it leaves to the reader (escaped keys, CRLF, broken JSON, irssi
    /// and ZNC lines, an irssi date line that changes the lines after it,
    /// empty lines), and a first line with a byte order mark.
    let lines: [String] = {
        var lines = ["\u{FEFF}" + #"{"from":"first","text":"after a byte order mark"}"#]
        for index in 0..<40 {
            switch index % 8 {
            case 1: lines.append(#"{"from":"bob","text":"broken "# + "\(index)")
            case 2: lines.append("--- Day changed Thu Dec 0\(index % 7 + 1) 2026")
            case 3: lines.append("12:0\(index % 10) < carol> irssi line \(index)")
            case 4: lines.append(#"{"fr\u006fm":"dave","text":"escaped key \#(index)"}"# + "\r")
            case 5: lines.append("")
            case 6: lines.append("plain text \(index) 日本語")
            default:
                lines.append(
                    #"{"ts":"2026-12-02T00:00:\#(String(format: "%02d", index))Z","from":"ann","text":"message \#(index) \"q\" 👍"}"#
                )
            }
        }
        return lines
    }()

    /// What `TranscriptReader` makes of `lines` one by one: each message and
    /// whether it was unreadable.
    func expected(_ lines: [String]) -> [(message: Message, unreadable: Bool)] {
        var reader = reader()
        return lines.compactMap { line in
            let broken = reader.brokenLines
            var text = line[...]
            if text.last == "\r" { text = text.dropLast() }
            guard let message = reader.read(text, now: now) else { return nil }
            return (message, reader.brokenLines > broken)
        }
    }

    /// Writes `chunks` into a pipe one at a time, reading after each, and
    /// returns what was taken at the end and what was kept.
    func ingest(_ chunks: [[UInt8]], held: Int) -> (taken: ReplayIngest.Taken, kept: [UInt8]) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        var kept: [UInt8] = []
        let ingest = ReplayIngest(descriptor: ends[0], reader: reader(), held: held) { bytes in
            defer { kept += bytes }
            return Int64(kept.count)
        }
        for chunk in chunks {
            #expect(chunk.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == chunk.count)
            ingest.readAvailable(now: now)
        }
        close(ends[1])
        while !ingest.ended { ingest.readAvailable(now: now) }
        close(ends[0])
        return (ingest.take(), kept)
    }

    @Test(arguments: [1, 7, 1000])
    func messagesAreWhatTheReaderMakesOfEachLineWhateverTheReadsCut(piece: Int) {
        let bytes = Array(lines.joined(separator: "\n").utf8)  // the last line without its newline
        let chunks = stride(from: 0, to: bytes.count, by: piece).map { Array(bytes[$0..<min($0 + piece, bytes.count)]) }
        let (taken, kept) = ingest(chunks, held: 1000)
        let wanted = expected(lines)
        #expect(taken.passedOver == 0)
        #expect(taken.arrivals.map(\.message) == wanted.map(\.message))
        #expect(taken.arrivals.map(\.unreadable) == wanted.map(\.unreadable))
        // Each is kept as a line of chat-tui's format where it says, reading back as itself.
        for arrival in taken.arrivals {
            let start = Int(arrival.keptAt!)
            let end = kept[start...].firstIndex(of: 0x0A)!
            let line = String(decoding: kept[start..<end], as: UTF8.self)
            let back = Transcript.decode(line[...]) ?? Message(sender: "replay", text: line, time: nil)
            #expect(back.text == arrival.message.text)
            #expect(back.sender == arrival.message.sender)
        }
        #expect(kept.filter { $0 == 0x0A }.count == wanted.count, "one kept line a message, no more")
    }

    @Test func onlyTheNewestHeldAreMadeIntoMessagesAndTheRestAreCountedExactly() {
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let (taken, _) = ingest([bytes], held: 5)
        let wanted = expected(lines)
        #expect(taken.arrivals.map(\.message) == wanted.suffix(5).map(\.message))
        #expect(taken.passedOver == wanted.count - 5)
        #expect(taken.passedOverUnreadable == wanted.dropLast(5).filter(\.unreadable).count)
        #expect(taken.passedOverUnreadable > 0)
    }

    @Test func aTakeUpToALimitPassesOverTheOlderAndCountsThemExactly() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let ingest = ReplayIngest(descriptor: ends[0], reader: reader(), held: 1000) { _ in nil }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        while !ingest.ended { ingest.readAvailable(now: now) }
        let wanted = expected(lines)
        let taken = ingest.take(upTo: 3)
        #expect(taken.arrivals.map(\.message) == wanted.suffix(3).map(\.message))
        #expect(taken.passedOver == wanted.count - 3)
        #expect(taken.passedOverUnreadable == wanted.dropLast(3).filter(\.unreadable).count)
        #expect(taken.passedOverUnreadable > 0)
        #expect(!ingest.hasPending)
        #expect(ingest.take(upTo: 3).arrivals.isEmpty)
    }

    @Test func takingEmptiesWhatWaitsAndCountsOnlyWhatCameSince() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let ingest = ReplayIngest(descriptor: ends[0], reader: reader(), held: 2) { _ in nil }
        func send(_ text: String) {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
            ingest.readAvailable(now: now)
        }
        send("opening line\n")
        for index in 0..<5 { send(#"{"from":"bob","text":"m\#(index)"}"# + "\n") }
        let first = ingest.take()
        #expect(first.passedOver == 4)
        #expect(first.arrivals.map(\.message.text) == ["m3", "m4"])
        #expect(first.arrivals.allSatisfy { $0.keptAt == nil }, "nothing kept: nowhere to read back from")
        #expect(!ingest.hasPending)
        send(#"{"from":"bob","text":"m5"}"# + "\n")
        let second = ingest.take()
        #expect(second.passedOver == 0)
        #expect(second.arrivals.map(\.message.text) == ["m5"])
        close(ends[1])
        ingest.readAvailable(now: now)
        #expect(ingest.ended)
    }
}
