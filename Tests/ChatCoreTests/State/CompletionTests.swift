import ChatModel
import Testing

@testable import ChatCore

/// Tab completes nicks (who spoke last first), /commands and #channels.
@Suite struct CompletionTests {
    let now = Timestamp(secondsSinceEpoch: 1_796_235_084)

    func room() -> ChatState {
        var state = NetworkCommandTests().networkRoom()
        state.apply(
            .completionNames(nicks: ["alice", "Bobby", "bob", "carol", "dave", "Zed"], channels: ["#dev", "#chat"]),
            now: now)
        for sender in ["bob", "carol", "alice", "Bobby"] {
            state.apply(.received(Message(sender: sender, text: "hi", time: now)), now: now)
        }
        return state
    }

    func typed(_ text: String, then keys: Key..., in state: inout ChatState) -> String {
        state.apply(.text(text), now: now)
        for key in keys { state.apply(.key(key), now: now) }
        return state.composer.draft.text
    }

    @Test func whoSpokeLastComesFirstThenTheOthersAndTabCycles() {
        var state = room()
        #expect(typed("b", then: .tab, in: &state) == "Bobby: ", "Bobby spoke after bob")
        #expect(state.composer.draft.cursor == 7)
        state.apply(.key(.tab), now: now)
        #expect(state.composer.draft.text == "bob: ")
        state.apply(.key(.tab), now: now)
        #expect(state.composer.draft.text == "Bobby: ", "around the end")
        state.apply(.key(.shift(.tab)), now: now)
        #expect(state.composer.draft.text == "bob: ", "Shift-Tab goes back")
        var quiet = room()
        #expect(typed("z", then: .tab, in: &quiet) == "Zed: ", "one who never spoke, from the room's names")
        var mine = room()
        #expect(typed("ali", then: .tab, in: &mine) == "ali", "never the user's own nick")
    }

    @Test func inTheMiddleOfAMessageANickIsFollowedByASpace() {
        var state = room()
        #expect(typed("thanks c", then: .tab, in: &state) == "thanks carol ")
        #expect(typed("and D", then: .tab, in: &state) == "thanks carol and dave ")
    }

    @Test func commandsAtTheStartAndChannelsAnywhere() {
        var command = room()
        #expect(typed("/jo", then: .tab, in: &command) == "/join ")
        var channel = room()
        #expect(typed("see #d", then: .tab, in: &channel) == "see #dev ")
        var notAtStart = room()
        #expect(typed("a /jo", then: .tab, in: &notAtStart) == "a /jo", "a command only at the start")
    }

    @Test func aTabAfterAnEditStartsAgainAndUndoTakesTheCompletionBack() {
        var state = room()
        _ = typed("b", then: .tab, in: &state)
        state.apply(.text("x "), now: now)
        #expect(typed("c", then: .tab, in: &state) == "Bobby: x carol ")
        state.apply(.key(.control("_")), now: now)
        #expect(!state.composer.draft.text.hasSuffix("carol "), "undone")
        var local = ChatState(room: "local", nick: "alice", size: TerminalSize(columns: 80, rows: 20))
        local.apply(.received(Message(sender: "erin", text: "hi", time: now)), now: now)
        #expect(typed("e", then: .tab, in: &local) == "erin: ", "a local room completes who spoke")
    }
}
