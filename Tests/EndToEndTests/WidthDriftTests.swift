import Foundation
import Testing

extension EndToEnd {
    /// Zero cursor drift: for every string of the corpus, the caret chat-tui shows
    /// after typing it is in the column tmux reaches when `printf` writes the same
    /// string in a plain pane, and the sent message leaves nothing stray behind.
    @Suite(.serialized) struct WidthDriftTests {
        /// Over 200 strings: skin tones, VS16/VS15, ZWJ sequences, flags, keycaps,
        /// newer emoji, ambiguous width, combining marks, Hangul jamo, Thai,
        /// Devanagari, invisible format characters, mixed with ASCII and Japanese.
        static let corpus: [String] = {
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("width-corpus.txt")
            let text = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }()

        init() throws {
            try requireReleaseBinary()
            try #require(Self.corpus.count >= 200)
        }

        /// What a plain tmux pane makes of `printf '%s'` of each string on a line of
        /// its own: the column the cursor reaches (read with a cursor position
        /// request) and the line as tmux then shows it.
        func printed(_ strings: [String]) throws -> [(column: Int, line: String)] {
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let input = folder + "/strings"
            let output = folder + "/columns"
            try (strings.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
            let script = """
                exec < /dev/tty
                stty -icanon -echo min 1
                clear
                while IFS= read -r s <&3; do
                    printf '%s\\033[6n' "$s"
                    IFS=';' read -r -s -d R row column
                    echo "$((column - 1))" >> \(shellQuoted(output))
                    printf '\\n'
                done 3< \(shellQuoted(input))
                echo done >> \(shellQuoted(output))
                """
            try script.write(toFile: folder + "/measure.sh", atomically: true, encoding: .utf8)
            let session = try TmuxSession(columns: 200, rows: 5, launcher: ["bash", folder + "/measure.sh", "#"])
            let deadline = Date().addingTimeInterval(30)
            var columns: [String] = []
            while Date() < deadline {
                columns = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
                if columns.last == "done" { break }
                usleep(50_000)
            }
            try #require(columns.last == "done", "the printf measurement finished")
            let lines = try session.screen(history: true)
            let start = try #require(lines.firstIndex { !$0.isEmpty })
            return zip(columns.dropLast(), lines[start...]).map { (Int($0) ?? -1, $1) }
        }

        /// `text` as chat-tui hands it to ncurses, whose cells hold five code points:
        /// a longer cluster keeps its first five, less a dangling joiner.
        static func cutToCells(_ text: String) -> String {
            String(
                text.map { character -> String in
                    var scalars = Array(character.unicodeScalars)
                    guard scalars.count > 5 else { return String(character) }
                    scalars = Array(scalars.prefix(5))
                    while scalars.last == "\u{200D}" { scalars.removeLast() }
                    return String(String.UnicodeScalarView(scalars))
                }.joined())
        }

        /// `text` less the invisible format characters that are characters of
        /// their own (U+200B, the bidi marks, a lone joiner...), which chat-tui
        /// never sends: tmux keeps them in the cell before, drawing nothing.
        static func withoutInvisibleFormat(_ text: String) -> String {
            String(
                text.filter { character in
                    guard let first = character.unicodeScalars.first, first.value != 0xAD,
                        ![0x115F, 0x1160, 0x3164, 0xFFA0].contains(first.value)
                    else { return true }
                    return !(first.properties.isDefaultIgnorableCodePoint || first.properties.generalCategory == .format)
                })
        }

        /// Types and sends each string in chat-tui, and lists the strings whose caret
        /// is not where printf left the cursor, and those whose text shows otherwise.
        /// `patience` is how long a caret in the wrong column is waited on to move.
        func mismatches(
            _ strings: [String], printed: [(column: Int, line: String)], cacheHome: String? = nil,
            patience: TimeInterval = 2
        ) throws -> (drift: [String], stray: [String]) {
            let session = try TmuxSession(columns: 200, rows: 8, cacheHome: cacheHome)
            try session.waitUntilReady()
            var drift: [String] = []
            var stray: [String] = []
            for (text, printf) in zip(strings, printed) {
                try session.type(text)
                // Going to the start and back makes ncurses place the caret by
                // chat-tui's own count of columns: after typing alone, the terminal's
                // cursor simply follows what was written.
                try session.press("C-a")
                let home = Date().addingTimeInterval(patience)
                while try session.cursor().x != 0, Date() < home { usleep(20_000) }
                try session.press("C-e")
                var typed = try session.screen()
                let deadline = Date().addingTimeInterval(patience)
                // Typing is done when the composer shows the text's last character, or
                // (for one drawn as nothing) when the caret has moved on.
                while Date() < deadline {
                    typed = try session.screen()
                    let cursor = try session.cursor()
                    if cursor.x == printf.column && !typed[7].hasPrefix("Message ") { break }
                    usleep(20_000)
                }
                let cursor = try session.cursor()
                if cursor.x != printf.column {
                    drift.append("\(text): printf \(printf.column), chat-tui \(cursor.x)")
                }
                try session.press("Enter")
                let sent = try session.waitUntil("\(text) is sent", timeout: 2) { screen, cursor in
                    screen[7].hasPrefix("Message ") && cursor == (0, 7)
                }
                // The message row is the time, the sender and the text as tmux shows it
                // after printf, and nothing else; the composer showed the same.
                let shown = Self.cutToCells(Self.withoutInvisibleFormat(printf.line))
                // The text starts in column 14, under `HH:MM <alice> ` (or under the
                // time and the blanks of a message that follows one of alice's).
                var wanted = shown
                while wanted.last == " " { wanted.removeLast() }  // tmux leaves trailing blanks out
                let header = sent[5].prefix(14)
                let headerIsRight = header.hasSuffix(" <alice> ") || header.dropFirst(5).allSatisfy { $0 == " " }
                if !headerIsRight || sent[5].dropFirst(14) != wanted || typed[7] != shown {
                    stray.append(
                        "\(text): printf shows \(shown.debugDescription), the pane \(sent[5].debugDescription), "
                            + "the composer \(typed[7].debugDescription)")
                }
            }
            return (drift, stray)
        }

        @Test func theCaretIsWherePrintfLeavesTheCursorForEveryString() throws {
            let strings = Self.corpus
            let expected = try printed(strings)
            try #require(expected.count == strings.count)
            let found = try mismatches(strings, printed: expected)
            #expect(found.drift.isEmpty, "\(found.drift.count) strings drift:\n\(found.drift.joined(separator: "\n"))")
            #expect(found.stray.isEmpty, "\(found.stray.count) rows differ:\n\(found.stray.joined(separator: "\n"))")
        }

        @Test func probeReportsWhatTmuxDrawsAndCachesIt() throws {
            let cacheHome = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: cacheHome) }
            let session = try TmuxSession(columns: 250, rows: 20, arguments: ["--probe"], cacheHome: cacheHome)
            let screen = try session.waitUntil("the probe reports") { screen, _ in screen.contains("EXIT:0") }
            #expect(screen[0].hasPrefix("terminal: TERM=tmux-256color TERM_PROGRAM=tmux"))
            #expect(screen[0].hasSuffix(" tmux"))
            let rows = Dictionary(
                screen.compactMap { line -> (String, [Substring])? in
                    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                    return fields.count > 3 ? (String(fields[0]), fields) : nil
                }, uniquingKeysWith: { first, _ in first })
            #expect(rows["emojiModifier"]?.suffix(3).joined(separator: " ") == "modifier drawn separately")
            #expect(rows["newerEmoji"]?.contains("0") == true)
            #expect(rows["zwjSequence"]?.suffix(5).joined(separator: " ") == "ZWJ sequence drawn as one")
            #expect(!screen.contains { $0.contains("unexplained") || $0.contains("no answer") })
            let cached = try #require(screen.first { $0.hasPrefix("cached in ") }).dropFirst("cached in ".count)
            #expect(cached.hasPrefix(cacheHome + "/chat-tui/widths/TERM=tmux-256color"))
            #expect(try String(contentsOfFile: String(cached), encoding: .utf8).contains("\nemojiModifier 4\n"))
        }

