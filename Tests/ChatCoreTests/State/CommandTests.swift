import Testing

@testable import ChatModel

@Suite struct CommandTests {
    func enter(_ text: String, in chat: inout Harness) {
        chat.type(text)
        chat.press(.enter)
    }

    @Test func meSendsAnAction() {
        var chat = Harness(columns: 40, rows: 10)
        enter("/me waves 👋", in: &chat)
        #expect(chat.sent == [Message(sender: "alice", text: "waves 👋", time: chat.now, kind: .action, isOwn: true)])
        #expect(chat.frame.text(ofRow: 7).hasPrefix("18:11 * alice waves 👋"))
        #expect(chat.state.composer.draft.isEmpty)
    }

    @Test func twoSlashesSendTheRestAsItIs() {
        var chat = Harness(columns: 40, rows: 10)
        enter("//usr/bin is a path", in: &chat)
        #expect(chat.state.messages.map(\.text) == ["/usr/bin is a path"])
    }

    @Test func nickChangesWhoYouSendAsAndSaysSo() {
        var chat = Harness(columns: 40, rows: 10)
        enter("/nick 花子", in: &chat)
        #expect(chat.state.nick == "花子")
        #expect(chat.effects.isEmpty, "a nick change is not a message")
        #expect(chat.frame.text(ofRow: 8).hasSuffix(" 花子 ──"))
        enter("hi", in: &chat)
        #expect(chat.state.messages.last?.sender == "花子")
    }

    @Test(arguments: [
        ("/nick", "usage: /nick NAME"),
        ("/nick two words", "cannot use 'two words' as a nick: it contains spaces or control characters"),
        ("/me", "usage: /me TEXT"),
        ("/frobnicate now", "unknown command /frobnicate: /help lists them, //frobnicate sends it as text"),
    ])
    func aBadCommandIsExplainedAndTheDraftKept(draft: String, warning: String) {
        var chat = Harness(columns: 120, rows: 10)
        enter(draft, in: &chat)
        #expect(chat.state.warning?.text == warning)
        #expect(chat.frame.text(ofRow: 8).contains(" \(warning) "))
        #expect(chat.state.composer.draft.text == draft)
        #expect(chat.effects.isEmpty, "never sent as a message")
        #expect(chat.state.messages.allSatisfy { $0.kind == .system }, "the pane holds only the explanation")
        chat.press(.control("u"))
        enter("fine now", in: &chat)
        #expect(chat.state.warning == nil)
    }

    /// The pane's rows as one text, rows joined by spaces and blanks run together.
    func paneText(_ chat: Harness) -> String {
        let rows = chat.state.screenLayout(for: chat.layout).paneRows
        return rows.map { chat.frame.text(ofRow: $0) }.joined(separator: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test(arguments: [40, 52, 80, 100, 120])
    func everyExplanationCanBeReadAtAnyWidth(columns: Int) {
        for (draft, explanation) in [
            ("/nosuch", "unknown command /nosuch: /help lists them, //nosuch sends it as text"),
            ("/nick two words", "cannot use 'two words' as a nick: it contains spaces or control characters"),
            ("/clear now", "usage: /clear (it takes nothing after it)"),
        ] {
            var chat = Harness(columns: columns, rows: 12)
            enter(draft, in: &chat)
            #expect(paneText(chat).contains(explanation), "\(draft) at \(columns) columns: \(paneText(chat))")
            #expect(chat.state.composer.draft.text == draft, "the draft is kept to fix")
            let separator = chat.frame.text(ofRow: chat.state.screenLayout(for: chat.layout).separatorRow!)
            #expect(separator.contains(" \(explanation.prefix(6))"), "the separator starts saying it: \(separator)")
        }
    }

    @Test func commandsAreMatchedWithoutRegardToCase() {
        var chat = Harness(columns: 60, rows: 10)
        enter("/NICK bob", in: &chat)
        #expect(chat.state.nick == "bob")
        enter("/Me waves", in: &chat)
        #expect(chat.sent.last == Message(sender: "bob", text: "waves", time: chat.now, kind: .action, isOwn: true))
        enter("/QUIT", in: &chat)
        #expect(chat.effects.last == .quit)
    }

    @Test func helpListsTheCommandsInThePaneWithoutSendingAnything() {
        var chat = Harness(columns: 80, rows: 50)
        enter("/help", in: &chat)
        #expect(chat.effects.isEmpty)
        let pane = (0..<48).map { chat.frame.text(ofRow: $0) }.joined(separator: "\n")
        for command in ["/nick NAME", "/me TEXT", "/clear", "/quit", "//text", "/msg NICK TEXT"] {
            #expect(pane.contains(command))
        }
    }

    @Test func clearEmptiesTheViewOnly() {
        var chat = Harness(columns: 40, rows: 10)
        enter("one", in: &chat)
        enter("/clear", in: &chat)
        #expect(chat.state.messages.isEmpty)
        #expect(chat.effects.count == 1, "only the first message was sent; the room keeps it")
        enter("two", in: &chat)
        #expect(chat.state.messages.map(\.text) == ["two"])
    }
}
