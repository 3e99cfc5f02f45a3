import TestSupport
import Testing

@testable import ChatCore
@testable import ChatModel

@Suite struct ChatStateTests {
    // 21 columns: 20 for text and the last for the caret and the markers.
    let row = String(repeating: "x", count: 19) + " "

    @Test func theComposerGrowsOneRowPerWrappedLineUpToFive() {
        var chat = Harness()
        #expect(chat.composerRows == 1)
        for step in 1...7 {
            // Each `row` fills the text columns exactly, so the caret waits in
            // the last column and the draft is `step` rows tall.
            chat.type(row)
            let rows = min(step, 5)
            #expect(chat.composerRows == rows, "after \(step) rows of typing")
            #expect(chat.state.screenLayout(for: chat.layout).paneRows.count == 24 - 1 - rows)
            #expect(chat.frame.cursorRow == 23, "the caret stays on the last row while typing at the end")
        }
    }

    @Test func pastFiveRowsTheComposerScrollsToFollowTheCaret() {
        var chat = Harness()
        chat.type(String(repeating: row, count: 9) + "end")
        #expect(chat.layout.rows.count == 10)
        #expect(chat.state.composer.scrollTop == 5)
        chat.press(.control("a"))
        #expect(chat.state.composer.draft.cursor == 0)
        #expect(chat.state.composer.scrollTop == 0)
        #expect(chat.frame.cursorRow == 19)
        #expect(chat.frame.cursorColumn == 0)
        chat.press(.end)
        #expect(chat.state.composer.scrollTop == 5)
        #expect(chat.frame.cursorRow == 23)
        #expect(chat.frame.cursorColumn == 3)
    }

    @Test func upAndDownWalkTheRowsAndTheViewFollows() {
        var chat = Harness()
        chat.type(String(repeating: row, count: 9) + "end")
        for _ in 0..<9 {
            chat.press(.up)
            #expect((0..<5).contains(chat.visibleCaretRow))
        }
        #expect(chat.layout.caretRow == 0)
        #expect(chat.state.composer.scrollTop == 0)
        #expect(chat.layout.caretColumn == 3, "Up keeps the column it started from")
        chat.press(.up)
        #expect(chat.state.composer.draft.cursor == 0, "Up on the first row goes to the start")
        chat.press(.down, times: 3)
        #expect(chat.layout.caretRow == 3)
        #expect(chat.state.composer.scrollTop == 0)
        chat.press(.down, times: 3)
        #expect(chat.layout.caretRow == 6)
        #expect(chat.state.composer.scrollTop == 2)
        chat.press(.down, times: 4)
        #expect(chat.state.composer.draft.cursor == chat.state.composer.draft.characters.count)
    }

    @Test func upAndDownKeepTheGoalColumnAcrossShortRows() {
        var chat = Harness(columns: 41)
        chat.type("a long first line of text\nab\nanother long line of text")
        chat.press(.up)
        #expect(chat.layout.caretRow == 1)
        #expect(chat.layout.caretColumn == 2)
        chat.press(.up)
        #expect(chat.layout.caretColumn == 25)
        chat.press(.left)
        chat.press(.down)
        #expect(chat.layout.caretColumn == 2)
        chat.press(.down)
        #expect(chat.layout.caretColumn == 24)
    }

    @Test func upAndDownMoveByOneRowOfWideText() {
        var chat = Harness(columns: 11)
        chat.type("日本語の文章を入力します")
        #expect(chat.layout.rows.count == 3)
        chat.press(.home)
        chat.press(.right)
        chat.press(.down)
        #expect(chat.layout.caretRow == 1)
        #expect(chat.layout.caretColumn == 2)
        #expect(chat.state.composer.draft.cursor == 6)
    }

    @Test func deletingShrinksTheComposerAndSendingResetsIt() {
        var chat = Harness()
        chat.type(String(repeating: row, count: 7))
        #expect(chat.composerRows == 5)
        chat.press(.backspace, times: 20 * 3 + 1)
        #expect(chat.composerRows == 4)
        chat.press(.backspace, times: 20)
        #expect(chat.composerRows == 3)
        #expect(chat.state.composer.scrollTop == 0)
        chat.press(.enter)
        #expect(chat.composerRows == 1)
        #expect(chat.state.composer.draft.isEmpty)
        #expect(chat.state.messages.count == 1)
    }

