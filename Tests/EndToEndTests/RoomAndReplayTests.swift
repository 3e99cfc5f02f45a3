import Foundation
import Testing

extension EndToEnd {
    /// Rooms kept on disk and transcripts replayed from pipes and files, with the
    /// real binary in tmux.
    @Suite(.serialized) struct RoomAndReplayTests {
        init() throws {
            try requireReleaseBinary()
        }

        func send(_ session: TmuxSession, _ text: String) throws {
            try session.type(text)
            try session.press("Enter")
        }

        /// Writes `text` to a new file in `folder`, returning its path.
        func file(_ text: String, in folder: String, named name: String = "transcript") throws -> String {
            let path = folder + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        @Test func historyIsThereAfterARestartAndTheFileIsJSONLines() throws {
            let first = try TmuxSession(columns: 60, rows: 10)
            try first.waitUntilReady()
            try send(first, "first saved")
            try first.press("M-Enter")
            try first.waitUntil("the message is shown") { screen, _ in screen.contains { $0.hasSuffix("<alice> first saved") } }
            try first.press("C-c")
            try first.waitUntil("chat-tui exits") { screen, _ in screen.contains("EXIT:0") }
            let saved = try String(contentsOfFile: first.roomFile(), encoding: .utf8)
            #expect(
                saved.range(
                    of: #"^\{"ts":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ","from":"alice","text":"first saved"\}\n$"#,
                    options: .regularExpression) != nil, "got \(saved)")

            let second = try TmuxSession(columns: 60, rows: 10, dataHome: first.dataHome)
            try second.waitUntil("the history is shown") { screen, _ in
                screen.count > 8 && screen[7].hasSuffix("<alice> first saved") && screen[8].hasPrefix("── local")
            }
        }

        @Test func commandsActAndABadOneKeepsTheDraft() throws {
            let session = try TmuxSession(columns: 100, rows: 10)
            try session.waitUntilReady()
            try send(session, "/me waves")
            try session.waitUntil("the action is shown") { screen, _ in screen.contains { $0.hasSuffix("* alice waves") } }
            try send(session, "/bogus thing")
            try session.waitUntil("the command is refused and the draft kept") { screen, _ in
                screen.contains { $0.contains("unknown command /bogus") } && screen.last == "/bogus thing"
            }
            let saved = try String(contentsOfFile: session.roomFile(), encoding: .utf8)
            #expect(saved.contains(#""from":"alice","text":"waves","kind":"action""#))
            #expect(!saved.contains("bogus"))
        }

