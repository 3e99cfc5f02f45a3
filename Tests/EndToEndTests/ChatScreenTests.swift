import Foundation
import Testing

extension EndToEnd {
    /// The real release binary in tmux at 80x24, typed into and read back as a person would.
    @Suite(.serialized) struct ChatScreenTests {
        static let placeholder = "Message local · Enter sends · Ctrl-J adds a line"

        init() throws {
            try requireReleaseBinary()
        }

        func started(columns: Int = 80, rows: Int = 24, launcher: [String] = []) throws -> TmuxSession {
            let session = try TmuxSession(columns: columns, rows: rows, launcher: launcher)
            try session.waitUntil("the placeholder shows") { screen, _ in
                screen.last?.hasPrefix("Message local") == true
            }
            return session
        }

        @Test func startsWithThePlaceholderInAOneRowComposer() throws {
            let session = try started()
            let screen = try session.screen()
            #expect(screen.count == 24)
            #expect(separatorRow(screen) == 22)
            #expect(screen[22].hasPrefix("── local ──"))
            #expect(screen[22].hasSuffix("── alice ──"))
            #expect(screen[22].count == 80)
            #expect(screen[23].hasPrefix(Self.placeholder))
            // Wrapped over rows (the temporary folder's path is long), compared without the blanks.
            let pane = screen[0..<22].joined().filter { $0 != " " }
            let hint = "room local: \(session.roomFile()) · /help lists the keys".filter { $0 != " " }
            #expect(pane.contains(hint), "an empty room says where it is kept: \(pane)")
            let cursor = try session.cursor()
            #expect(cursor.x == 0 && cursor.y == 23)
        }

        @Test func theComposerGrowsRowByRowToFiveAndNoFurther() throws {
            let session = try started()
            // 79 columns of text per row at 80 columns; each chunk fills one row exactly.
            let chunk = String(repeating: "abcd ", count: 15) + "xyz "
            #expect(chunk.count == 79)
            for step in 1...7 {
                try session.type(chunk)
                let rows = min(step, 5)
                try session.waitUntil("the composer is \(rows) rows after \(step) chunks") { screen, cursor in
                    separatorRow(screen) == 23 - rows && cursor.y == 23 && cursor.x == 79
                        && screen[23].hasPrefix("abcd")
                }
            }
            let screen = try session.screen()
            #expect(screen[18].hasPrefix("── local"))
            #expect(screen[19].hasSuffix("↑"), "a marker shows there is more above")
            try session.type("tail")
            try session.waitUntil("the caret follows typing onto the last row") { screen, cursor in
                separatorRow(screen) == 18 && cursor.y == 23 && cursor.x == 4 && screen[23].hasPrefix("tail")
            }
        }

        @Test func ctrlAOnALongLineShowsItsFirstRow() throws {
            let session = try started()
            // Sixteen five-column words fill a 79-column row: a hundred make seven rows.
            let words = (1...100).map { String(format: "w%03d", $0) }.joined(separator: " ")
            try session.type(words)
            try session.waitUntil("the composer is five rows with the caret on the last") { screen, cursor in
                separatorRow(screen) == 18 && cursor.y == 23
            }
            try session.press("C-a")
            try session.waitUntil("the first row is shown with the caret on it") { screen, cursor in
                cursor.y == 19 && cursor.x == 0 && screen[19].hasPrefix("w001 w002") && screen[23].hasSuffix("↓")
            }
            try session.press("C-e")
            try session.waitUntil("the last row is shown again") { screen, cursor in
                cursor.y == 23 && screen[23].hasSuffix("w100") && screen[19].hasSuffix("↑")
            }
        }

        @Test func sendingShowsTheMessageAndShrinksTheComposer() throws {
            let session = try started()
            try session.type("first line of a message")
            try session.press("M-Enter")
            try session.type("second line")
            try session.waitUntil("Alt-Enter adds a row") { screen, cursor in
                separatorRow(screen) == 21 && cursor.y == 23 && cursor.x == 11
            }
            try session.press("Enter")
            let screen = try session.waitUntil("the message is in the pane") { screen, cursor in
                separatorRow(screen) == 22 && screen[23].hasPrefix(Self.placeholder) && cursor == (0, 23)
            }
            #expect(
                screen[20].range(of: #"^\d\d:\d\d <alice> first line of a message$"#, options: .regularExpression) != nil,
                "got \(screen[20])")
            #expect(screen[21] == String(repeating: " ", count: 14) + "second line")
        }

