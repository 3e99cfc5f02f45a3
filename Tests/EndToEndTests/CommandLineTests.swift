import Foundation
import Testing

extension EndToEnd {
    /// The command line, run with no terminal.
    @Suite struct CommandLineTests {
        init() throws {
            try requireReleaseBinary()
        }

        @Test func helpDescribesUsageAndExitsZero() throws {
            let result = try runCommand(chatTUIBinary, ["--help"])
            #expect(result.status == 0)
            #expect(result.standardOutput.hasPrefix("Usage: chat-tui"))
            #expect(result.standardOutput.contains("--nick NAME"))
            #expect(result.standardError.isEmpty)
        }

        static let manPage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/chat-tui.1").path

        @Test func theManPageDescribesEveryOptionOfHelpAndReadsWithMan() throws {
            let help = try runCommand(chatTUIBinary, ["--help"]).standardOutput
            let page = try String(contentsOfFile: Self.manPage, encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
            let options = Set(help.split(whereSeparator: { " [],=\n".contains($0) }).filter { $0.hasPrefix("--") })
            #expect(options.count >= 10)
            for option in options { #expect(page.contains(option), "the man page leaves out \(option)") }
            let manual = try runCommand(
                "/usr/bin/man", ["-l", Self.manPage], environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin"])
            #expect(manual.status == 0, "\(manual.standardError)")
            #expect(manual.standardOutput.contains("chat-tui - a chat screen for the terminal"))
            #expect(manual.standardOutput.contains("Ctrl-W, Alt-Backspace"))
        }

        @Test func makeInstallPutsTheBinaryAndManPageWhereTheShellAndManFindThem() throws {
            let stage = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: stage) }
            let root = URL(fileURLWithPath: Self.manPage).deletingLastPathComponent().deletingLastPathComponent().path
            // `-o build` uses the binary the tests run rather than building again.
            let make = ["-C", root, "-o", "build", "BINARY=\(chatTUIBinary)", "PREFIX=/usr", "DESTDIR=\(stage)"]
            let install = try runCommand("/usr/bin/make", make + ["install"])
            #expect(install.status == 0, "\(install.standardError)")
            let version = try runCommand(stage + "/usr/bin/chat-tui", ["--version"])
            #expect(version.standardOutput.hasPrefix("chat-tui "))
            let manual = try runCommand(
                "/usr/bin/man", ["-l", stage + "/usr/share/man/man1/chat-tui.1"],
                environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin"])
            #expect(manual.standardOutput.contains("chat-tui - a chat screen for the terminal"))
            let uninstall = try runCommand("/usr/bin/make", make + ["uninstall"])
            #expect(uninstall.status == 0)
            #expect(!FileManager.default.fileExists(atPath: stage + "/usr/bin/chat-tui"))
            #expect(!FileManager.default.fileExists(atPath: stage + "/usr/share/man/man1/chat-tui.1"))
        }

        @Test func helpListsEveryKeyFromTheTable() throws {
            let help = try runCommand(chatTUIBinary, ["--help"]).standardOutput
            for name in ["Ctrl-W, Alt-Backspace", "Shift-Enter, Alt-Enter, Ctrl-J", "PgUp", "Esc", "/nick NAME"] {
                #expect(help.contains("  \(name)  "), "\(name)")
            }
            #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "every line fits 80 columns")
        }

        @Test func versionPrintsTheVersion() throws {
            let result = try runCommand(chatTUIBinary, ["--version"])
            #expect(result.status == 0)
            #expect(result.standardOutput.range(of: #"^chat-tui \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        }

        @Test(arguments: [
            (["--bogus"], "unknown option '--bogus'"),
            (["--nick"], "option '--nick' needs a value"),
            (["--nick", ""], "cannot use '' as a nick: it is empty"),
            (["--nick=two words"], "cannot use 'two words' as a nick"),
            (["a b"], "unexpected argument 'a b'"),
            (["stray"], "'stray' is not an address (ircs://HOST/#channel) nor a network written in"),
            (["ircs://"], "'ircs://' names no server: write ircs://HOST[:PORT]/#channel"),
            (["ircs://host:99999/#a"], "the port in 'ircs://host:99999/#a' is not a number from 1 to 65535"),
            (["ircs://host/#a", "--tls-fingerprint", "SHA256:12"], "cannot read 'SHA256:12' as a certificate's fingerprint"),
            (["--tls-ca", "ca.pem"], "option '--tls-ca' only applies with an ircs:// address"),
            (
                ["ircs://host/#a", "--tls-cert", "/nonexistent/carol.pem"],
                "cannot read the client certificate /nonexistent/carol.pem: No such file or directory"
            ),
            (["irc://host/#a", "--tls-cert", "/dev/null"], "option '--tls-cert' only applies with an ircs:// address"),
            (
                ["irc://host/#a", "--tls-fingerprint", "SHA256:" + String(repeating: "AB", count: 32)],
                "option '--tls-fingerprint' only applies with an ircs:// address"
            ),
            (["--room", "../escape"], "cannot use '../escape' as a room name: it must not contain '/' or start with '.'"),
            (["--room="], "a room name cannot be empty"),
            (["--room", "bell\u{7}"], "cannot use 'bell?' as a room name: it contains control characters"),
            (["--replay", "--speed", "0"], "cannot use '0' as a speed: give a number above 0"),
            (["--replay", "--speed", "fast"], "cannot use 'fast' as a speed"),
            (["--speed", "2"], "option '--speed' only applies with --replay"),
            (["--from", "bob"], "option '--from' only applies with --replay"),
            (["--nick-width", "0"], "cannot use '0' as a nick width: give a number of columns from 1 to 40"),
            (["--nick-width=wide"], "cannot use 'wide' as a nick width"),
            (["--scrollback", "999"], "cannot use '999' as a scrollback: give a number of messages from 1000 to 100000"),
            (["--scrollback=lots"], "cannot use 'lots' as a scrollback"),
        ])
        func aBadArgumentIsExplainedWithStatusTwo(arguments: [String], message: String) throws {
            let result = try runCommand(chatTUIBinary, arguments)
            #expect(result.status == 2)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("chat-tui: \(message)"))
            #expect(result.standardError.contains("chat-tui --help"))
        }

        /// The environment, with rooms and drafts kept in a fresh folder rather
        /// than the user's.
        func environment() throws -> (values: [String: String], folder: String) {
            let folder = try makeTemporaryFolder()
            var values = ProcessInfo.processInfo.environment
            values["XDG_DATA_HOME"] = folder
            values["XDG_STATE_HOME"] = folder + "/state"
            return (values, folder)
        }

        @Test func aReplayFileThatCannotBeReadIsExplained() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let result = try runCommand(chatTUIBinary, ["--replay", folder + "/missing.log"], environment: environment)
            #expect(result.status == 2)
            #expect(result.standardError == "chat-tui: cannot read \(folder)/missing.log: No such file or directory\n")
        }

        @Test func aFolderGivenToReplayIsExplainedLikeAMissingFile() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let result = try runCommand(chatTUIBinary, ["--replay", folder], environment: environment)
            #expect(result.status == 2)
            #expect(result.standardError == "chat-tui: cannot read \(folder): Is a directory\n")
        }

        @Test func aRoomFolderThatCannotBeMadeIsExplained() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try "".write(toFile: folder + "/chat-tui", atomically: false, encoding: .utf8)
            let result = try runCommand(chatTUIBinary, [], environment: environment)
            #expect(result.status == 2)
            #expect(
                result.standardError.hasPrefix("chat-tui: cannot make the folder \(folder)/chat-tui/rooms"),
                "\(result.standardError)")
        }