        /// The probe is what removes the drift: with the answers of another terminal
        /// in the cache (here, one that follows Unicode), the same strings drift.
        @Test func wrongRulesAreCaughtAsDrift() throws {
            let cacheHome = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: cacheHome) }
            let probe = try TmuxSession(columns: 200, rows: 20, arguments: ["--probe"], cacheHome: cacheHome)
            let report = try probe.waitUntil("the probe reports") { screen, _ in screen.contains("EXIT:0") }
            let cached = try #require(report.first { $0.hasPrefix("cached in ") }).dropFirst("cached in ".count)
            let unicodeTerminal = [
                "emojiModifier 2", "variationSelector16 2", "variationSelector15 1", "zwjSequence 2",
                "flag 2", "keycap 2", "newerEmoji 2", "ambiguous 1", "combiningMark 1",
                "hangulJamo 2", "thai 2", "devanagari 3", "softHyphen 1",
            ]
            let header = try String(contentsOfFile: String(cached), encoding: .utf8).split(separator: "\n").prefix(2)
            try (header + unicodeTerminal.map { Substring($0) }).joined(separator: "\n")
                .appending("\n").write(toFile: String(cached), atomically: true, encoding: .utf8)

            let strings = Self.corpus
            let found = try mismatches(strings, printed: try printed(strings), cacheHome: cacheHome, patience: 0.15)
            let drift = found.drift.joined(separator: "\n")
            #expect(found.drift.count >= 50, "\(found.drift.count) strings drift with Unicode's rules in tmux:\n\(drift)")
            #expect(found.drift.contains { $0.hasPrefix("👍🏽: printf 4, chat-tui 2") }, "\(drift)")
        }
    }
}