        @Test func noColorDrawsWithWeightAndUnderlineOnly() throws {
            let session = try started(launcher: ["env", "NO_COLOR=1"])
            try session.type("plain")
            try session.press("Enter")
            try session.waitUntil("the message is in the pane") { screen, _ in screen[21].hasSuffix("<alice> plain") }
            let styled = try session.screen(styles: true).joined(separator: "\n")
            #expect(styled.contains("\u{1B}[1;4m<alice>"), "bold and underlined, as without colours")
            #expect(
                styled.range(of: #"\u{1B}\[(3|4|9|10)\d?m"#, options: .regularExpression) == nil,
                "no colour anywhere: \(styled.debugDescription)")
        }

        @Test(arguments: [
            ("tmux-256color", "\u{1B}[1m\u{1B}[32m<alice>"),  // bold green
            ("vt100", "\u{1B}[1;4m<alice>"),  // no colours: bold and underlined
        ])
        func ownMessagesStandApartInColourAndWithout(terminal: String, styledSender: String) throws {
            let session = try started(launcher: ["env", "TERM=\(terminal)"])
            try session.type("mine")
            try session.press("Enter")
            try session.waitUntil("the message is in the pane") { screen, _ in screen[21].hasSuffix("<alice> mine") }
            let row = try session.screen(styles: true)[21]
            #expect(row.contains(styledSender), "got \(row.debugDescription)")
        }

        @Test func shiftEnterStartsANewLineWhereTheTerminalReportsIt() throws {
            // As if in kitty, so the kitty protocol's forms of Ctrl and Alt keys are known too.
            let session = try started(launcher: ["env", "KITTY_WINDOW_ID=1"])
            try session.reportModifiedKeys()
            try session.type("first")
            try session.press("S-Enter")
            try session.type("second")
            try session.waitUntil("Shift-Enter added a line, sending nothing") { screen, cursor in
                screen[22] == "first" && screen[23] == "second" && cursor == (6, 23)
            }
            // The kitty protocol's forms: Shift-Enter, Ctrl-A, Alt-B.
            try session.pressBytes(Array("\u{1B}[13;2u".utf8))
            try session.type("third")
            try session.waitUntil("and in the kitty protocol's form") { screen, _ in screen[23] == "third" }
            try session.pressBytes(Array("\u{1B}[97;5u".utf8))
            try session.waitUntil("Ctrl-A in the kitty form goes to the line's start") { _, cursor in cursor == (0, 23) }
            try session.press("C-e")
            try session.pressBytes(Array("\u{1B}[98;3u".utf8))
            try session.waitUntil("Alt-B in the kitty form goes back a word") { _, cursor in cursor == (0, 23) }
            try session.press("Enter")
            try session.waitUntil("Enter still sends all three lines") { screen, _ in
                screen[23].hasPrefix("Message") && screen.contains { $0.hasSuffix("<alice> first") }
                    && screen.contains { $0.hasSuffix("third") }
            }
        }

        @Test func leavingSwitchesModifiedKeysAndMarkedPastesOff() throws {
            // After chat-tui, `cat -v` shows what the terminal now sends.
            let session = try started(launcher: ["sh", "-c", "\"$@\"; echo AFTER; exec cat -v", "sh"])
            try session.reportModifiedKeys()
            try session.press("C-c")
            try session.waitUntil("chat-tui has quit") { screen, _ in screen.contains("AFTER") }
            try session.press("S-Enter")
            try session.paste("pasted")
            try session.press("Enter")
            let screen = try session.waitUntil("cat shows the paste") { screen, _ in screen.contains { $0.contains("pasted") } }
            #expect(!screen.contains { $0.contains("^[[27;") || $0.contains("^[[13;") }, "plain Enter again: \(screen)")
            #expect(!screen.contains { $0.contains("^[[200~") }, "pastes unmarked again: \(screen)")
        }