        /// A CA file that cannot be used stops chat-tui before the screen,
        /// saying which network and why, rather than retrying for ever.
        @Test func aCAFileThatCannotBeReadIsExplainedBeforeTheScreen() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let missing = try runCommand(
                chatTUIBinary, ["ircs://localhost:6697/#test", "--tls-ca", folder + "/missing.pem"],
                environment: environment)
            #expect(missing.status == 2)
            #expect(
                missing.standardError == "chat-tui: localhost: cannot read the CA certificates in "
                    + "\(folder)/missing.pem: No such file or directory\n", "\(missing.standardError)")
            try "not a certificate\n".write(toFile: folder + "/bad.pem", atomically: false, encoding: .utf8)
            let bad = try runCommand(
                chatTUIBinary, ["ircs://localhost:6697/#test", "--tls-ca", folder + "/bad.pem"],
                environment: environment)
            #expect(bad.status == 2)
            #expect(
                bad.standardError == "chat-tui: localhost: cannot read the CA certificates in "
                    + "\(folder)/bad.pem (PEM expected)\n", "\(bad.standardError)")
        }

        @Test func aClockStartThatIsNoTimeIsExplained() throws {
            var (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            environment[TmuxSession.clockVariable] = "yesterday"
            let result = try runCommand(chatTUIBinary, [], environment: environment)
            #expect(result.status == 2)
            #expect(
                result.standardError == "chat-tui: cannot read 'yesterday' in CHAT_TUI_CLOCK_START as a time: "
                    + "write it as 2026-12-03T10:30:00Z\n", "\(result.standardError)")
        }

        @Test func withoutATerminalItSaysSoWithStatusTwo() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // setsid leaves the program with no controlling terminal, so /dev/tty cannot open.
            let result = try runCommand("/usr/bin/setsid", ["--wait", chatTUIBinary], environment: environment)
            #expect(result.status == 2)
            #expect(
                result.standardError.hasPrefix("chat-tui: no terminal to draw on: /dev/tty could not be opened"),
                "got \(result.standardError)")
        }

        @Test func anUnknownTerminalTypeIsExplained() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let result = try runCommand(
                "/usr/bin/script", ["-qec", "TERM=no-such-terminal \(chatTUIBinary)", "/dev/null"],
                environment: environment)
            #expect(result.status == 2)
            // script gives the program a terminal and copies what it writes (stderr included).
            #expect(
                result.standardOutput.hasPrefix("chat-tui: cannot drive terminal type 'no-such-terminal'"),
                "got \(result.standardOutput)")
        }

        /// Runs chat-tui under `script`, which gives it a terminal that never answers
        /// cursor position requests, typing `keys` from the start; returns the status
        /// and everything chat-tui wrote to the terminal.
        func scripted(keys: String, environment: [String: String]) throws -> (status: Int32, output: String) {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let log = folder + "/typescript"
            let command =
                "(\(keys)) | TERM=xterm-256color script -qfec \(shellQuoted(chatTUIBinary)) \(shellQuoted(log)) > /dev/null"
            let result = try runCommand("/bin/bash", ["-c", command], environment: environment)
            return (result.status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }

        @Test func aTerminalThatNeverAnswersIsAskedAgainAndNothingIsCached() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var withCache = environment
            withCache["XDG_CACHE_HOME"] = folder + "/cache"
            for start in ["first", "second"] {
                let run = try scripted(keys: "sleep 0.5; printf '\\003'", environment: withCache)
                #expect(run.status == 0)
                #expect(
                    run.output.components(separatedBy: "\u{1B}[6n").count - 1 == 13,
                    "\(start) start: one request per sample, in one write")
                #expect(
                    run.output.components(separatedBy: "\u{1B}[c").count - 1 == 1,
                    "\(start) start: closed by one device attributes request")
                let cached = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/cache/chat-tui/widths")) ?? []
                #expect(cached.isEmpty, "\(start) start: no answer is not remembered as one")
            }
        }

        /// Runs chat-tui in `slow-terminal.py`'s terminal, which answers the width
        /// probe `answerAfter` seconds after it is asked and types `script`.
        func slowTerminal(
            answerAfter: Double, columns: [Int], script: String,
            environment: [String: String]
        ) throws -> [String: Double] {
            let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/slow-terminal.py"
            var environment = environment
            environment["TERM"] = "xterm-256color"
            let result = try runCommand(
                "/usr/bin/env",
                [
                    "python3", helper, String(answerAfter),
                    columns.map(String.init).joined(separator: ","), script,
                    "--", chatTUIBinary,
                ], environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            var times: [String: Double] = [:]
            for line in result.standardOutput.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "at"), at + 1 < words.count else { continue }
                times[words[..<at].joined(separator: " ")] = Double(words[at + 1])
            }
            return times
        }

        /// What a cached probe holds, sample by sample, for the terminal type the
        /// slow terminal runs under.
        func cachedWidths(in folder: String) throws -> String {
            try String(contentsOfFile: folder + "/cache/chat-tui/widths/TERM=xterm-256color", encoding: .utf8)
        }

        @Test func aSlowTerminalsWidthsAreLearnedWhileChatTUIRunsAndKeysAreKept() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var withCache = environment
            withCache["XDG_CACHE_HOME"] = folder + "/cache"
            // The answers come a second and a half after the question, long after
            // the first frame; keys typed before them are kept in order.
            let columns = [2, 2, 1, 6, 2, 2, 2, 1, 1, 2, 1, 2, 0]
            let times = try slowTerminal(
                answerAfter: 1.5, columns: columns,
                script: "0.2:typed early 日本|2.2: and late\\r|2.7:\\x03",
                environment: withCache)
            #expect(times["asked 13"] != nil, "\(times)")
            #expect(times["exited 0"] != nil, "\(times)")
            let cached = try cachedWidths(in: folder)
            #expect(cached.contains("\nzwjSequence 6\n") && cached.contains("\nsoftHyphen 0\n"), "\(cached)")
            let room = try String(contentsOfFile: folder + "/chat-tui/rooms/local.jsonl", encoding: .utf8)
            #expect(room.contains(#""text":"typed early 日本 and late""#), "\(room)")
        }

        @Test func answersOnTheirWayWhenChatTUIEndsAreReadBeforeItGoes() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var withCache = environment
            withCache["XDG_CACHE_HOME"] = folder + "/cache"
            let times = try slowTerminal(
                answerAfter: 1.0, columns: Array(repeating: 2, count: 13),
                script: "0.2:\\x03", environment: withCache)
            let answered = try #require(times["answered"], "\(times)")
            let exited = try #require(times["exited 0"], "\(times)")
            #expect(exited >= answered, "chat-tui waits for the answers rather than leave them to the shell")
            #expect(try cachedWidths(in: folder).contains("\nzwjSequence 2\n"))
        }

        /// In a terminal measured to draw ☺️ and 1️⃣ two columns wide and the family
        /// as its three parts (as kitty does), each is written whole, as typed,
        /// at the column the measured widths give, and the cursor is placed
        /// again after it rather than trusted; the family's parts keep their joiners.
        @Test func clustersAreWrittenWholeWhereTheTerminalWasMeasuredToDrawThemSo() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var measured = environment.filter { !["TMUX", "STY", "TERM_PROGRAM", "TERM_PROGRAM_VERSION"].contains($0.key) }
            measured["XDG_CACHE_HOME"] = folder + "/cache"
            let widths = folder + "/cache/chat-tui/widths"
            try FileManager.default.createDirectory(atPath: widths, withIntermediateDirectories: true)
            try "chat-tui width probe 2\nidentity TERM=xterm-256color\nvariationSelector16 2\nkeycap 2\nzwjSequence 6\n"
                .write(toFile: widths + "/TERM=xterm-256color", atomically: true, encoding: .utf8)
            let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
            let typed = "\u{263A}\u{FE0F} 1\u{FE0F}\u{20E3} " + family + " x"
            let run = try scripted(keys: "printf '%s' \(shellQuoted(typed)); sleep 0.5; printf '\\003'", environment: measured)
            #expect(run.status == 0)
            // What chat-tui drew, after the terminal's echo of the early keys.
            let drawn = try #require(run.output.components(separatedBy: "\u{1B}[?1049h").dropFirst().first)
            // ☺️ comes at the start of the composer's row, addressed or reached
            // from the row of the help two above it.
            #expect(
                drawn.contains("\u{1B}[24H\u{263A}\u{FE0F}") || drawn.contains("\r\u{0B}\u{0B}\u{263A}\u{FE0F}"),
                "☺️ in column 1: \(drawn.debugDescription)")
            #expect(
                drawn.contains("\u{263A}\u{FE0F}\u{1B}[24;3H 1\u{FE0F}\u{20E3}\u{1B}[24;6H "),
                "☺️ in columns 1 and 2, 1️⃣ in 4 and 5: \(drawn.debugDescription)")
            #expect(
                drawn.contains("\u{1F468}\u{200D}\u{1B}[24;9H\u{1F469}\u{200D}\u{1B}[24;11H\u{1F467} x"),
                "the family's parts two columns each, with their joiners")
            #expect(!drawn.contains("\u{FF1F}") && !drawn.contains("\u{FFFD}"), "no stand-ins")
        }

        @Test func keysTypedWhileTheTerminalIsAskedAreKept() throws {
            let (environment, folder) = try environment()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var withCache = environment
            withCache["XDG_CACHE_HOME"] = folder + "/cache"
            let run = try scripted(
                keys: "printf 'typed early 日本'; sleep 0.5; printf '\\r'; sleep 0.3; printf '\\003'",
                environment: withCache)
            #expect(run.status == 0)
            let room = try String(contentsOfFile: folder + "/chat-tui/rooms/local.jsonl", encoding: .utf8)
            #expect(room.contains(#""text":"typed early 日本""#), "\(room)")
        }
    }
}
