import Testing

@testable import ChatCore
@testable import ChatModel

@Suite struct ScrollbackTests {
    /// 40x12: a one-row composer leaves a ten-row pane. Messages `m1`…`mN`, one row each.
    func chat(messages count: Int) -> Harness {
        var chat = Harness(columns: 40, rows: 12)
        for index in 1...count {
            // Untimed, so no day line or grouping changes the one row each.
            chat.state.apply(.received(Message(sender: "bob", text: "m\(index)", time: nil)), now: chat.now)
        }
        return chat
    }

    func paneTexts(_ chat: Harness) -> [String] {
        let rows = chat.state.screenLayout(for: chat.layout).paneRows
        return rows.map { row in
            let text = chat.frame.text(ofRow: row)
            return text.split(separator: " ").last.map(String.init) ?? ""
        }
    }

    @Test func pageUpShowsThePageBeforeKeepingOneRowAndPageDownComesBack() {
        var chat = chat(messages: 30)
        #expect(paneTexts(chat).first == "m21")
        chat.press(.pageUp)
        #expect(chat.state.scrolledTo != nil)
        #expect(paneTexts(chat).first == "m12", "nine rows up: one row of the page stays in view")
        chat.press(.pageUp, times: 5)
        #expect(paneTexts(chat).first == "m1", "and no further than the first message")
        chat.press(.pageDown)
        #expect(paneTexts(chat).first == "m10")
        chat.press(.pageDown, times: 3)
        #expect(chat.state.scrolledTo == nil, "back at the newest rows it follows them again")
        #expect(paneTexts(chat).last == "m30")
    }

    @Test func readingBackNearTheFirstMessageHeldAsksForOlderOnesAndKeepsTheView() {
        var chat = chat(messages: 300)
        let atBottom = chat.state.wantsOlderMessages
        #expect(!atBottom)
        chat.press(.pageUp, times: 12)
        let wants = chat.state.wantsOlderMessages
        #expect(wants, "within \(Room.historyMargin) messages of the first")
        let before = paneTexts(chat)
        let older = (1...1000).map { Message(sender: "bob", text: "old\($0)", time: nil) }
        chat.state.apply(.history(older), now: chat.now)
        #expect(paneTexts(chat) == before, "what is read stays where it is")
        let stillWants = chat.state.wantsOlderMessages
        #expect(!stillWants)
    }

    @Test func theWheelScrollsThreeRowsANotch() {
        var chat = chat(messages: 30)
        chat.press(.wheelUp)
        #expect(paneTexts(chat).first == "m18")
        chat.press(.wheelUp, times: 2)
        #expect(paneTexts(chat).first == "m12")
        chat.press(.wheelDown, times: 3)
        #expect(chat.state.scrolledTo == nil)
    }

    @Test func newMessagesDoNotMoveWhatIsReadAndAreCounted() {
        var chat = chat(messages: 30)
        chat.press(.pageUp)
        let before = paneTexts(chat)
        for index in 31...33 {
            chat.state.apply(.received(Message(sender: "carol", text: "m\(index)", time: chat.now)), now: chat.now)
        }
        #expect(paneTexts(chat) == before)
        #expect(chat.state.unread == 3)
        #expect(chat.frame.text(ofRow: 10).contains(" ↓ 3 new (Esc) "))
        chat.press(.escape)
        #expect(chat.state.unread == 0)
        #expect(paneTexts(chat).last == "m33")
        #expect(!chat.frame.text(ofRow: 10).contains("new"))
    }

    @Test func aTallDraftFoldsWhileReadingBackAndTypingUnfoldsIt() {
        var chat = chat(messages: 30)
        chat.type("one two three four five six seven eight nine ten eleven twelve thirteen")
        #expect(chat.composerRows == 2)
        chat.press(.pageUp)
        #expect(chat.composerRows == 1, "folded to the caret's row")
        #expect(chat.frame.text(ofRow: 11).hasPrefix("nine ten eleven"))
        #expect(chat.frame.text(ofRow: 10).contains(" ↑ scrolled (Esc) "))
        #expect(chat.state.composer.draft.text.hasPrefix("one two"), "the draft itself is untouched")
        let top = paneTexts(chat).first
        chat.type(" fourteen")
        #expect(chat.composerRows == 3, "typing unfolds it")
        #expect(paneTexts(chat).first == top, "and the row being read stays on top")
        #expect(chat.state.scrolledTo != nil)
    }

    @Test func sendingReturnsToTheNewest() {
        var chat = chat(messages: 30)
        chat.press(.pageUp)
        chat.type("hello")
        chat.press(.enter)
        #expect(chat.state.scrolledTo == nil)
        #expect(paneTexts(chat).last == "hello")
    }

    @Test func aShortRoomDoesNotScroll() {
        var chat = chat(messages: 3)
        chat.press(.pageUp)
        #expect(chat.state.scrolledTo == nil)
        #expect(paneTexts(chat).suffix(3) == ["m1", "m2", "m3"])
    }

