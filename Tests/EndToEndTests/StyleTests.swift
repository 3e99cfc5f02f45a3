import Foundation
import Testing

extension EndToEnd {
    /// The two message styles and the colour conventions, on terminals with 256,
    /// 8 and no colours, with the real binary in tmux.
    @Suite(.serialized) struct StyleTests {
        init() throws {
            try requireReleaseBinary()
        }

        /// A session whose room already holds a message from bob, with alice's
        /// "mine" sent after it.
        func conversation(arguments: [String], launcher: [String] = []) throws -> TmuxSession {
            let dataHome = try makeTemporaryFolder()
            let rooms = dataHome + "/chat-tui/rooms"
            try FileManager.default.createDirectory(atPath: rooms, withIntermediateDirectories: true)
            let line = #"{"ts":"2026-12-02T18:11:24Z","from":"bob","text":"hello from bob"}"# + "\n"
            try line.write(toFile: rooms + "/local.jsonl", atomically: true, encoding: .utf8)
            let session = try TmuxSession(
                columns: 60, rows: 16, arguments: arguments, launcher: launcher,
                dataHome: dataHome)
            try session.waitUntil("bob's message is there") { screen, _ in screen.contains { $0.contains("hello from bob") } }
            try session.type("mine")
            try session.press("Enter")
            // Sent: in the pane, and the composer empty again (while "mine" is
            // still being typed, the composer's own row holds it).
            try session.waitUntil("alice's message is there") { screen, _ in
                screen.last?.hasPrefix("Message") == true && screen.dropLast().contains { $0.contains("mine") }
            }
            return session
        }

        @Test func bubblesPutOthersOnTheLeftAndOwnOnTheRightWithTimesBeside() throws {
            let session = try conversation(arguments: ["--style", "bubbles"])
            let screen = try session.screen()
            let top = try #require(screen.firstIndex { $0.hasPrefix(" bob") }, "bob's name above his box")
            #expect(screen[top + 1] == "╭────────────────╮")
            #expect(screen[top + 2].hasPrefix("│ hello from bob │"))
            #expect(screen[top + 3].hasPrefix("╰────────────────╯ 18:11"))
            let own = try #require(screen.firstIndex { $0.hasSuffix("│ mine │") }, "alice's box ends at the right edge")
            #expect(screen[own - 1].hasSuffix("╭──────╮") && screen[own - 1].count == 60)
            #expect(
                screen[own + 1].range(of: #"^ +\d\d:\d\d ╰──────╯$"#, options: .regularExpression) != nil,
                "the time left of the box: \(screen[own + 1])")
            let styled = try session.screen(styles: true)
            #expect(styled.contains { $0.contains("\u{1B}[32m╭──────╮") }, "own box in green")
        }

        @Test(arguments: ["lines", "bubbles"])
        func noColorLeavesBothStylesReadable(style: String) throws {
            let session = try conversation(arguments: ["--style", style], launcher: ["env", "NO_COLOR=1"])
            let styled = try session.screen(styles: true).joined(separator: "\n")
            #expect(
                styled.range(of: #"\u{1B}\[(3|4|9|10)\d?(;\d+)*m"#, options: .regularExpression) == nil,
                "no colour anywhere: \(styled.debugDescription)")
            #expect(styled.contains("hello from bob") && styled.contains("mine"))
            #expect(styled.contains("\u{1B}[1m"), "weight sets own and others' names or boxes apart")
        }

        /// `xterm` has 8 colours, `vt100` none; both must draw every part of the
        /// screen, the sender colours falling back to the few colours there are.
        @Test(arguments: [("xterm", true), ("vt100", false)])
        func fewColoursAndNoneStillDrawEverything(terminal: String, colours: Bool) throws {
            for style in ["lines", "bubbles"] {
                let session = try conversation(arguments: ["--style", style], launcher: ["env", "TERM=\(terminal)"])
                let screen = try session.screen()
                #expect(screen.contains { $0.hasPrefix("── local") && $0.hasSuffix(" alice ──") }, "\(style): \(screen)")
                #expect(screen.last?.hasPrefix("Message local") == true)
                let styled = try session.screen(styles: true).joined(separator: "\n")
                let colourCodes = styled.matches(of: /\x{1B}\[(?:\d+;)*(3\d|4\d|9\d|10\d)(?:;\d+)*m/).map { Int($0.1)! }
                    .filter { $0 != 39 && $0 != 49 }  // the terminal's own colours
                if colours {
                    #expect(colourCodes.contains(32), "\(style): own in green")
                    #expect(
                        colourCodes.allSatisfy { (30...37).contains($0) || (40...47).contains($0) },
                        "\(style): only the 8 colours: \(colourCodes)")
                } else {
                    #expect(colourCodes.isEmpty, "\(style): no colours on vt100: \(colourCodes)")
                }
            }
        }
    }
}
