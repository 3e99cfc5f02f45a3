import Foundation
import Testing

extension EndToEnd {
    /// Keys as terminals really send them, written to chat-tui's terminal byte
    /// for byte: every form of the cursor keys, keys in the same read as a paste,
    /// the mouse modes asked for, and a resize while suspended.
    @Suite(.serialized) struct KeyInputTests {
        init() throws {
            try requireReleaseBinary()
        }

        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

        @Test func aKeyInTheSameReadAsAPasteIsTheKeyItIs() throws {
            let session = try TmuxSession(columns: 40, rows: 8)
            try session.waitUntilReady()
            // Paste `abc`, then Left, in one write; then X.
            try session.pressBytes(bytes("\u{1B}[200~abc\u{1B}[201~\u{1B}[D"))
            try session.type("X")
            try session.waitUntil("Left moved the caret back over c") { screen, _ in screen.last == "abXc" }
            try session.press("C-u", "C-k")
            // Two pastes and typing in one write keep neither paste's markers.
            try session.pressBytes(bytes("\u{1B}[200~p1\u{1B}[201~\u{1B}[200~p2\u{1B}[201~p3"))
            try session.waitUntil("both pastes and the typing, unmarked") { screen, _ in screen.last == "p1p2p3" }
        }

        /// Each form a terminal may send for Left, Home, End and Delete: CSI and SS3,
        /// with an empty modifier, VT220 and rxvt numbers, the kitty protocol's keypad.
        @Test func everyFormOfTheCursorKeysMovesTheCaret() throws {
            let session = try TmuxSession(columns: 40, rows: 8)
            try session.waitUntilReady()
            let forms: [(name: String, sequence: String, expected: String)] = [
                ("CSI Left", "\u{1B}[D", "abXc"), ("SS3 Left", "\u{1B}OD", "abXc"), ("CSI 1;1 Left", "\u{1B}[1;1D", "abXc"),
                ("kitty keypad Left", "\u{1B}[57417u", "abXc"),
                ("CSI Home", "\u{1B}[H", "Xabc"), ("SS3 Home", "\u{1B}OH", "Xabc"), ("VT220 Home", "\u{1B}[1~", "Xabc"),
                ("rxvt Home", "\u{1B}[7~", "Xabc"), ("CSI 1;1 Home", "\u{1B}[1;1H", "Xabc"),
                ("CSI End", "\u{1B}[F", "abcX"), ("SS3 End", "\u{1B}OF", "abcX"), ("VT220 End", "\u{1B}[4~", "abcX"),
                ("rxvt End", "\u{1B}[8~", "abcX"),
                ("Ctrl-Left", "\u{1B}[1;5D", "Xabc"), ("rxvt Ctrl-Left", "\u{1B}Od", "Xabc"),
            ]
            for form in forms {
                try session.type("abc")
                // Home first for End, so that End has somewhere to go.
                if form.expected == "abcX" { try session.press("C-a") }
                try session.pressBytes(bytes(form.sequence))
                try session.type("X")
                try session.waitUntil("\(form.name) moves the caret") { screen, _ in screen.last == form.expected }
                try session.press("C-e", "C-u")
                try session.waitUntil("the draft is cleared") { screen, _ in screen.last?.hasPrefix("Message") == true }
            }
            try session.type("abc")
            try session.press("C-a")
            try session.pressBytes(bytes("\u{1B}[3~"))
            try session.waitUntil("Delete removes the character under the caret") { screen, _ in screen.last == "bc" }
        }

        @Test func theWheelIsAskedForButtonsInSGRAndMotionIsNot() throws {
            let session = try TmuxSession(columns: 40, rows: 8)
            try session.waitUntilReady()
            let flags = try session.mouseFlags()
            #expect(flags == ["standard": true, "button": false, "all": false, "sgr": true], "\(flags)")
            try session.press("C-c")
            try session.waitUntil("chat-tui exits") { screen, _ in screen.contains("EXIT:0") }
            #expect(try session.mouseFlags().values.allSatisfy { !$0 }, "the mouse is given back")
        }

        /// Ctrl-Z gives the terminal to the shell, which then gets the resize; on
        /// `fg` chat-tui must draw at the new size without waiting for a key.
        @Test func aResizeWhileSuspendedIsDrawnOnContinuing() throws {
            let session = try TmuxSession(columns: 60, rows: 12, shellJobControl: true)
            try session.waitUntilReady()
            try session.type("kept across the stop")
            try session.press("C-z")
            try session.waitUntil("the shell has the terminal") { _, _ in (try? session.isInAlternateScreen()) == false }
            try session.resize(columns: 44, rows: 9)
            try session.continueProgram()
            try session.waitUntil("drawn at the new size at once") { screen, _ in
                screen.count == 9 && screen[7].hasPrefix("── local ──") && screen[7].count == 44
                    && screen[8] == "kept across the stop"
            }
        }

        /// A SIGTSTP sent to chat-tui (`kill -TSTP`) stops it as Ctrl-Z does:
        /// the shell gets the terminal back, and `fg` brings the screen back.
        @Test func aStopSignalFromOutsideStopsItAsCtrlZDoes() throws {
            let session = try TmuxSession(columns: 60, rows: 12, shellJobControl: true)
            try session.waitUntilReady()
            try session.type("kept across the stop")
            let pid = try session.programPID()
            #expect(kill(pid, SIGTSTP) == 0)
            try session.waitUntil("the shell has the terminal") { _, _ in (try? session.isInAlternateScreen()) == false }
            try session.continueProgram()
            try session.waitUntil("drawn again") { screen, _ in
                screen[10].hasPrefix("── local ──") && screen[11] == "kept across the stop"
            }
        }
    }
}