        @Test func wordKeysKillRingAndUndoWorkFromTheKeyboard() throws {
            let session = try started()
            for character in "alpha beta gamma" { try session.type(String(character)) }
            try session.press("C-Left")
            try session.waitUntil("Ctrl-Left goes back a word") { _, cursor in cursor == (11, 23) }
            try session.press("M-b")
            try session.waitUntil("Alt-B goes back another") { _, cursor in cursor == (6, 23) }
            try session.press("M-d")
            try session.waitUntil("Alt-D kills the word after") { screen, _ in screen[23] == "alpha  gamma" }
            try session.press("C-e", "C-y")
            try session.waitUntil("Ctrl-Y yanks it back at the end") { screen, _ in screen[23] == "alpha  gammabeta" }
            try session.press("C-_", "C-_")
            try session.waitUntil("Ctrl-_ undoes the yank and the kill") { screen, _ in screen[23] == "alpha beta gamma" }
        }

        @Test func ctrlZSuspendsToTheShellAndFgBringsTheScreenBack() throws {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // A shell with job control runs chat-tui ("$1"), reports the stop, and
            // brings it back with fg after a line is typed.
            let shell = folder + "/shell.sh"
            try "set -m\n\"$1\"\necho \"STOPPED:$?\"\nread -r line\nfg\n".write(toFile: shell, atomically: true, encoding: .utf8)
            let session = try TmuxSession(columns: 60, rows: 10, launcher: ["bash", shell])
            try session.waitUntil("chat-tui is up") { screen, _ in screen.last?.hasPrefix("Message local") == true }
            try session.type("draft kept 日本")
            try session.press("C-z")
            try session.waitUntil("the shell has the terminal") { screen, _ in screen.contains { $0.hasPrefix("STOPPED:") } }
            try session.press("Enter")
            try session.waitUntil("fg brings the screen back intact") { screen, cursor in
                screen.count == 10 && screen[8].hasPrefix("── local") && screen[9] == "draft kept 日本" && cursor == (15, 9)
            }
            try session.press("Enter")
            try session.waitUntil("and it works as before") { screen, _ in screen[7].hasSuffix("<alice> draft kept 日本") }
        }

        @Test func anIdleChatTUIDoesNotWakeUp() throws {
            let session = try TmuxSession(columns: 60, rows: 10)
            try session.waitUntilReady()
            try session.type("a draft")
            try session.waitUntil("the draft is saved") { _, _ in session.savedDrafts().values.contains("a draft") }
            let pid = try session.programPID()
            // Once the draft's saves are done nothing is due: a window of 2.5 s
            // must pass with no thread of chat-tui woken (it woke every second).
            var quiet = false
            let deadline = Date().addingTimeInterval(20)
            while !quiet && Date() < deadline {
                let before = try Self.contextSwitches(of: pid)
                usleep(2_500_000)
                quiet = try Self.contextSwitches(of: pid) == before
            }
            #expect(quiet, "chat-tui woke up while nothing happened")
            try session.type("!")
            try session.waitUntil("a key still wakes it") { screen, _ in screen.last == "a draft!" }
        }

        /// How many times the threads of `pid` were switched out, so far.
        static func contextSwitches(of pid: Int32) throws -> Int {
            let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
            return try tasks.reduce(0) { sum, task in
                let status = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
                return sum
                    + status.split(separator: "\n")
                    .filter { $0.contains("ctxt_switches:") }
                    .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
                    .reduce(0, +)
            }
        }

        @Test func aPastedBlockIsInsertedWithItsNewlinesAndNotSent() throws {
            let session = try started()
            let lines = (1...8).map { "pasted line \($0) 日本語" }
            try session.paste(lines.joined(separator: "\n"))
            let screen = try session.waitUntil("the paste fills five rows, scrolled to its end") { screen, cursor in
                separatorRow(screen) == 18 && screen[23] == "pasted line 8 日本語" && cursor == (20, 23)
            }
            #expect(screen[19].hasPrefix("pasted line 4") && screen[19].hasSuffix("↑"))
            #expect(!screen[0..<18].contains { $0.contains("pasted") }, "nothing was sent")
            try session.press("Enter")
            try session.waitUntil("Enter sends it all as one message") { screen, _ in
                separatorRow(screen) == 22 && screen[21].hasSuffix("pasted line 8 日本語")
                    && screen[14].hasSuffix("<alice> pasted line 1 日本語")
            }
        }

