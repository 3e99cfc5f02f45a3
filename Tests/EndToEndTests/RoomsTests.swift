import Foundation
import Testing

extension EndToEnd {
    /// Several rooms in one window, as a person uses them: joined, written in,
    /// switched between, told about from the room bar, and every draft kept
    /// through a `kill -9`.
    @Suite struct RoomsTests {
        init() throws {
            try requireReleaseBinary()
        }

        /// The separator line: the row above the composer's last.
        func separator(_ screen: [String]) -> String {
            screen.last { $0.hasPrefix("──") && !$0.contains("December") } ?? ""
        }

        @Test func roomsKeepTheirDraftsTellWhatArrivedAndSurviveAKill() throws {
            let alice = try TmuxSession(columns: 80, rows: 12)
            try alice.waitUntilReady()
            for room in ["dev", "ops"] {
                try alice.type("/join \(room)")
                try alice.press("Enter")
                try alice.waitUntil("\(room) is open and shown") { screen, _ in
                    separator(screen).contains("[\(room == "dev" ? 2 : 3):\(room)]")
                }
            }
            #expect(try separator(alice.screen()).hasPrefix("── 1:local ─ 2:dev ─ [3:ops] ──"))
            try alice.type("draft in ops")
            try alice.press("M-1")
            try alice.waitUntil("Alt-1 shows local, its composer empty") { screen, _ in
                separator(screen).hasPrefix("── [1:local] ─") && screen.last?.hasPrefix("Message local") == true
            }
            try alice.type("draft in local")
            try alice.press("M-2")
            try alice.waitUntil("Alt-2 shows dev") { screen, _ in separator(screen).contains("[2:dev]") }
            try alice.type("draft in dev")
            try alice.press("M-1")
            try alice.waitUntil("local's draft is where it was left") { screen, _ in screen.last == "draft in local" }

            // bob, a second chat-tui, writes in the two rooms alice is not looking at.
            let bob = try TmuxSession(
                columns: 80, rows: 12, arguments: ["--room", "dev", "--room", "ops"], user: "bob",
                dataHome: alice.dataHome)
            try bob.waitUntilReady()
            try bob.type("deploy is done")
            try bob.press("Enter")
            try alice.waitUntil("the bar counts the message in dev") { screen, _ in
                separator(screen).contains(" 2:dev(1) ")
            }
            try bob.press("M-2")
            try bob.waitUntil("bob is in ops") { screen, _ in separator(screen).contains("[2:ops]") }
            try bob.type("alice, can you look at this?")
            try bob.press("Enter")
            let told = try alice.waitUntil("the bar marks the highlight in ops") { screen, _ in
                separator(screen).contains(" 3:ops(1!) ")
            }
            #expect(separator(told).hasPrefix("── [1:local] ─ 2:dev(1) ─ 3:ops(1!) ──"))
            try alice.press("M-a")
            try alice.waitUntil("Alt-A goes to the highlight first, with its draft") { screen, _ in
                separator(screen).contains("[3:ops]") && screen.last == "draft in ops"
                    && screen.contains { $0.hasSuffix("<bob> alice, can you look at this?") }
            }
            try alice.press("M-a")
            try alice.waitUntil("then to the room with news") { screen, _ in
                separator(screen).contains("[2:dev]") && screen.last == "draft in dev"
                    && screen.contains { $0.hasSuffix("<bob> deploy is done") }
            }

            // Every draft is on disk within a second; a kill -9 loses none.
            try alice.waitUntil("the three drafts are saved") { _, _ in
                ["local", "dev", "ops"].allSatisfy { room in
                    alice.savedDrafts(room).values.contains("draft in \(room)")
                }
            }
            kill(try alice.programPID(), SIGKILL)
            try alice.waitUntilExit(137, "chat-tui is killed")
            let again = try TmuxSession(
                columns: 80, rows: 12, arguments: ["--room", "local", "--room", "dev", "--room", "ops"],
                dataHome: alice.dataHome)
            try again.waitUntil("local's draft is back") { screen, _ in
                screen.last == "draft in local" && separator(screen).hasPrefix("── [1:local] ─ 2:dev ─ 3:ops ──")
            }
            for (key, room) in [("M-2", "dev"), ("M-3", "ops")] {
                try again.press(key)
                try again.waitUntil("\(room)'s draft is back") { screen, _ in screen.last == "draft in \(room)" }
            }
        }

        /// Keys typed in the room shown ask no other room what it waits for;
        /// a room left with a draft not yet saved still has it saved when due,
        /// however fast the keys come in the room shown.
        @Test func aDraftLeftInAnotherRoomIsSavedWhileKeysGoOn() throws {
            let session = try TmuxSession(columns: 80, rows: 10, arguments: ["--room", "local", "--room", "dev"])
            try session.waitUntil("both rooms are open") { screen, _ in
                separator(screen).hasPrefix("── [1:local] ─ 2:dev ──")
            }
            // Typed and left in one burst: the switch is read with the draft's last keys.
            try session.pressBytes(Array("left in local".utf8) + [0x1B, 0x32])
            try session.waitUntil("dev is shown") { screen, _ in separator(screen).contains("[2:dev]") }
            // Keys that change no draft, closer together than a draft waits to
            // be saved: nothing but the wait local's draft asked for can save it.
            var pressed = 0
            var saved = false
            while pressed < 400 && !saved {
                try session.press(pressed % 2 == 0 ? "Left" : "Right")
                pressed += 1
                saved = session.savedDrafts("local").values.contains("left in local")
            }
            #expect(saved, "local's draft was not saved in the \(pressed) keys pressed in dev")

            // Left in one burst again, then one key, then nothing: the wait
            // after that key still ends when the draft left is due.
            try session.pressBytes(Array("left in dev".utf8) + [0x1B, 0x31])
            try session.waitUntil("local is shown") { screen, _ in separator(screen).contains("[1:local]") }
            try session.press("Left")
            try session.waitUntil("dev's draft is saved with nothing more typed") { _, _ in
                session.savedDrafts("dev").values.contains("left in dev")
            }
        }

        @Test func partClosesARoomButNotTheLast() throws {
            let session = try TmuxSession(columns: 80, rows: 10, arguments: ["--room", "a", "--room", "b"])
            try session.waitUntil("both rooms are open") { screen, _ in
                separator(screen).hasPrefix("── [1:a] ─ 2:b ──")
            }
            try session.type("/part")
            try session.press("Enter")
            try session.waitUntil("a is closed and b shown") { screen, _ in separator(screen).hasPrefix("── b ──") }
            try session.type("/part")
            try session.press("Enter")
            try session.waitUntil("the last room stays") { screen, _ in
                screen.contains { $0.contains("this is the only room open: /quit leaves") }
            }
        }
    }
}
