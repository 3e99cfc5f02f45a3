import Testing

@testable import ChatModel

@Suite struct HistoryTests {
    var chat = Harness(columns: 60, rows: 12)

    var text: String { chat.state.composer.draft.text }

    mutating func send(_ text: String) {
        chat.type(text)
        chat.press(.enter)
    }

    @Test mutating func theDraftToKeepIsTheUnsentOneWhileWalkingOrSearching() {
        send("sent before")
        chat.type("half written")
        #expect(chat.state.unsentDraft.text == "half written")
        chat.press(.up)
        #expect(text == "sent before")
        #expect(chat.state.unsentDraft.text == "half written", "not the entry shown")
        chat.press(.down)
        chat.press(.control("r"))
        chat.type("sent")
        #expect(text == "sent before")
        #expect(chat.state.unsentDraft.text == "half written", "not the match shown")
    }

    @Test mutating func draftsLeftByOtherProcessesAreTheNewestHistoryNewestFirst() {
        send("sent before")
        chat.state.apply(.draftRestored("newest draft"), now: chat.now)
        chat.state.apply(.unsentDraftsRestored(["second newest", "oldest of them"]), now: chat.now)
        #expect(text == "newest draft")
        chat.press(.up)
        #expect(text == "second newest")
        chat.press(.up)
        #expect(text == "oldest of them")
        chat.press(.up)
        #expect(text == "sent before")
        chat.press(.down, times: 3)
        #expect(text == "newest draft", "the composer's draft is kept through the walk")
    }

    @Test mutating func theOldestEntryAsksForMoreAndTheWalkGoesOnIntoIt() {
        send("recent")
        chat.type("unsent")
        chat.press(.up)
        #expect(text == "recent")
        #expect(chat.state.wantsOlderMessages, "at the oldest entry held")
        let older = ["older one", "older two"].map { Message(sender: "alice", text: $0, time: nil, isOwn: true) }
        chat.state.apply(.history(older), now: chat.now)
        #expect(text == "recent", "loading does not move the walk")
        #expect(!chat.state.wantsOlderMessages)
        chat.press(.up)
        #expect(text == "older two")
        chat.press(.up)
        #expect(text == "older one")
        chat.press(.down, times: 3)
        #expect(text == "unsent")
    }

    @Test mutating func upAndDownWalkWhatWasSentAndTheUnsentDraftComesBack() {
        send("first")
        send("second")
        chat.type("unsent 日本")
        chat.press(.up)
        #expect(text == "second")
        chat.press(.up)
        #expect(text == "first")
        chat.press(.up)
        #expect(text == "first", "no further than the oldest")
        chat.press(.down)
        #expect(text == "second")
        chat.press(.down)
        #expect(text == "unsent 日本")
        #expect(chat.state.composer.draft.cursor == 9)
    }

    @Test mutating func editsMadeWhileWalkingAreKeptUntilSent() {
        send("first")
        chat.type("draft")
        chat.press(.up)
        chat.type(" edited")
        chat.press(.down)
        #expect(text == "draft")
        chat.press(.up)
        #expect(text == "first edited")
        chat.press(.enter)
        #expect(chat.state.sentHistory == ["first", "first edited"])
        chat.press(.up)
        #expect(text == "first edited")
        chat.press(.up)
        #expect(text == "first", "the history itself is unchanged")
    }

    @Test mutating func upInsideATallDraftMovesFirstAndWalksOnlyFromTheFirstRow() {
        send("old")
        chat.type("line one\nline two")
        chat.press(.up)
        #expect(text == "line one\nline two", "the caret went up a row")
        chat.press(.up)
        #expect(text == "old")
    }

    @Test mutating func historyComesFromTheRoomAndActionsComeBackAsMe() {
        chat.state.apply(
            .history([
                Message(sender: "alice", text: "from yesterday", time: nil, isOwn: true),
                Message(sender: "bob", text: "not mine", time: nil),
                Message(sender: "alice", text: "waves", time: nil, kind: .action, isOwn: true),
                Message(sender: "alice", text: "/not a command", time: nil, isOwn: true),
            ]), now: chat.now)
        #expect(chat.state.sentHistory == ["from yesterday", "/me waves", "//not a command"])
        chat.press(.up)
        #expect(text == "//not a command")
        chat.press(.up)
        #expect(text == "/me waves")
    }

    @Test mutating func withNothingSentUpGoesToTheStart() {
        chat.type("abc")
        chat.press(.up)
        #expect(chat.state.composer.draft.cursor == 0)
    }

    @Test mutating func ctrlRSearchesWhatWasSentAsYouType() {
        for text in ["deploy the app", "lunch at noon", "Deploy again tomorrow", "coffee"] { send(text) }
        chat.type("my draft")
        chat.press(.control("r"))
        #expect(text == "coffee", "an empty search shows the newest")
        chat.type("dep")
        #expect(text == "Deploy again tomorrow", "case does not matter")
        #expect(chat.frame.text(ofRow: 10).contains(" search: dep "))
        chat.press(.control("r"))
        #expect(text == "deploy the app", "Ctrl-R again finds the one before")
        chat.type("x")
        #expect(chat.frame.text(ofRow: 10).contains(" search: depx (no match) "))
        chat.press(.backspace)
        #expect(text == "Deploy again tomorrow")
        chat.press(.escape)
        #expect(text == "my draft", "Esc gives the search up and brings the draft back")
        #expect(chat.state.search == nil)
    }

    @Test mutating func enterKeepsTheEntryFoundWithoutSendingIt() {
        send("hello there")
        chat.press(.control("r"))
        chat.type("hell")
        chat.press(.enter)
        #expect(chat.state.search == nil)
        #expect(text == "hello there")
        #expect(chat.effects.count == 1, "only the first send")
        chat.press(.control("a"))
        #expect(chat.state.composer.draft.cursor == 0, "other keys act as usual after a search")
    }
}
