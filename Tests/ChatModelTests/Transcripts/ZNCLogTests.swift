import Foundation
import Testing

@testable import ChatModel

/// Logs written by a real ZNC 1.8 (Debian's `znc`, its `log` module) while a few
/// clients talked on an ngIRCd: recorded by `scripts/capture-znc-logs.py` into
/// `Tests/ChatModelTests/Fixtures/znc/`, with ZNC's default timestamp (`default/`) and with
/// `-timestamp "[%Y-%m-%d %H:%M:%S]"` (`dated/`).
@Suite struct ZNCLogTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/znc")

    /// Each line's file, its lines, and the date in its name.
    func log(_ folder: String) throws -> (lines: [Substring], fileDate: CivilTime) {
        let folderURL = Self.fixtures.appendingPathComponent(folder)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folderURL.path).first)
        let text = try String(contentsOf: folderURL.appendingPathComponent(name), encoding: .utf8)
        let parts = name.dropLast(".log".count).split(separator: "-").compactMap { Int($0) }
        try #require(parts.count == 3)
        return (text.split(separator: "\n"), CivilTime(year: parts[0], month: parts[1], day: parts[2]))
    }

    /// What each line of the recorded conversation is, in order.
    static let expected: [(MessageKind, String, String)] = [
        (.join, "viewer", "(~viewer@127.0.0.1)"),
        (.system, "", "Server sets mode: + "),
        (.join, "bob", "(~bob@127.0.0.1)"),
        (.message, "alice", "hello from alice"),
        (.message, "alice", "日本語のメッセージも読める"),
        (.action, "bob", "waves"),
        (.join, "dash-bot", "(~dash-bot@127.0.0.1)"),
        (.notice, "dash-bot", "notice from a nick with a dash"),
        (.join, "trail-", "(~trail-@127.0.0.1)"),
        (.notice, "trail-", "notice from a nick that ends in a dash"),
        (.message, "trail-", "a message from trail-"),
        (.join, "carol", "(~carol@127.0.0.1)"),
        (.part, "carol", "(~carol@127.0.0.1)"),
        (.join, "carol", "(~carol@127.0.0.1)"),
        (.part, "carol", "(~carol@127.0.0.1) (off to lunch)"),
        (.system, "", "bob is now known as bobby"),
        (.system, "", "alice changes topic to 'tea at four'"),
        (.system, "", "alice sets mode: +v bobby"),
        (.system, "", "dash-bot was kicked by alice (too noisy)"),
        (.message, "alice", "bold and red"),
        (.part, "trail-", "(~trail-@127.0.0.1) (trail-)"),
        (.part, "bobby", "(~bob@127.0.0.1) (\"see you\")"),
        (.part, "alice", "(~alice@127.0.0.1) (Client closed connection)"),
    ]

    /// The local time a line's own `[…]` stamp gives, read here without the reader.
    func stamp(of line: Substring, date: CivilTime) -> CivilTime {
        let inside = line.dropFirst().prefix { $0 != "]" }
        let clock = inside.split(separator: " ").last!.split(separator: ":").map { Int($0)! }
        return CivilTime(
            year: date.year, month: date.month, day: date.day, hour: clock[0], minute: clock[1],
            second: clock[2])
    }

    func check(
        _ messages: [Message], against lines: [Substring], date: CivilTime,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(messages.count == Self.expected.count, sourceLocation: sourceLocation)
        for (index, (message, want)) in zip(messages, Self.expected).enumerated() {
            #expect(
                (message.kind, message.sender, message.text) == want, "line \(index + 1): \(lines[index])",
                sourceLocation: sourceLocation)
            let time = ClockFace.utc.timestamp(fromLocal: stamp(of: lines[index], date: date))
            #expect(message.time == time, "line \(index + 1)", sourceLocation: sourceLocation)
        }
    }

    @Test func theDefaultFormatIsReadWithEverySenderKindAndTime() throws {
        let (lines, fileDate) = try log("default")
        var reader = TranscriptReader(
            source: "replay", clock: .utc, today: CivilTime(year: 2000, month: 1, day: 1),
            fileDate: fileDate)
        let messages = lines.compactMap { reader.read($0, now: Timestamp(secondsSinceEpoch: 0)) }
        #expect(reader.brokenLines == 0)
        check(messages, against: lines, date: fileDate)
        let colored = try #require(messages.first { $0.text == "bold and red" })
        #expect(
            colored.formatting == [
                FormatRun(range: 0..<4, format: TextFormat(bold: true)),
                FormatRun(range: 9..<12, format: TextFormat(foreground: 4)),
            ])
    }

    @Test func aTimestampWithADateGivesTheDateWhateverTheFileIsCalled() throws {
        let (lines, fileDate) = try log("dated")
        #expect(lines.allSatisfy { $0.hasPrefix("[\(fileDate.year)-") }, "the log writes the date itself")
        // No file name to go by: the date must come from each line.
        var reader = TranscriptReader(source: "replay", clock: .utc, today: CivilTime(year: 2000, month: 1, day: 1))
        let messages = lines.compactMap { reader.read($0, now: Timestamp(secondsSinceEpoch: 0)) }
        #expect(reader.brokenLines == 0)
        #expect(!messages.contains { $0.sender == "replay" }, "no line is taken for plain text")
        check(messages, against: lines, date: fileDate)
    }

    @Test func theCommonTimestampShapesAreAllRead() throws {
        let tokyo = ClockFace.fixed(offsetSeconds: 9 * 3600)
        let file = CivilTime(year: 2026, month: 11, day: 30)
        for (line, time) in [
            ("[18:11:24] <bob> hi", "2026-11-30T09:11:24Z"),
            ("[18:11] <bob> hi", "2026-11-30T09:11:00Z"),
            ("[2026-12-02 18:11:24] <bob> hi", "2026-12-02T09:11:24Z"),
            ("[2026-12-02T18:11:24] <bob> hi", "2026-12-02T09:11:24Z"),
            ("[2026-12-02T18:11:24+0000] <bob> hi", "2026-12-02T18:11:24Z"),
            ("[2026-12-02T18:11:24+01:00] <bob> hi", "2026-12-02T17:11:24Z"),
            ("[2026-12-02T18:11:24.250-0500] <bob> hi", "2026-12-02T23:11:24Z"),
            ("[2026-12-02T18:11:24Z] <bob> hi", "2026-12-02T18:11:24Z"),
        ] {
            var reader = TranscriptReader(source: "replay", clock: tokyo, today: file, fileDate: file)
            let read = reader.read(line[...], now: Timestamp(secondsSinceEpoch: 0))
            let message = try #require(read)
            #expect(reader.brokenLines == 0, "\(line)")
            #expect((message.sender, message.text) == ("bob", "hi"), "\(line)")
            #expect(message.time == Timestamp(rfc3339: time[...]), "\(line)")
        }
    }

    @Test func noticesFromNicksWithDashesKeepTheWholeNick() throws {
        let file = CivilTime(year: 2026, month: 12, day: 2)
        for (line, sender, text) in [
            ("[05:54:10] -dash-bot- notice from a nick with a dash", "dash-bot", "notice from a nick with a dash"),
            ("[05:54:10] -trail-- ends in a dash", "trail-", "ends in a dash"),
            ("[2026-12-02T05:54:10+0000] -a-b-c- catgirl too", "a-b-c", "catgirl too"),
            ("[05:54:10] -bob-", "bob", ""),
        ] {
            var reader = TranscriptReader(source: "replay", clock: .utc, today: file, fileDate: file)
            let read = reader.read(line[...], now: Timestamp(secondsSinceEpoch: 0))
            let message = try #require(read)
            #expect((message.kind, message.sender, message.text) == (.notice, sender, text), "\(line)")
        }
    }
}