        @Test func scrollingBackKeepsTheViewAndCountsWhatArrives() throws {
            let dataHome = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: dataHome) }
            let rooms = dataHome + "/chat-tui/rooms"
            try FileManager.default.createDirectory(atPath: rooms, withIntermediateDirectories: true)
            // Six minutes apart, so each line keeps its header (no grouping).
            let history = (1...50).map { index in
                let minutes = 600 + index * 6
                let time = String(format: "2026-12-02T%02d:%02d:00Z", minutes / 60, minutes % 60)
                return #"{"ts":"\#(time)","from":"carol","text":"line \#(index)"}"#
            }
            try (history.joined(separator: "\n") + "\n").write(toFile: rooms + "/local.jsonl", atomically: true, encoding: .utf8)
            let alice = try TmuxSession(columns: 60, rows: 12, dataHome: dataHome)
            try alice.waitUntil("the newest lines show") { screen, _ in screen[9].hasSuffix("<carol> line 50") }
            try alice.press("PPage")
            let back = try alice.waitUntil("a page back, keeping one row") { screen, _ in
                screen[0].hasSuffix("<carol> line 32") && screen[10].contains(" ↑ scrolled (Esc) ")
            }
            let bob = try TmuxSession(columns: 60, rows: 12, user: "bob", dataHome: dataHome)
            try bob.waitUntilReady()
            try send(bob, "are you there?")
            try send(bob, "hello?")
            try alice.waitUntil("the new messages are counted, the view stays") { screen, _ in
                screen[10].contains(" ↓ 2 new (Esc) ") && Array(screen[0..<10]) == Array(back[0..<10])
            }
            try alice.press("Escape")
            try alice.waitUntil("Esc returns to the newest") { screen, _ in
                // bob's second line is grouped under his first, a day after carol's.
                screen[9].hasSuffix(" hello?") && screen[8].hasSuffix("<bob> are you there?")
                    && screen[7].contains("Thursday 3 December 2026") && !screen[10].contains("new")
            }
            // The mouse wheel, as xterm reports it (button 64 is a notch up, 65 down).
            try alice.pressBytes([0x1B, 0x5B, 0x4D, 0x60, 0x21, 0x21])
            try alice.waitUntil("a notch of the wheel scrolls back three rows") { screen, _ in
                screen[0].hasSuffix("<carol> line 41") && screen[10].contains(" ↑ scrolled (Esc) ")
            }
            try alice.pressBytes([0x1B, 0x5B, 0x4D, 0x61, 0x21, 0x21])
            try alice.waitUntil("a notch down returns") { screen, _ in screen[9].hasSuffix(" hello?") }
        }

        @Test func upRecallsWhatWasSentInEarlierRuns() throws {
            let dataHome = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: dataHome) }
            let rooms = dataHome + "/chat-tui/rooms"
            try FileManager.default.createDirectory(atPath: rooms, withIntermediateDirectories: true)
            try
                ([
                    #"{"ts":"2026-12-02T18:00:00Z","from":"alice","text":"said yesterday"}"#,
                    #"{"ts":"2026-12-02T18:01:00Z","from":"bob","text":"bob's line"}"#,
                ].joined(separator: "\n") + "\n")
                .write(toFile: rooms + "/local.jsonl", atomically: true, encoding: .utf8)
            let session = try TmuxSession(columns: 60, rows: 10, dataHome: dataHome)
            try session.waitUntilReady()
            try session.type("half written")
            try session.press("Up")
            try session.waitUntil("Up recalls the last thing alice sent") { screen, _ in screen[9] == "said yesterday" }
            try session.press("Down")
            try session.waitUntil("Down brings the unsent draft back") { screen, _ in screen[9] == "half written" }
            try session.press("C-r")
            try session.type("YEST")
            try session.waitUntil("Ctrl-R finds it by a piece, whatever its case") { screen, _ in
                screen[9] == "said yesterday" && screen[8].contains(" search: YEST ")
            }
            try session.press("Escape")
            try session.waitUntil("Esc gives the search up") { screen, _ in
                screen[9] == "half written" && !screen[8].contains("search")
            }
        }

        @Test func pagingBackReachesTheRoomsFirstMessageWhateverItsSize() throws {
            let dataHome = try makeTemporaryFolder()
            let rooms = dataHome + "/chat-tui/rooms"
            try FileManager.default.createDirectory(atPath: rooms, withIntermediateDirectories: true)
            let lines = (0..<3000).map { String(format: "{\"from\":\"bob\",\"text\":\"msg-%05d\"}", $0) }
            try (lines.joined(separator: "\n") + "\n").write(toFile: rooms + "/local.jsonl", atomically: true, encoding: .utf8)
            let session = try TmuxSession(columns: 60, rows: 12, dataHome: dataHome)
            try session.waitUntil("the newest message is shown") { screen, _ in screen.contains { $0.hasSuffix("msg-02999") } }
            // 3000 one-row messages, nine rows a page: 334 pages back, in one
            // burst (as a held key's repeats can come), so the pages go past the
            // history loaded so far within one read of the keyboard.
            try session.press("-N", "360", "PPage")
            try session.waitUntil("the first message of the room is at the top", timeout: 20) { screen, _ in
                screen[0].hasSuffix("msg-00000")
            }
            try session.press("Escape")
            try session.waitUntil("Esc comes back to the newest") { screen, _ in screen[9].hasSuffix("msg-02999") }
        }

        @Test func aRoomThatLetGoOfWhatPouredInReadsItBackFromItsFileWithoutAGap() throws {
            let dataHome = try makeTemporaryFolder()
            let rooms = dataHome + "/chat-tui/rooms"
            try FileManager.default.createDirectory(atPath: rooms, withIntermediateDirectories: true)
            let path = rooms + "/local.jsonl"
            let old = (0..<1000).map { String(format: "{\"from\":\"bob\",\"text\":\"old-%05d\"}", $0) }
            try (old.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let session = try TmuxSession(columns: 40, rows: 300, dataHome: dataHome)
            try session.waitUntil("the room's last lines are shown") { screen, _ in screen.contains { $0.hasSuffix("old-00999") }
            }
            // More than the 100,000 messages a room holds pour in from another process.
            let poured = (0..<105_000).map { String(format: "{\"from\":\"feed\",\"text\":\"new-%06d\"}", $0) }
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data((poured.joined(separator: "\n") + "\n").utf8))
            try handle.close()
            try session.waitUntil("the pour is shown", timeout: 30) { screen, _ in screen.contains { $0.hasSuffix("new-104999") }
            }
            // About 106,000 one-row messages, 296 rows a page, in one burst.
            try session.press("-N", "400", "PPage")
            try session.waitUntil("the room's first message is at the top", timeout: 60) { screen, _ in
                screen[0].hasSuffix("old-00000")
            }
            // Paging down from there, what was let go of comes right after what
            // was there before it: each page whole (a capture taken while the
            // page is drawn mixes two) holds consecutive lines, old-00999 then new-000000.
            func numbers(_ screen: [String]) -> [Int] {
                screen.compactMap { line in
                    if let range = line.range(of: "old-") { return Int(line[range.upperBound...]) }
                    if let range = line.range(of: "new-") { return Int(line[range.upperBound...]).map { 1000 + $0 } }
                    return nil
                }
            }
            func whole(_ screen: [String]) -> Bool {
                let shown = numbers(screen)
                return !shown.isEmpty && zip(shown, shown.dropFirst()).allSatisfy { $1 == $0 + 1 }
            }
            var screen = try session.waitUntil("the first page is drawn whole") { now, _ in whole(now) }
            for _ in 0..<10 where !numbers(screen).contains(1000) {
                try session.press("NPage")
                screen = try session.waitUntil("a page down, drawn whole, with no gap") { now, _ in now != screen && whole(now) }
            }
            let index = try #require(screen.firstIndex { $0.hasSuffix("new-000000") })
            #expect(index > 0 && screen[index - 1].hasSuffix("old-00999"), "no gap: \(screen[max(0, index - 1)])")
        }

        @Test func aReplayLongerThanARoomHoldsReadsBackToItsFirstLineFromAFileNobodyElseCanSee() throws {
            let folder = try makeTemporaryFolder()
            let path = folder + "/long.jsonl"
            // More than the 100,000 messages a room holds in memory.
            let lines = (0..<105_000).map { String(format: "{\"from\":\"feed\",\"text\":\"rp-%06d\"}", $0) }
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let cache = folder + "/cache"
            let session = try TmuxSession(columns: 40, rows: 300, arguments: ["--replay", path], cacheHome: cache)
            try session.waitUntil("the replay is shown to its end", timeout: 30) { screen, _ in
                screen.contains { $0.hasSuffix("rp-104999") }
            }
            // The replay's history is in a file already removed from its folder.
            let spools = try FileManager.default.contentsOfDirectory(atPath: cache + "/chat-tui/replays")
            #expect(spools.isEmpty, "\(spools)")
            // 105,000 one-row messages, 296 rows a page, in one burst.
            try session.press("-N", "400", "PPage")
            // The page whole (a capture taken while it is drawn mixes two): the
            // first lines, one after the other.
            try session.waitUntil("the replay's first lines fill the page, the first at the top", timeout: 60) { screen, _ in
                let shown = screen.compactMap { line in line.range(of: "rp-").flatMap { Int(line[$0.upperBound...]) } }
                return screen[0].hasSuffix("rp-000000") && shown.count > 200
                    && zip(shown, shown.dropFirst()).allSatisfy { $1 == $0 + 1 }
            }
        }

        @Test func brokenLinesPassedOverAreReadBackAsTheyWereShown() throws {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // More lines than a replay makes into messages at once: the first
            // are passed over, kept in the spool, and read back with Page Up.
            var lines = (0..<1_500).map { String(format: "{\"from\":\"feed\",\"text\":\"rb-%04d\"}", $0) }
            lines[3] = #"{"broken json"#
            lines[5] = "plain words"
            let path = try file(lines.joined(separator: "\n") + "\n", in: folder, named: "broken.jsonl")
            let session = try TmuxSession(columns: 60, rows: 200, arguments: ["--replay", path])
            try session.waitUntil("the replay is shown to its end", timeout: 30) { screen, _ in
                screen.contains { $0.hasSuffix("rb-1499") }
            }
            try session.press("-N", "20", "PPage")
            let screen = try session.waitUntil("the first lines are read back", timeout: 30) { screen, _ in
                screen.contains { $0.hasSuffix("rb-0000") } && screen.contains { $0.hasSuffix("rb-0006") }
            }
            let first = try #require(screen.firstIndex { $0.hasSuffix("rb-0000") })
            // Plain words take the time they arrived, which puts a day's line before them.
            let shown = Array(screen[first...].filter { !$0.hasPrefix("─") }.prefix(7))
            #expect(shown[3].hasSuffix(#"<replay> {"broken json"#), "\(shown)")
            #expect(shown[5].hasSuffix("<replay> plain words"), "\(shown)")
            #expect(shown[6].hasSuffix("<feed> rb-0006"), "\(shown)")
        }

        @Test func aReplayReadFarBackLetsGoOfItsNewestAndReadsThemAgainPageByPage() throws {
            let folder = try makeTemporaryFolder()
            let path = folder + "/long.jsonl"
            // Thirty times what the room may hold in memory.
            let lines = (0..<30_000).map { String(format: "{\"from\":\"feed\",\"text\":\"rp-%06d\"}", $0) }
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let session = try TmuxSession(
                columns: 40, rows: 300, arguments: ["--replay", path, "--scrollback", "1000"],
                cacheHome: folder + "/cache")
            try session.waitUntil("the replay is shown to its end", timeout: 30) { screen, _ in
                screen.contains { $0.hasSuffix("rp-029999") }
            }
            func numbers(_ screen: [String]) -> [Int] {
                screen.compactMap { line in line.range(of: "rp-").flatMap { Int(line[$0.upperBound...]) } }
            }
            // A page whole (a capture taken while it is drawn mixes two): lines one after the other.
            func whole(_ screen: [String]) -> Bool {
                let shown = numbers(screen)
                return shown.count > 200 && zip(shown, shown.dropFirst()).allSatisfy { $1 == $0 + 1 }
            }
            // 30,000 one-row messages, 296 rows a page, in one burst.
            try session.press("-N", "120", "PPage")
            var screen = try session.waitUntil("the replay's first line is at the top", timeout: 60) { screen, _ in
                screen[0].hasSuffix("rp-000000") && whole(screen)
            }
            // Forward again, a page at a time: what the room let go of comes back in order.
            for _ in 0..<5 {
                let before = screen
                try session.press("NPage")
                screen = try session.waitUntil("a page down, drawn whole") { now, _ in now != before && whole(now) }
                #expect(numbers(screen).first == numbers(before).last, "a page down keeps the last row on top")
            }
            // To the end in one burst: the newest, followed again.
            try session.press("-N", "120", "NPage")
            screen = try session.waitUntil("back at the newest", timeout: 60) { screen, _ in
                numbers(screen).last == 29_999 && whole(screen) && !screen.joined().contains("scrolled")
            }
            // Far back again, then Esc: the newest at once.
            try session.press("-N", "60", "PPage")
            try session.waitUntil("far back", timeout: 60) { screen, _ in
                (numbers(screen).last ?? 30_000) < 20_000 && whole(screen)
            }
            try session.press("Escape")
            try session.waitUntil("Esc shows the newest") { screen, _ in
                numbers(screen).last == 29_999 && whole(screen) && !screen.joined().contains("scrolled")
            }
        }

        @Test func aReplayWhoseHistoryCannotBeKeptOnDiskIsShownAndSaysSo() throws {
            let folder = try makeTemporaryFolder()
            let path = folder + "/short.jsonl"
            try "{\"from\":\"feed\",\"text\":\"still shown\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
            // The cache folder is a file: the spool cannot be made.
            let cache = folder + "/cache"
            try "".write(toFile: cache, atomically: true, encoding: .utf8)
            let session = try TmuxSession(columns: 100, rows: 10, arguments: ["--replay", path], cacheHome: cache)
            try session.waitUntil("the replay is shown, and the user told why reading back is short") { screen, _ in
                screen.contains { $0.hasSuffix("<feed> still shown") }
                    && screen.joined(separator: " ").contains("older messages cannot be kept on disk")
            }
        }

        @Test func anotherRoomIsAnotherFile() throws {
            let session = try TmuxSession(columns: 60, rows: 10, arguments: ["--room", "日本語"])
            try session.waitUntil("the room's name is on the separator") { screen, _ in
                screen.contains { $0.hasPrefix("── 日本語 ──") }
            }
            try send(session, "こんにちは")
            try session.waitUntil("the message is shown") { screen, _ in screen.contains { $0.hasSuffix("こんにちは") } }
            #expect(try String(contentsOfFile: session.roomFile("日本語"), encoding: .utf8).contains(#""text":"こんにちは""#))
        }

        @Test func twoProcessesInOneRoomSeeEachOtherOnceAndInOrder() throws {
            let alice = try TmuxSession(columns: 60, rows: 12, user: "alice")
            let bob = try TmuxSession(columns: 60, rows: 12, user: "bob", dataHome: alice.dataHome)
            try alice.waitUntilReady()
            try bob.waitUntilReady()
            try send(alice, "hello bob")
            try send(bob, "hello alice")
            try send(alice, "how are you")
            let expected = ["<alice> hello bob", "<bob> hello alice", "<alice> how are you"]
            for session in [alice, bob] {
                let screen = try session.waitUntil("all three messages are shown", timeout: 3) { screen, _ in
                    screen.filter { line in expected.contains { line.hasSuffix($0) } }.count == 3
                }
                let shown = screen.compactMap { line in expected.first { line.hasSuffix($0) } }
                #expect(shown == expected, "each exactly once, in order")
            }
        }

        @Test func aSlowPipeIsShownLineByLineWhileTypingWorks() throws {
            let producer = "for i in 1 2 3; do echo \"line $i\"; sleep 0.7; done"
            let session = try TmuxSession(columns: 60, rows: 10, arguments: ["--replay", "--from", "feed"], input: producer)
            try session.waitUntil("the first line is shown") { screen, _ in screen.contains { $0.hasSuffix("<feed> line 1") } }
            let early = try session.screen()
            #expect(!early.contains { $0.hasSuffix(" line 3") }, "line 3 is not written yet")
            try session.type("typing meanwhile")
            try session.waitUntil("typing shows while the pipe is open") { screen, _ in screen.last == "typing meanwhile" }
            try session.waitUntil("the last line arrives and the end is noted") { screen, _ in
                // Lines from one sender moments apart leave the name out.
                screen.contains { !$0.contains("<feed>") && $0.hasSuffix(String(repeating: " ", count: 8) + "line 3") }
                    && screen.contains { $0.contains(" end of input ") }
            }
            try session.press("Enter")
            try session.waitUntil("sending still works after the end") { screen, _ in
                screen.contains { $0.hasSuffix("<alice> typing meanwhile") }
            }
        }

        @Test func everyFormatIsReadAndBrokenLinesAreCounted() throws {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let transcript =
                [
                    #"{"ts":"2026-12-02T18:11:24Z","from":"bob","text":"json hello"}"#,
                    "2026-12-02 18:11:24\t@carol\tweechat hello",
                    "2025-12-01 13:45:07.123456Z\t *\tdave waves",
                    "--- Log opened Wed Dec 02 18:11:12 2026",
                    "18:12 < erin> irssi hello",
                    "[2026-12-02T18:13:54+0000] <frank> catgirl hello",
                    "[18:14:24] *** Joins: gina (~gina@host)",
                    "[18:15:00] <hank> \u{03}04,01red\u{0F} and \u{02}bold\u{02}",
                    #"{"broken json"#,
                    "plain words",
                ].joined(separator: "\r\n") + "\r\n"
            let path = try file("\u{FEFF}" + transcript, in: folder, named: "2026-12-02.log")
            let session = try TmuxSession(columns: 90, rows: 14, arguments: ["--replay", path])
            let screen = try session.waitUntil("the transcript is shown") { screen, _ in
                screen.contains { $0.contains(" end of input ") }
            }
            let pane = screen.joined(separator: "\n")
            // Names right-aligned in the eight columns `<replay>` takes. The broken
            // line has no time of its own; plain text has the time it arrived.
            for line in [
                "18:11    <bob> json hello", "18:11  <carol> weechat hello", "13:45   * dave waves",
                "18:12   <erin> irssi hello", "18:13  <frank> catgirl hello", "18:14      --> gina (~gina@host)",
                "18:15   <hank> red and bold", #"      <replay> {"broken json"#, "10:30 <replay> plain words",
            ] {
                #expect(pane.contains(line), "\(line) is shown")
            }
            #expect(
                pane.contains("── local · replay ─ 1 unreadable line ─ end of input ─ 8 received ──"),
                "the unreadable line is counted once, not also as received")
            let styled = try session.screen(styles: true).first { $0.contains("<hank>") } ?? ""
            #expect(
                styled.contains("\u{1B}[91m\u{1B}[40mred"), "IRC colour 4 on 1 is bright red on black: \(styled.debugDescription)"
            )
            #expect(styled.contains("\u{1B}[1mbold"))
        }

        @Test func speedReplaysTheRecordedGapsFaster() throws {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = try file(
                [
                    #"{"ts":"2026-12-02T18:00:00Z","from":"bob","text":"one"}"#,
                    #"{"ts":"2026-12-02T18:00:04Z","from":"bob","text":"two"}"#,
                    #"{"ts":"2026-12-02T18:00:08Z","from":"bob","text":"three"}"#,
                ].joined(separator: "\n") + "\n", in: folder)
            let session = try TmuxSession(columns: 60, rows: 10, arguments: ["--replay", path, "--speed", "2"])
            let start = Date()
            let first = try session.waitUntil("the first message plays at once") { screen, _ in
                screen.contains { $0.hasSuffix("<bob> one") }
            }
            #expect(!first.contains { $0.hasSuffix(" two") }, "two is due 2 s later")
            try session.waitUntil("the last message plays") { screen, _ in screen.contains { $0.hasSuffix(" three") } }
            let elapsed = Date().timeIntervalSince(start)
            #expect(elapsed >= 3.5, "8 recorded seconds at speed 2 take 4 s, took \(elapsed)")
            #expect(elapsed < 8, "but not the recorded 8 s")
        }

        /// A log a real ZNC wrote (see scripts/capture-znc-logs.py), replayed in
        /// the time zone of the ZNC user who wrote it, as docs/transcript.md says.
        @Test func aRealZNCLogIsReplayedWithEverySenderKindAndTime() throws {
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("ChatModelTests/Fixtures/znc/default")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
            let path = folder.appendingPathComponent(name).path
            let log = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            let notice = try #require(log.first { $0.contains("-dash-bot- ") })
            let time = notice.dropFirst().prefix(5)  // `[HH:MM`
            let session = try TmuxSession(
                columns: 80, rows: 30, arguments: ["--replay", path],
                launcher: ["env", "TZ=Asia/Tokyo"])
            let screen = try session.waitUntil("the log is shown") { screen, _ in
                screen.contains { $0.contains(" end of input ") }
            }
            #expect(screen.contains("\(time) -dash-bot- notice from a nick with a dash"), "\(screen)")
            #expect(screen.contains { $0.hasSuffix(" -trail-- notice from a nick that ends in a dash") })
            #expect(screen.contains { $0.hasSuffix("<-- carol (~carol@127.0.0.1)") }, "no empty reason shown")
            #expect(screen.contains { $0.hasSuffix("    <alice> hello from alice") })
            #expect(
                screen.contains { $0.hasSuffix(String(repeating: " ", count: 12) + "日本語のメッセージも読める") },
                "alice's second line leaves her name out")
            #expect(!screen.contains { $0.contains("unreadable") || $0.contains("<replay>") })
        }

        @Test func theEndOfInputIsSaidOnceTheLastPacedMessageIsShown() throws {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = try file(
                [
                    #"{"ts":"2026-12-02T18:00:00Z","from":"bob","text":"one"}"#,
                    #"{"broken"#,
                    #"{"ts":"2026-12-02T18:00:01Z","from":"bob","text":"two"}"#,
                    #"{"ts":"2026-12-02T18:00:02Z","from":"bob","text":"three"}"#,
                ].joined(separator: "\n") + "\n", in: folder)
            let session = try TmuxSession(columns: 90, rows: 10, arguments: ["--replay", path, "--speed", "1"])
            // The file is read at once; the messages are played a second apart.
            var screens: [[String]] = []
            let last = try session.waitUntil("the last message plays") { screen, _ in
                screens.append(screen)
                return screen.contains { $0.hasSuffix(" three") }
            }
            let early = screens.filter { screen in
                !screen.contains { $0.hasSuffix(" three") } && screen.contains { $0.contains("end of input") }
            }
            #expect(early.isEmpty, "the end was said while messages still waited: \(early.first ?? [])")
            #expect(screens.contains { screen in screen.contains { $0.hasSuffix("<bob> one") } }, "one played first")
            let shown = try session.waitUntil("the end is said") { screen, _ in
                screen.contains { $0.contains(" end of input ") }
            }
            #expect(shown.contains { $0.contains(" 1 unreadable line ─ end of input ─ 3 received ") }, "\(shown)")
            #expect(last.filter { $0.contains("Wednesday 2 December 2026") }.count <= 1, "one day line: \(last)")
        }

        @Test func sentMessagesGoToAPipedStandardOutput() throws {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let output = folder + "/out.jsonl"
            let session = try TmuxSession(
                columns: 60, rows: 10, arguments: ["--replay", "-"],
                input: "echo incoming", output: "cat > \(shellQuoted(output))")
            try session.waitUntil("the input is shown") { screen, _ in screen.contains { $0.hasSuffix("<replay> incoming") } }
            try send(session, "to the consumer")
            try session.waitUntil("the message is shown") { screen, _ in
                screen.contains { $0.hasSuffix("<alice> to the consumer") }
            }
            let written = try String(contentsOfFile: output, encoding: .utf8)
            #expect(
                written.range(
                    of: #"^\{"ts":"[^"]+","from":"alice","text":"to the consumer"\}\n$"#,
                    options: .regularExpression) != nil, "flushed at once: \(written.debugDescription)")
            try session.press("C-c")
            try session.waitUntil("chat-tui exits") { screen, _ in screen.contains("EXIT:0") }
        }

        @Test func replayWithNothingPipedIsExplained() throws {
            let session = try TmuxSession(columns: 100, rows: 6, arguments: ["--replay"])
            let screen = try session.waitUntil("chat-tui refuses") { screen, _ in screen.contains("EXIT:2") }
            #expect(screen.first?.hasPrefix("chat-tui: nothing to replay: pipe a transcript in") == true, "\(screen)")
        }

        @Test func aFullDiskKeepsTheMessageInTheComposerUntilItCanBeSaved() throws {
            let dataHome = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: dataHome) }
            let rooms = dataHome + "/chat-tui/rooms"
            try FileManager.default.createDirectory(atPath: rooms, withIntermediateDirectories: true)
            // Every write to /dev/full fails with ENOSPC, as on a full file system.
            try FileManager.default.createSymbolicLink(atPath: rooms + "/local.jsonl", withDestinationPath: "/dev/full")
            let session = try TmuxSession(columns: 90, rows: 10, dataHome: dataHome)
            try session.waitUntilReady()
            try send(session, "do not lose me")
            try session.waitUntil("the failure is shown and the draft kept") { screen, cursor in
                screen.contains { $0.contains("not sent: No space left on device; Enter tries again") }
                    && screen.last == "do not lose me" && cursor == (14, 9)
            }
            try FileManager.default.removeItem(atPath: rooms + "/local.jsonl")
            try session.press("Enter")
            try session.waitUntil("the retry sends it") { screen, _ in
                screen.contains { $0.hasSuffix("<alice> do not lose me") } && !screen.contains { $0.contains("not sent") }
            }
            #expect(try String(contentsOfFile: rooms + "/local.jsonl", encoding: .utf8).contains("do not lose me"))
        }

        @Test func hostileBytesAreShownAsSymbolsAndNeverReachTheTerminal() throws {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var bytes = Data()
            bytes += Data("osc \u{1B}]2;pwned\u{07} title\n".utf8)
            bytes += Data("clear \u{1B}[2J\u{1B}[H screen\n".utf8)
            bytes += Data("c1 \u{9B}31m csi\n".utf8)
            bytes += Data("bidi \u{202E}desrever\u{202C} end\n".utf8)
            bytes += Data("nul ".utf8) + Data([0]) + Data(" and\ttab\n".utf8)
            bytes += Data("bad ".utf8) + Data([0xFF, 0xFE]) + Data(" utf8\n".utf8)
            bytes += Data(
                #"{"ts":"2026-12-02T18:11:24Z","from":"ev\u001b]0;x\u0007il","text":"json \u001b[5m blink"}"#.utf8 + [0x0A])
            bytes += Data("   \n".utf8)
            let path = folder + "/hostile"
            try bytes.write(to: URL(fileURLWithPath: path))
            let session = try TmuxSession(columns: 70, rows: 14, arguments: ["--replay", path])
            let titleBefore = try session.title()
            let screen = try session.waitUntil("the corpus is shown") { screen, _ in
                screen.contains { $0.contains(" end of input ") }
            }
            let pane = screen.joined(separator: "\n")
            for shown in [
                "osc ␛]2;pwned␇ title", "clear ␛[2J␛[H screen", "c1 �31m csi", "bidi �desrever� end",
                "nul ␀ and    tab", "bad �� utf8", "<ev␛]0;x␇il> json ␛[5m blink",
            ] {
                #expect(pane.contains(shown), "\(shown) is shown")
            }
            #expect(try session.title() == titleBefore, "the window title did not change")
        }

        @Test func hostileBytesInTheRoomFileAreShownAsSymbolsToo() throws {
            let dataHome = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: dataHome) }
            let rooms = dataHome + "/chat-tui/rooms"
            try FileManager.default.createDirectory(atPath: rooms, withIntermediateDirectories: true)
            var bytes = Data(
                #"{"ts":"2026-12-02T18:11:24Z","from":"mal\u001b[31mlory","text":"title \u001b]0;pwned\u0007 bell \u0007"}"#.utf8)
            bytes += Data("\nraw \u{1B}[2J line ".utf8) + Data([0xC0, 0x0A])
            bytes += Data(#"{"ts":"9999-12-31T23:59:59Z","from":"future","text":"far ahead"}"#.utf8 + [0x0A])
            bytes += Data(#"{"ts":"1900-01-01T00:00:00Z","from":"past","text":"long ago"}"#.utf8 + [0x0A])
            try bytes.write(to: URL(fileURLWithPath: rooms + "/local.jsonl"))
            let session = try TmuxSession(columns: 70, rows: 12, dataHome: dataHome)
            let titleBefore = try session.title()
            let screen = try session.waitUntil("the history is shown") { screen, _ in
                screen.contains { $0.hasSuffix("<past> long ago") }
            }
            let pane = screen.joined(separator: "\n")
            #expect(pane.contains("18:11 <mal␛[31mlory> title ␛]0;pwned␇ bell ␇"), "\(pane)")
            #expect(pane.contains("<local> raw ␛[2J line �"))
            #expect(pane.contains("23:59       <future> far ahead"))
            #expect(pane.contains("00:00         <past> long ago"))
            #expect(pane.contains(" Friday 31 December 9999 ") && pane.contains(" Monday 1 January 1900 "))
            #expect(try session.title() == titleBefore)
        }

        @Test func aTenMegabyteLineIsFoldedAndTypingStaysQuick() throws {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let words = (0..<1_000_000).map { "w\($0)" }.joined(separator: " ")
            let line = String(words.utf8.prefix(10_000_000))!
            let path = try file(line + "\n", in: folder)
            let session = try TmuxSession(columns: 80, rows: 12, arguments: ["--replay", path])
            let screen = try session.waitUntil("the end of the line is shown, folded under the text", timeout: 30) { screen, _ in
                screen.contains { $0.contains(" end of input ") }
            }
            let lastWords = line.split(separator: " ").suffix(3).joined(separator: " ")
            #expect(screen[9].hasSuffix(lastWords), "\(screen[9])")
            #expect(screen[9].hasPrefix(String(repeating: " ", count: 15)))
            // Each key is a frame of its own; the long message must not be wrapped again for each.
            var typed = ""
            for key in ["a", "b", "c", "d", "e"] {
                try session.type(key)
                typed += key
                try session.waitUntil("\(key) echoes within a second", timeout: 1) { screen, _ in screen.last == typed }
            }
        }

        @Test func aMillionShortLinesAllArrive() throws {
            let session = try TmuxSession(columns: 60, rows: 8, arguments: ["--replay"], input: "seq 1 1000000")
            try session.waitUntil("the last line and the end are shown", timeout: 60) { screen, _ in
                screen.count == 8 && screen[5].hasSuffix(" 1000000") && screen[4].hasSuffix(" 999999")
                    && screen[6].contains(" end of input ")
            }
        }

        @Test func emptyInputEndsQuietly() throws {
            let session = try TmuxSession(columns: 60, rows: 6, arguments: ["--replay"], input: "true")
            let screen = try session.waitUntil("the end is noted") { screen, _ in
                screen.contains { $0.contains(" end of input ") }
            }
            #expect(screen[0..<4].allSatisfy { $0.isEmpty }, "no messages")
            try session.type("still here")
            try session.waitUntil("chat-tui keeps running") { screen, _ in screen.last == "still here" }
        }
    }
}