        /// A paste never sends anything, in any terminal: bracketed paste is
        /// asked for though the terminal's terminfo entry lists no `BE`
        /// (Debian's rxvt-unicode entries have none; a terminal that does not
        /// know the mode ignores it).
        @Test(arguments: ["rxvt-unicode-256color", "xterm-256color"])
        func aMultiLinePasteIsNotSentWhateverTheTerminfoEntrySays(term: String) throws {
            let session = try TmuxSession(launcher: ["env", "TERM=\(term)"])
            try session.waitUntilReady()
            try session.type("before ")
            try session.paste("line1\nline2\nline3")
            let screen = try session.waitUntil("the paste is in the composer, after what was typed") { screen, _ in
                screen.contains("before line1") && screen.last == "line3"
            }
            #expect(!screen.dropLast(3).contains { $0.contains("line") }, "nothing was sent: \(screen)")
        }

        @Test func aMegabytePasteLandsWholeAndTheComposerStaysResponsive() throws {
            let session = try started()
            let line = "日本語 and English, 🎉 emoji too; a long pasted line that wraps at eighty columns."
            var lines: [String] = []
            var size = 0
            while size < 1_000_000 {
                let next = "\(lines.count + 1) \(line)"
                lines.append(next)
                size += next.utf8.count + 1
            }
            try session.paste(lines.joined(separator: "\n"))
            // Each line takes two rows at 80 columns.
            let rows = lines.count * 2
            try session.waitUntil("the whole paste is in the composer, scrolled to its end", timeout: 30) { screen, _ in
                screen.contains { $0.contains("row \(rows)/\(rows)") } && screen[23].hasPrefix("columns.")
            }
            try session.type("!")
            try session.waitUntil("a key typed after it shows") { screen, _ in screen[23].hasPrefix("columns.!") }
            try session.press("C-a")
            try session.waitUntil("Ctrl-A goes to the start of the last line") { screen, _ in
                screen.contains { $0.contains("row \(rows - 1)/\(rows)") } && screen[22].hasPrefix("\(lines.count) 日本語")
            }
            try session.press("Enter")
            let expected = lines.joined(separator: "\n") + "!"
            var sent: String?
            for _ in 0..<500 where sent == nil {
                // The line is whole once its line end is written; a read may come mid-write.
                let saved = (try? String(contentsOfFile: session.roomFile(), encoding: .utf8)) ?? ""
                if saved.hasSuffix("\n"), let first = saved.split(separator: "\n").first,
                    let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
                {
                    sent = object["text"] as? String
                }
                usleep(20_000)
            }
            #expect(sent?.count == expected.count, "every character of the paste was sent")
            #expect(sent == expected)
        }