    @Test func aRowFilledToTheTextEdgePutsTheCaretInTheLastColumn() {
        var chat = Harness()
        chat.type(String(repeating: "y", count: 20))
        #expect(chat.layout.rows.count == 1)
        #expect(chat.composerRows == 1)
        #expect(chat.frame.cursorRow == 23)
        #expect(chat.frame.cursorColumn == 20)
        chat.type("z")
        #expect(chat.composerRows == 2)
        #expect(chat.frame.cursorRow == 23)
        #expect(chat.frame.cursorColumn == 1)
        chat.press(.backspace)
        #expect(chat.composerRows == 1)
        #expect(chat.frame.cursorColumn == 20)
    }

    @Test func aFullRowEndingInASpaceMovesTheCaretToTheNextRow() {
        var chat = Harness()
        chat.type(String(repeating: "y", count: 20) + " ")
        #expect(chat.composerRows == 2)
        #expect(chat.frame.cursorRow == 23)
        #expect(chat.frame.cursorColumn == 0)
        chat.press(.left)
        #expect(chat.frame.cursorRow == 22)
        #expect(chat.frame.cursorColumn == 20)
    }

    @Test func enterSendsTheDraftAsAnOwnMessage() {
        var chat = Harness()
        chat.type("  hello\nworld  \n\n")
        chat.press(.enter)
        let message = Message(sender: "alice", text: "  hello\nworld", time: chat.now, isOwn: true)
        #expect(Array(chat.state.messages) == [message])
        #expect(chat.sent == [message])
        #expect(chat.state.composer.draft.isEmpty)
    }

    @Test func aMessageThatCannotBeStoredStaysInTheComposerUntilItIs() {
        var chat = Harness(columns: 80, rows: 10)
        chat.type("important words")
        chat.storageFailure = "No space left on device"
        chat.press(.enter)
        #expect(chat.state.messages.isEmpty)
        #expect(chat.state.composer.draft.text == "important words")
        #expect(chat.frame.text(ofRow: 8).contains("not sent: No space left on device; Enter tries again"))
        #expect(chat.frame.rows[8].contains { $0.style == .warning })
        chat.storageFailure = nil
        chat.press(.enter)
        #expect(chat.state.messages.map(\.text) == ["important words"])
        #expect(chat.state.composer.draft.isEmpty)
        #expect(!chat.frame.text(ofRow: 8).contains("not sent"))
        #expect(chat.effects.count == 2, "one attempt to send per Enter")
    }

    @Test func historyGoesBeforeWhatArrived() {
        var chat = Harness(columns: 40, rows: 10)
        chat.state.apply(.received(Message(sender: "bob", text: "new", time: chat.now)), now: chat.now)
        chat.state.apply(
            .history([
                Message(sender: "alice", text: "old", time: nil, isOwn: true),
                Message(sender: "carol", text: "older reply", time: chat.now),
            ]), now: chat.now)
        #expect(chat.state.messages.map(\.text) == ["old", "older reply", "new"])
        #expect(chat.state.messages.map(\.isOwn) == [true, false, false])
        #expect(chat.state.sentHistory == ["old"])
    }

    @Test func whetherAMessageIsTheUsersComesFromItsSourceNotFromItsName() {
        // Someone else under the user's name (a nick taken back on a network)
        // is not the user; the user's message from before a /nick still is.
        var chat = Harness(columns: 40, rows: 10)
        chat.state.apply(.received(Message(sender: "alice", text: "not me", time: chat.now)), now: chat.now)
        chat.state.apply(
            .received(Message(sender: "alicia", text: "me, before /nick", time: chat.now, isOwn: true)),
            now: chat.now)
        #expect(chat.state.messages.map(\.isOwn) == [false, true])
        #expect(chat.state.sentHistory == ["me, before /nick"])
    }

    @Test func messageIDsStayTheSameWhenHistoryIsLoadedBeforeThem() {
        var chat = Harness()
        chat.state.apply(.received(Message(sender: "bob", text: "a", time: nil)), now: chat.now)
        let id = chat.state.messageID(at: 0)
        chat.state.apply(.history([Message(sender: "bob", text: "older", time: nil)]), now: chat.now)
        #expect(chat.state.messages[1].text == "a")
        #expect(chat.state.messageID(at: 1) == id)
        #expect(chat.state.messageID(at: 0) != id)
    }

    @Test func theSeparatorCountsUnreadableLinesAndSaysWhenInputEnded() {
        var chat = Harness(columns: 80, rows: 10)
        for text in ["{broken", "{also"] {
            chat.state.apply(.unreadable(Message(sender: "replay", text: text, time: nil)), now: chat.now)
        }
        #expect(chat.frame.text(ofRow: 8).contains(" 2 unreadable lines "))
        #expect(chat.state.received == 0, "an unreadable line is not also counted as received")
        #expect(chat.state.messages.map(\.text) == ["{broken", "{also"], "and is shown")
        #expect(!chat.frame.text(ofRow: 8).contains("end of input"))
        chat.state.apply(.replayEnded, now: chat.now)
        #expect(chat.frame.text(ofRow: 8).contains(" end of input "))
        #expect(chat.frame.text(ofRow: 8).hasSuffix(" alice ──"))
    }

