import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// What chat-tui promises when the process, the terminal or the disk fails
    /// (docs/reliability.md): nothing typed is lost, the terminal is left usable.
    @Suite(.serialized) struct ReliabilityTests {
        /// Shows, after chat-tui ends, whether the terminal is back in its
        /// line-by-line mode with echo, as a shell needs it.
        static let terminalModes = "stty -a | tr ' ' '\\n' | grep -xE -- '-?(icanon|echo)' | tr '\\n' ' '; echo"

        init() throws {
            try requireReleaseBinary()
        }

        /// The one draft saved in the room, if there is one.
        func savedDraft(_ session: TmuxSession) -> String? {
            let drafts = session.savedDrafts()
            return drafts.count == 1 ? drafts.values.first : nil
        }

        /// Waits for chat-tui to end with `status`, then checks that the terminal
        /// is usable: full-screen mode left, line mode and echo back.
        func expectTerminalRestored(
            _ session: TmuxSession, status: Int32,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let screen = try session.waitUntil("chat-tui ends with \(status)", sourceLocation: sourceLocation) { screen, _ in
                screen.contains("EXIT:\(status)") && screen.contains { $0.contains("icanon") }
            }
            #expect(try !session.isInAlternateScreen(), sourceLocation: sourceLocation)
            #expect(screen.contains("icanon echo"), "terminal modes: \(screen)", sourceLocation: sourceLocation)
        }

        /// Two processes in one room, both killed: neither draft is lost, each is
        /// restored once, the newest into the composer and the other into history.
        @Test func twoProcessesInOneRoomKeepTheirOwnDraftsThroughKills() throws {
            let alice = try TmuxSession(columns: 60, rows: 12)
            try alice.waitUntilReady()
            let aliceRows = ["alice row one", "alice row two", "alice row three"]
            try alice.type(aliceRows[0])
            for row in aliceRows.dropFirst() {
                try alice.press("M-Enter")
                try alice.type(row)
            }
            let aliceDraft = aliceRows.joined(separator: "\n")
            try alice.waitUntil("alice's draft is saved") { _, _ in alice.savedDrafts().values.contains(aliceDraft) }
            let bob = try TmuxSession(columns: 60, rows: 12, user: "bob", dataHome: alice.dataHome)
            try bob.waitUntilReady()
            try bob.type("bob's own draft")
            try bob.waitUntil("bob's draft is saved beside alice's") { _, _ in
                Set(bob.savedDrafts().values) == [aliceDraft, "bob's own draft"]
            }
            kill(try alice.programPID(), SIGKILL)
            try alice.waitUntilExit(137, "alice is killed")

            let again = try TmuxSession(columns: 60, rows: 12, dataHome: alice.dataHome)
            try again.waitUntil("alice's own rows are back, not bob's draft") { screen, _ in
                Array(screen.suffix(3)) == aliceRows
            }
            #expect(Set(again.savedDrafts().values) == [aliceDraft, "bob's own draft"], "\(again.savedDrafts())")

            // Both killed now; bob's draft is the newer.
            kill(try bob.programPID(), SIGKILL)
            kill(try again.programPID(), SIGKILL)
            try bob.waitUntilExit(137, "bob is killed")
            try again.waitUntilExit(137, "alice is killed again")
            let last = try TmuxSession(columns: 60, rows: 12, dataHome: alice.dataHome)
            try last.waitUntil("the newest draft is in the composer") { screen, _ in screen.last == "bob's own draft" }
            try last.press("Up")
            try last.waitUntil("Up brings the other draft back") { screen, _ in Array(screen.suffix(3)) == aliceRows }
            // Quitting while the history shows keeps the draft being written.
            try last.press("C-c")
            try last.waitUntil("chat-tui ends") { screen, _ in screen.contains { $0.contains("EXIT:0") } }
            let next = try TmuxSession(columns: 60, rows: 12, dataHome: alice.dataHome)
            try next.waitUntil("the composer's draft is kept, the one offered in history is not offered again") { screen, _ in
                screen.last == "bob's own draft"
            }
            #expect(next.savedDrafts().count == 1, "\(next.savedDrafts())")
        }

        @Test func aDraftSurvivesSIGKILLAndComesBackWhenTheRoomOpensAgain() throws {
            let first = try TmuxSession(columns: 60, rows: 10)
            try first.waitUntilReady()
            let draft = "half-written 日本語の下書き 🙂"
            try first.type(draft)
            try first.press("M-Enter")
            try first.type("second line")
            // The autosave comes within a second of the last change.
            try first.waitUntil("the draft is saved") { _, _ in savedDraft(first) == draft + "\nsecond line" }
            kill(try first.programPID(), SIGKILL)
            try first.waitUntilExit(137, "chat-tui is killed")
            #expect(savedDraft(first) == draft + "\nsecond line")

            let second = try TmuxSession(columns: 60, rows: 10, dataHome: first.dataHome)
            try second.waitUntil("the draft is back in the composer") { screen, _ in
                screen.suffix(2) == [draft, "second line"]
            }
            try second.type("!")
            try second.press("Enter")
            try second.waitUntil("the restored draft is sent") { screen, _ in
                screen.contains { $0.hasSuffix("second line!") } && screen.last?.hasPrefix("Message ") == true
            }
            #expect(second.savedDrafts().isEmpty, "sending removes the draft")
            let room = try String(contentsOfFile: second.roomFile(), encoding: .utf8)
            #expect(room.contains(#""text":"half-written 日本語の下書き 🙂\nsecond line!""#), "\(room)")
        }

        @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
        func aStopSignalSavesTheDraftRestoresTheTerminalAndEndsWithItsStatus(signal: Int32) throws {
            let session = try TmuxSession(columns: 60, rows: 10, afterExit: Self.terminalModes)
            try session.waitUntilReady()
            try session.type("typed just now")
            try session.waitUntil("the draft shows") { screen, _ in screen.last == "typed just now" }
            // At once: no autosave has come yet, so the signal's own save is tested.
            kill(try session.programPID(), signal)
            try expectTerminalRestored(session, status: 128 + signal)
            #expect(savedDraft(session) == "typed just now")
        }

        /// A terminal can go away with no SIGHUP for chat-tui: the shell that
        /// would have had it (the session's leader) ignores it and lives on.
        /// chat-tui then hears the hang-up from its reads, and stops as SIGHUP
        /// would have stopped it, the draft saved, instead of reading nothing forever.
        /// The hang-up may come while a key's escape sequence has begun and
        /// its rest is awaited (`ESC [`, held 100 ms), or in a paste: what of
        /// it came is in the draft saved.
        @Test(arguments: ["", "\u{1B}[", "\u{1B}[200~ and half a paste"])
        func aTerminalThatHangsUpUnsignalledEndsChatTUIAsSIGHUPWouldWithTheDraftSaved(cutOff: String) throws {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let statusFile = folder + "/status"
            let session = try TmuxSession(
                columns: 60, rows: 10, afterExit: "echo $status > \(shellQuoted(statusFile))",
                shellIgnoresHangUp: true)
            try session.waitUntilReady()
            try session.type("typed as the window closed")
            try session.waitUntil("the draft shows") { screen, _ in screen.last == "typed as the window closed" }
            if !cutOff.isEmpty { try session.pressBytes(Array(cutOff.utf8)) }
            try session.closeTerminal()
            try waitFor("chat-tui ends and the shell writes its status") { FileManager.default.fileExists(atPath: statusFile) }
            let status = try String(contentsOfFile: statusFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(status == "\(128 + SIGHUP)")
            let pasted = cutOff.hasPrefix("\u{1B}[200~") ? String(cutOff.dropFirst(6)) : ""
            #expect(savedDraft(session) == "typed as the window closed" + pasted)
        }

        @Test(arguments: [SIGSEGV, SIGILL, SIGABRT, SIGBUS])
        func aCrashLeavesTheTerminalUsableAndTheDraftOnDisk(signal: Int32) throws {
            let session = try TmuxSession(columns: 60, rows: 10, afterExit: Self.terminalModes)
            try session.waitUntilReady()
            try session.type("before the crash")
            // A crash saves nothing itself: the draft on disk is the autosave's.
            try session.waitUntil("the draft is saved") { _, _ in savedDraft(session) == "before the crash" }
            // The signal a trap or a fatal error raises, sent from outside: the
            // handler that restores the terminal is the same.
            kill(try session.programPID(), signal)
            try expectTerminalRestored(session, status: 128 + signal)
            #expect(savedDraft(session) == "before the crash")
        }

        @Test func aClosedStandardOutputIsReportedOnScreenAndChatTUIGoesOn() throws {
            // `head -1` takes the first message sent and goes away.
            let session = try TmuxSession(
                columns: 70, rows: 10, arguments: ["--replay"], input: "sleep 60",
                output: "head -1 >/dev/null")
            try session.waitUntilReady()
            for text in ["first", "second", "third"] {
                try session.type(text)
                try session.press("Enter")
                try session.waitUntil("\(text) is sent") { screen, _ in screen.contains { $0.hasSuffix(" \(text)") } }
            }
            let screen = try session.waitUntil("the closed output is reported") { screen, _ in
                screen.contains { $0.contains("output closed: Broken pipe") }
            }
            #expect(screen.last?.hasPrefix("Message ") == true)
            let room = try String(contentsOfFile: session.roomFile(), encoding: .utf8)
            #expect(room.split(separator: "\n").count == 3, "every message is still saved in the room: \(room)")
        }

        /// A file system of `kilobytes` made for the test (tmpfs), when this
        /// machine lets the tests mount one (as root); nil otherwise, where the
        /// /dev/full test in RoomAndReplayTests stands in.
        static func smallFileSystem(kilobytes: Int) throws -> String? {
            let path = try makeTemporaryFolder()
            let mounted = try runCommand("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path])
            return mounted.status == 0 ? path : nil
        }

        static let canMount: Bool = {
            guard getuid() == 0, let path = try? smallFileSystem(kilobytes: 16) else { return false }
            _ = try? runCommand("/bin/umount", [path])
            return true
        }()

        @Test(.enabled(if: canMount, "mounting a tmpfs needs root"))
        func aFullFileSystemKeepsTheMessageAndTheDraftUntilThereIsRoom() throws {
            let mount = try #require(try Self.smallFileSystem(kilobytes: 256))
            defer { _ = try? runCommand("/bin/umount", ["-l", mount]) }
            var session: TmuxSession? = try TmuxSession(columns: 120, rows: 10, dataHome: mount)
            defer { session = nil }  // before the unmount
            let chat = session!
            try chat.waitUntilReady()
            // Fill the file system to its last block.
            let filler = mount + "/filler"
            _ = try runCommand("/bin/dd", ["if=/dev/zero", "of=" + filler, "bs=4096"])
            var info = statvfs()
            statvfs(mount, &info)
            #expect(info.f_bavail == 0, "the file system is full")

            try chat.type("kept while the disk is full")
            try chat.press("Enter")
            try chat.waitUntil("the failure is shown and the message kept") { screen, _ in
                screen.contains { $0.contains("not sent: No space left on device; Enter tries again") }
                    && screen.last == "kept while the disk is full"
            }
            try chat.type("!")  // a change, whose autosave fails too
            try chat.waitUntil("the draft's failure is shown") { screen, _ in
                screen.contains { $0.contains("─ draft not saved: No space left on device ─") }
            }
            try FileManager.default.removeItem(atPath: filler)
            try chat.press("Enter")
            try chat.waitUntil("the message is sent once there is room") { screen, _ in
                screen.contains { $0.hasSuffix("<alice> kept while the disk is full!") }
                    && screen.last?.hasPrefix("Message ") == true && !screen.contains { $0.contains("not saved") }
            }

            let room = try String(contentsOfFile: chat.roomFile(), encoding: .utf8)
            #expect(room.components(separatedBy: "\n").filter { $0.contains("\"text\":\"kept while") }.count == 1, "\(room)")
            #expect(chat.savedDrafts().isEmpty)
        }

        /// The spool's writes fail once the input has ended (what it holds
        /// waits in its buffer until then): reading back, which waits for
        /// them, tells the user.
        @Test(.enabled(if: canMount, "mounting a tmpfs needs root"))
        func aReplayWhoseSpoolFillsTheDiskSaysSoWhenReadBack() throws {
            let mount = try #require(try Self.smallFileSystem(kilobytes: 256))
            defer { _ = try? runCommand("/bin/umount", ["-l", mount]) }
            let folder = try makeTemporaryFolder()
            let path = folder + "/long.jsonl"
            // 300 KB in 150 long lines and a short one: more than the disk
            // holds, and few enough that the first Page Up reads back.
            let padding = String(repeating: "x", count: 2_000)
            let lines = (0..<150).map { #"{"from":"feed","text":"line "# + "\($0) \(padding)" + #""}"# + "\n" }
            try (lines.joined() + #"{"from":"feed","text":"last line"}"# + "\n")
                .write(toFile: path, atomically: true, encoding: .utf8)
            var session: TmuxSession? = try TmuxSession(
                columns: 100, rows: 10, arguments: ["--replay", path],
                cacheHome: mount)
            defer { session = nil }  // before the unmount
            let chat = session!
            try chat.waitUntil("the replay is shown to its end", timeout: 30) { screen, _ in
                let all = screen.joined(separator: " ")
                return all.contains("<feed> last line") && all.contains("─ end of input ─ 151 received ─")
            }
            // No Esc to come back down: sending does, and an Esc pressed just
            // before typing is taken with the next key as Alt and that key.
            try chat.press("PageUp")
            try chat.waitUntil("the user is told why reading back is short") { screen, _ in
                let all = screen.joined(separator: " ")
                return all.contains("older messages cannot be kept on disk") && all.contains("No space left on device")
            }
            // A message sent in the replay's room finds the spool failed again: told once is enough.
            try chat.type("sent after")
            try chat.press("Enter")
            try chat.waitUntil("the message is shown") { screen, _ in screen.contains { $0.hasSuffix("<alice> sent after") } }
            // A notice the send made would be out before the next key is taken.
            try chat.type("and again")
            try chat.press("Enter")
            try chat.waitUntil("the next is shown") { screen, _ in screen.contains { $0.hasSuffix(" and again") } }
            let told = try chat.screen().filter { $0.contains("cannot be kept on disk") }.count
            #expect(told == 1, "told once")
        }

        /// The text of the one message in the room file.
        func sentText(_ session: TmuxSession) throws -> String? {
            let room = try String(contentsOfFile: session.roomFile(), encoding: .utf8)
            guard let line = room.split(separator: "\n").last,
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            else { return nil }
            return object["text"] as? String
        }

        @Test func threeHundredRandomResizesWhileTypingLoseNoCharacterAndLeaveNoGarbage() throws {
            let session = try TmuxSession(columns: 80, rows: 24)
            try session.waitUntilReady()
            var generator = SeededGenerator(seed: 7)
            // The corners first, then anything from 1x1 to 500x300.
            var sizes = [(1, 1), (2, 2), (1, 300), (500, 1), (500, 300), (3, 1), (1, 3)]
            while sizes.count < 300 {
                sizes.append((Int.random(in: 1...500, using: &generator), Int.random(in: 1...300, using: &generator)))
            }
            sizes.shuffle(using: &generator)
            let pieces = ["abc ", "日本語", "🙂 ", "x", "かな ", "👩‍👩‍👧", "end. "]
            var typed = ""
            for (index, size) in sizes.enumerated() {
                try session.resize(columns: size.0, rows: size.1)
                let piece = pieces[index % pieces.count]
                try session.type(piece)
                typed += piece
            }
            try session.resize(columns: 80, rows: 24)
            let ending = String(typed.trimmingCharacters(in: .whitespaces).suffix(8))
            // tmux may resize its own screen a moment before it tells chat-tui (it
            // queues resizes), so the frame is awaited at the new size: the
            // separator spans all 80 columns.
            try session.waitUntil("the composer shows the end of the draft at 80x24") { screen, _ in
                screen.count == 24 && screen.last?.hasSuffix(ending) == true
                    && separatorRow(screen).map { screen[$0].count == 80 && screen[$0].hasSuffix("── alice ──") } == true
            }
            try session.press("Enter")
            let screen = try session.waitUntil("the message is sent") { screen, _ in
                screen.last?.hasPrefix("Message ") == true
            }
            #expect(try sentText(session) == typed.trimmingCharacters(in: .whitespaces))
            // Nothing left over from the small sizes: above the message, blank rows
            // and the date line; no stray characters anywhere.
            let separator = try #require(separatorRow(screen))
            #expect(separator == 22 && screen.count == 24)
            let pane = screen[..<separator]
            let first = try #require(pane.firstIndex { !$0.isEmpty })
            #expect(pane[first].contains("December"), "the date line comes first:\n\(screen.joined(separator: "\n"))")
            #expect(pane[(first + 1)...].allSatisfy { !$0.isEmpty }, "the message fills the rows below it")
            #expect(pane[first + 1].contains("<alice> abc 日本語🙂 x"))
        }

        @Test func aLargeUnbracketedPasteAndAHeldKeyAreTakenWholeAndInOrder() throws {
            let session = try TmuxSession(columns: 80, rows: 24)
            try session.waitUntilReady()
            var generator = SeededGenerator(seed: 11)
            let words = ["chat", "テキスト", "🙂", "burst", "日本語", "é", "line"]
            var pasted = ""
            while pasted.utf8.count < 100_000 {
                pasted += words[Int.random(in: 0..<words.count, using: &generator)] + " "
            }
            try session.paste(pasted, bracketed: false)
            try session.hold("z", count: 3000)
            try session.waitUntil("the held key's last repeat shows") { screen, _ in screen.last?.hasSuffix("zzzz") == true }
            try session.press("Enter")
            try session.waitUntil("the message is sent") { screen, _ in screen.last?.hasPrefix("Message ") == true }
            let sent = try #require(try sentText(session))
            #expect(sent.utf8.count == pasted.utf8.count + 3000)
            #expect(sent == pasted + String(repeating: "z", count: 3000))
        }

        /// Every `name number` message the pane holds, read page by page from the
        /// newest back to the first (Page Up, 198 rows at a time).
        func messagesShown(_ session: TmuxSession) throws -> Set<String> {
            var seen = Set<String>()
            var screen = try session.screen()
            for _ in 0..<400 {
                for row in screen {
                    if let found = row.range(of: #"(alice|bob) \d+ ~+"#, options: .regularExpression) {
                        seen.insert(String(row[found]))
                    }
                }
                try session.press("PPage")
                // The page turns within two seconds, or the first message is at the top.
                var turned: [String] = screen
                for _ in 0..<100 where turned == screen {
                    usleep(20_000)
                    turned = try session.screen()
                }
                if turned == screen { break }
                // Read the page once drawn whole: a half-drawn one would skip rows.
                for _ in 0..<100 {
                    usleep(50_000)
                    let again = try session.screen()
                    if again == turned { break }
                    turned = again
                }
                screen = turned
            }
            return seen
        }

        @Test func twoProcessesAppendingTenThousandEachLeaveTwentyThousandWholeLines() throws {
            let count = 10_000
            let first = try TmuxSession(columns: 100, rows: 200)
            let second = try TmuxSession(columns: 100, rows: 200, user: "bob", dataHome: first.dataHome)
            try first.waitUntilReady()
            try second.waitUntilReady()
            // Without bracketed paste every newline is Enter: one message a line.
            let lines = { (name: String) in (1...count).map { "\(name) \($0) " + String(repeating: "~", count: 1 + $0 % 50) } }
            try first.paste(lines("alice").joined(separator: "\n") + "\n", bracketed: false)
            try second.paste(lines("bob").joined(separator: "\n") + "\n", bracketed: false)
            // Both are done when the room holds 20,000 lines and each pane shows the last.
            let deadline = Date().addingTimeInterval(120)
            var appended: [Substring] = []
            while Date() < deadline {
                let room = (try? String(contentsOfFile: first.roomFile(), encoding: .utf8)) ?? ""
                appended = room.split(separator: "\n")
                if appended.count >= 2 * count { break }
                usleep(100_000)
            }
            #expect(appended.count == 2 * count)
            // Each has taken in the other's last lines once its screen stays still
            // for longer than it takes to look at the room file (250 ms where
            // the file cannot be watched).
            for session in [first, second] {
                var before = try session.screen()
                for _ in 0..<100 {
                    usleep(600_000)
                    let now = try session.screen()
                    if now == before { break }
                    before = now
                }
            }
            // Each process holds all 20,000: its own, sent, and the other's, received.
            let expected = Set((lines("alice") + lines("bob")).map { String($0) })
            for session in [first, second] {
                let shown = try messagesShown(session)
                #expect(shown.count == 2 * count && shown == expected, "\(shown.count) of \(2 * count) shown")
            }
            let room = try String(contentsOfFile: first.roomFile(), encoding: .utf8)
            let stored = room.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(room.hasSuffix("\n") && stored.count == 2 * count)
            var texts: [String: [String]] = [:]
            var turns = 0  // how often the writer changes: the two wrote at the same time
            var previous = ""
            for line in stored {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                let from = object?["from"] as? String ?? "?"
                texts[from, default: []].append(object?["text"] as? String ?? "")
                if from != previous { turns += 1 }
                previous = from
            }
            #expect(turns > 100, "the appends overlapped (\(turns) turns)")
            for name in ["alice", "bob"] {
                let whole = texts[name] == lines(name)  // not printed: 10,000 lines
                #expect(whole, "\(name)'s \(texts[name]?.count ?? 0) lines are whole and in order")
            }
        }
    }
}
