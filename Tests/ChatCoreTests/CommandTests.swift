import Testing
@testable import ChatCore

@Suite struct CommandTests {
    func enter(_ text: String, in chat: inout Harness) {
        chat.type(text)
        chat.press(.enter)
    }

    @Test func meSendsAnAction() {
        var chat = Harness(columns: 40, rows: 10)
        enter("/me waves 👋", in: &chat)
        #expect(chat.effects == [.send(Message(sender: "alice", text: "waves 👋", time: chat.now, kind: .action, isOwn: true))])
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
        #expect(chat.state.warning == warning)
        #expect(chat.frame.text(ofRow: 8).contains(" \(warning) "))
        #expect(chat.state.composer.draft.text == draft)
        #expect(chat.effects.isEmpty, "never sent as a message")
        #expect(chat.state.messages.isEmpty)
        chat.press(.control("u"))
        enter("fine now", in: &chat)
        #expect(chat.state.warning == nil)
    }

    @Test func helpListsTheCommandsInThePaneWithoutSendingAnything() {
        var chat = Harness(columns: 80, rows: 16)
        enter("/help", in: &chat)
        #expect(chat.effects.isEmpty)
        let pane = (0..<14).map { chat.frame.text(ofRow: $0) }.joined(separator: "\n")
        for command in ["/nick NAME", "/me TEXT", "/clear", "/quit", "//text"] {
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