    @Test func scrollingWalksThroughTheRowsOfLongMessages() {
        var chat = Harness(columns: 24, rows: 8)
        // Each message wraps to four rows of its 12 text columns at 24 columns.
        for index in 1...4 {
            let text = ["a", "b", "c", "d"].map { "w\(index)" + String(repeating: $0, count: 9) }.joined(separator: " ")
            chat.state.apply(.received(Message(sender: "bob", text: text, time: nil)), now: chat.now)
        }
        #expect(chat.state.rowCount(ofMessageAt: 0) == 4)
        chat.press(.pageUp)  // a six-row pane: five rows up
        #expect(chat.state.scrolledTo == PanePosition(messageID: chat.state.messageID(at: 1), row: 1))
        #expect(chat.frame.text(ofRow: 0).hasSuffix("w2bbbbbbbbb "))
    }
}

@Suite struct OlderHistoryTests {
    @Test func readingBackAsksForOlderMessagesOnceUntilTheyCome() {
        var chat = Harness(columns: 40, rows: 10)
        let lines = (0..<300).map { Message(sender: "bob", text: "line \($0)", time: nil) }
        #expect(chat.state.apply(.history(lines), now: chat.now).isEmpty, "history never asks at once")
        var asked = 0
        for _ in 0..<40 {
            asked +=
                chat.state.apply(.key(.pageUp), now: chat.now).filter { if case .loadOlderMessages = $0 { true } else { false } }
                .count
        }
        #expect(chat.state.wantsOlderMessages)
        #expect(asked == 1, "asked once while the answer is on its way")
        chat.state.apply(
            .history([Message(sender: "bob", text: "first", time: nil)], reachedStart: true),
            now: chat.now)
        #expect(!chat.state.wantsOlderMessages, "nothing is older than the room's start")
        let more = chat.state.apply(.key(.pageUp), now: chat.now)
        #expect(!more.contains { if case .loadOlderMessages = $0 { true } else { false } })
        #expect(chat.state.messages.first?.text == "first")
    }

    @Test func aResizeWhileMoreIsWantedStillAsksForIt() {
        // Every room's answer to a resize reaches the program: an ask dropped
        // there would leave the room waiting for history never asked for.
        var room = Harness(columns: 40, rows: 10).state
        room.apply(.history((0..<300).map { Message(sender: "bob", text: "line \($0)", time: nil) }), now: Harness().now)
        var session = Session(rooms: [room])
        let now = Harness().now
        var asked = false
        while !asked {
            asked = session.apply(.key(.pageUp), now: now).contains {
                if case .loadOlderMessages = $0.effect { true } else { false }
            }
        }
        session.apply(.history([]), to: "local", now: now)
        #expect(session.focused.wantsOlderMessages, "an empty chunk leaves the pane still wanting")
        let effects = session.apply(.resize(TerminalSize(columns: 50, rows: 10)), now: now)
        #expect(
            effects == [Session.RoomEffect(room: "local", effect: .loadOlderMessages(before: session.focused.messages.first))])
    }
}

@Suite struct PassedOverTests {
    /// 40x12, ten pane rows: `count` one-row messages, `m1`…
    func chat(messages count: Int) -> Harness {
        ScrollbackTests().chat(messages: count)
    }

    @Test func linesPassedOverAreCountedAndWhatTheRoomHeldBeforeThemLetGo() {
        var chat = chat(messages: 30)
        chat.effects = []
        chat.effects += chat.state.apply(.passedOver(count: 500, unreadable: 3), now: chat.now)
        for index in 531...550 {
            chat.effects += chat.state.apply(.received(Message(sender: "bob", text: "m\(index)", time: nil)), now: chat.now)
        }
        #expect(chat.state.room.messages.map(\.text) == (531...550).map { "m\($0)" })
        #expect(chat.state.room.received == 30 + 497 + 20)
        #expect(chat.state.room.unreadableLines == 3)
        let texts = ScrollbackTests().paneTexts(chat)
        #expect(texts.last == "m550")
        #expect(!texts.contains("m30"), "nothing held from before the lines passed over")
        // The start is not held: reading back asks for what came before.
        #expect(!chat.effects.contains { if case .loadOlderMessages = $0 { true } else { false } })
        chat.press(.pageUp)
        #expect(chat.effects.contains(.loadOlderMessages(before: chat.state.room.messages.first)))
    }

    @Test func aPaneReadingBackCountsThemUnreadAndStaysAtTheOldestHeld() {
        var chat = chat(messages: 30)
        chat.press(.pageUp)
        chat.state.apply(.passedOver(count: 100, unreadable: 0), now: chat.now)
        chat.state.apply(.received(Message(sender: "bob", text: "m131", time: nil)), now: chat.now)
        #expect(chat.state.room.unread == 101)
        #expect(chat.state.scrolledTo != nil)
        #expect(ScrollbackTests().paneTexts(chat).contains("m131"))
    }
}