    @Test func aBlankDraftSendsNothingAndStays() {
        var chat = Harness()
        chat.press(.enter)
        chat.type("  \n ")
        chat.press(.enter)
        #expect(chat.state.messages.isEmpty)
        #expect(chat.effects.isEmpty)
        #expect(chat.state.composer.draft.text == "  \n ")
    }

    @Test func newlinesComeFromAltEnterAndCtrlJ() {
        var chat = Harness()
        chat.type("a")
        chat.press(.alt(.enter))
        chat.type("b")
        chat.press(.control("j"))
        chat.type("c")
        #expect(chat.state.composer.draft.text == "a\nb\nc")
        #expect(chat.composerRows == 3)
        #expect(chat.state.messages.isEmpty)
    }

    @Test func waysToQuit() {
        var ctrlC = Harness()
        ctrlC.type("draft")
        ctrlC.press(.control("c"))
        #expect(ctrlC.effects == [.quit])

        var ctrlD = Harness()
        ctrlD.type("ab")
        ctrlD.press(.home)
        ctrlD.press(.control("d"))
        #expect(!ctrlD.effects.contains(.quit))
        #expect(ctrlD.state.composer.draft.text == "b")
        ctrlD.press(.control("d"))
        ctrlD.press(.control("d"))
        #expect(ctrlD.effects == [.quit])

        var command = Harness()
        command.type("/quit ")
        command.press(.enter)
        #expect(command.effects == [.quit])
        #expect(command.state.messages.isEmpty)
    }

    @Test func aResizeReflowsTheDraftWithoutChangingIt() {
        var chat = Harness(columns: 80, rows: 24)
        let text = "The composer reflows at the new width: 日本語のテキスト, emoji 👍🏽 and a very long line of ordinary words."
        chat.type(text)
        chat.press(.left, times: 10)
        let cursor = chat.state.composer.draft.cursor
        #expect(chat.composerRows == 2)
        chat.resize(20, 10)
        #expect(chat.state.composer.draft.text == text)
        #expect(chat.state.composer.draft.cursor == cursor)
        #expect(chat.composerRows == 5)
        #expect((0..<5).contains(chat.visibleCaretRow))
        chat.resize(80, 24)
        #expect(chat.composerRows == 2)
        #expect(chat.state.composer.scrollTop == 0)
        chat.press(.enter)
        #expect(chat.state.messages.last?.text == text)
    }

    @Test func inputIsNormalised() {
        #expect(Room.normalizedInput("a\r\nb\rc\nd") == "a\nb\nc\nd")
        #expect(Room.normalizedInput("x\u{1B}[31my\u{7}\tz") == "x[31my\tz")
        #expect(Room.normalizedInput("日本👍🏽") == "日本👍🏽")
    }

    /// Text given back as it is (nothing to change) and text rebuilt both come
    /// out as this rule says: CR LF and CR become LF; control characters other
    /// than LF and tab are left out; everything else stays.
    @Test func inputIsNormalisedAsTheRuleSaysWhetherRebuiltOrNot() {
        let pieces: [String] = [
            "a", " ", "日", "👍🏽", "e\u{301}", "\n", "\t", "\r", "\r\n", "\u{1B}", "\u{7}", "\u{7F}",
            "\u{85}", "\u{9B}", "\u{2028}", "\u{200B}",
        ]
        var random = SeededGenerator(seed: 23)
        var rebuilt = 0
        for _ in 0..<2_000 {
            let text = (0..<random.next(below: 6)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            var expected = String.UnicodeScalarView()
            let scalars = Array(text.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                if scalar == "\r" {
                    expected.append("\n")
                } else if scalar == "\n" {
                    if index == 0 || scalars[index - 1] != "\r" { expected.append(scalar) }
                } else if scalar == "\t" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
                    expected.append(scalar)
                }
            }
            let normalized = Room.normalizedInput(text)
            #expect(Array(normalized.unicodeScalars) == Array(expected), "\(Array(text.unicodeScalars))")
            if Array(expected) != scalars { rebuilt += 1 }
        }
        #expect(rebuilt > 500)
    }

    @Test func receivedMessagesAreAppended() {
        var chat = Harness()
        let message = Message(sender: "bob", text: "hi", time: chat.now, isOwn: false)
        chat.state.apply(.received(message), now: chat.now)
        #expect(Array(chat.state.messages) == [message])
    }
}