        @Test func aResizeToANarrowTerminalAndBackLosesNothing() throws {
            let session = try started()
            let words = (1...60).map { String(format: "w%02d", $0) }
            try session.type(words.joined(separator: " ") + " 日本語の終わり")
            try session.waitUntil("the draft fills four rows") { screen, _ in separatorRow(screen) == 19 }
            try session.resize(columns: 24, rows: 12)
            try session.waitUntil("the composer reflows to five rows at 24 columns") { screen, cursor in
                screen.count == 12 && separatorRow(screen) == 6 && cursor.y == 11 && screen[11].contains("終わり")
            }
            try session.resize(columns: 8, rows: 3)
            try session.waitUntil("a tiny terminal still shows the composer") { screen, cursor in
                screen.count == 3 && separatorRow(screen) == 1 && cursor.y == 2
            }
            try session.resize(columns: 80, rows: 24)
            try session.waitUntil("the composer is back to four rows") { screen, _ in
                screen.count == 24 && separatorRow(screen) == 19 && screen[19].hasSuffix("── alice ──")
            }
            try session.press("Enter")
            let screen = try session.waitUntil("the message is sent") { screen, _ in separatorRow(screen) == 22 }
            let pane = screen[..<22].joined(separator: " ")
            for word in words { #expect(pane.contains(word), "\(word) is in the sent message") }
            #expect(pane.contains("日本語の終わり"))
        }

        @Test func aBurstOfResizesEndsAtTheLastSize() throws {
            let session = try started()
            try session.type("draft")
            // Resizes that arrive while a frame is being drawn must not go unnoticed.
            for round in 0..<20 {
                try session.resize(columns: round % 2 == 0 ? 24 : 70, rows: round % 2 == 0 ? 6 : 20)
            }
            try session.resize(columns: 30, rows: 8)
            try session.waitUntil("the screen is laid out for 30x8", timeout: 3) { screen, cursor in
                screen.count == 8 && separatorRow(screen) == 6 && screen[6].count == 30
                    && screen[6].hasSuffix("── alice ──") && cursor == (5, 7)
            }
        }

        @Test func aResizeIsSeenEvenWhenTheParentBlockedSIGWINCH() throws {
            // perl blocks SIGWINCH (28 on Linux) and then runs chat-tui with that mask.
            let blocker = ["perl", "-e", "use POSIX; sigprocmask(SIG_BLOCK, POSIX::SigSet->new(28)) or die; exec @ARGV"]
            let session = try started(launcher: blocker)
            try session.type("still here")
            try session.resize(columns: 40, rows: 10)
            try session.waitUntil("the screen is redrawn at 40x10") { screen, cursor in
                screen.count == 10 && separatorRow(screen) == 8 && screen[8].count == 40
                    && screen[8].hasSuffix("── alice ──") && cursor == (10, 9)
            }
        }

        @Test func japaneseWrapsWithTheCursorInTheRightColumn() throws {
            let session = try started(columns: 20, rows: 10)
            try session.type("日本語のテキストを入力します")
            let screen = try session.waitUntil("the Japanese draft wraps onto two rows") { screen, cursor in
                separatorRow(screen) == 7 && cursor == (10, 9)
            }
            // Nineteen columns hold text (the last is kept for the caret): nine
            // wide characters fit, the tenth starts the next row.
            #expect(screen[8] == "日本語のテキストを")
            #expect(screen[9].hasPrefix("入力します"))
            try session.press("Left", "Left")
            try session.waitUntil("Left moves two columns over a wide character") { _, cursor in cursor == (6, 9) }
            try session.press("Up")
            try session.waitUntil("Up lands on the row above in the same column") { _, cursor in cursor == (6, 8) }
        }

        @Test func emojiSequencesLeaveTheCursorWhereTmuxDrawsTo() throws {
            let session = try started()
            // tmux 3.3a draws a skin-tone emoji four columns wide and a ZWJ family two.
            try session.type("a👍🏽b👨‍👩‍👧c")
            try session.waitUntil("the cursor is after the text") { screen, cursor in
                cursor == (9, 23) && screen[23].hasPrefix("a👍🏽b")
            }
        }

        @Test func ctrlCQuitsWithStatusZeroAndRestoresTheScreen() throws {
            let session = try started()
            try session.type("unsent")
            try session.press("C-c")
            let screen = try session.waitUntil("the program exits") { screen, _ in screen.contains("EXIT:0") }
            #expect(screen.first == "EXIT:0", "the shell's output continues where it was")
            #expect(!screen.contains { $0.contains("──") || $0.contains("unsent") }, "no trace of the chat screen")
        }

        @Test func aCommandThatCannotRunSaysWhyAtEightyColumns() throws {
            let session = try started()
            try session.type("/nosuch")
            try session.press("Enter")
            let screen = try session.waitUntil("the explanation is in the pane") { screen, _ in
                screen.contains { $0.contains("-!- unknown command /nosuch: /help lists them, //nosuch sends it as text") }
            }
            #expect(screen[22].contains(" unknown command /nosuch"), "and starts on the separator: \(screen[22])")
            #expect(screen[23] == "/nosuch", "the draft stays to be fixed")
            try session.press("C-u")
            try session.type("/NICK bob")
            try session.press("Enter")
            try session.waitUntil("commands are read in any case") { screen, _ in screen[22].hasSuffix(" bob ──") }
        }

        @Test func ctrlDOnAnEmptyDraftQuitsAndSoDoesSlashQuit() throws {
            let ctrlD = try started()
            try ctrlD.press("C-d")
            try ctrlD.waitUntil("Ctrl-D quits") { screen, _ in screen.first == "EXIT:0" }
            let command = try started()
            try command.type("/quit")
            try command.press("Enter")
            try command.waitUntil("/quit quits") { screen, _ in screen.first == "EXIT:0" }
        }
    }
}
