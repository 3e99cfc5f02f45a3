import ChatModel
import Testing

@testable import ChatCore

/// Commands in a network's room ask the network; in a local room, those only a
/// network has are refused with a reason and the draft kept.
@Suite struct NetworkCommandTests {
    let now = Timestamp(secondsSinceEpoch: 1_796_235_084)

    func networkRoom() -> ChatState {
        let display = Display(
            size: TerminalSize(columns: 80, rows: 20), rules: .terminal, clock: .utc,
            dateStyle: .english, messageStyle: .lines, senderColumnLimit: 12)
        return ChatState(
            room: Room(name: "#chat", nick: "alice", display: display, kind: .channel, sendRule: .showPending),
            display: display)
    }

    func enter(_ text: String, in state: inout ChatState) -> [Effect] {
        state.apply(.text(text), now: now) + state.apply(.key(.enter), now: now)
    }

    @Test func eachCommandAsksTheNetworkAndEmptiesTheComposer() {
        let cases: [(String, [Effect])] = [
            ("/msg bob hello there", [.request(.message(to: "bob", text: "hello there"))]),
            // The network decides what is one room, in its case mapping.
            ("/query bob", [.request(.query("bob"))]),
            ("/join #other", [.request(.join("#other"))]),
            ("/join other", [.request(.join("other"))]),
            ("/topic", [.request(.topic(nil))]),
            ("/topic new topic", [.request(.topic("new topic"))]),
            ("/names", [.request(.names)]),
            ("/quote MODE #chat +m", [.request(.quote("MODE #chat +m"))]),
            ("/part see you", [.request(.part(reason: "see you")), .closeRoom("#chat")]),
            ("/quit off to bed", [.request(.quit(reason: "off to bed")), .quit]),
            ("/nick alicia", [.request(.nick("alicia"))]),
        ]
        for (command, effects) in cases {
            var state = networkRoom()
            #expect(enter(command, in: &state) == effects, "\(command)")
            #expect(state.composer.draft.isEmpty, "\(command)")
        }
    }

    @Test func aNewNickTakesEffectWhenTheNetworkConfirmsIt() {
        var state = networkRoom()
        _ = enter("/nick alicia", in: &state)
        #expect(state.nick == "alice", "not before the server says so")
        state.apply(.nickChanged("alicia"), now: now)
        #expect(state.nick == "alicia")
        #expect(state.messages.last?.text == "you are now alicia")
    }

    /// The network's own room talks to the server: a message typed there
    /// has no one to go to, so it is refused with the way to say something,
    /// kept in the composer and never put in the outbox; and the room stays
    /// open while chat-tui is on the network.
    @Test func theNetworksRoomRefusesMessagesAndPartAndKeepsTheDraft() {
        let display = Display(
            size: TerminalSize(columns: 80, rows: 20), rules: .terminal, clock: .utc,
            dateStyle: .english, messageStyle: .lines, senderColumnLimit: 12)
        var state = ChatState(
            room: Room(
                name: "libera", nick: "alice", display: display, kind: .server,
                sendRule: .showPending), display: display)
        for (text, problem) in [
            ("hello?", Command.Problem.notAMessageRoom), ("/me waves", .notAMessageRoom),
            ("/part", .networkRoomStays),
        ] {
            #expect(enter(text, in: &state).isEmpty, "\(text)")
            #expect(state.composer.draft.text == text)
            #expect(state.warning == .commandProblem(problem))
            #expect(state.outbox.isEmpty)
            state.apply(.key(.control("u")), now: now)
        }
        #expect(enter("/join #chat", in: &state) == [.request(.join("#chat"))], "commands still go")
    }

    @Test func aLocalRoomRefusesWhatOnlyANetworkDoesAndKeepsTheDraft() {
        var state = ChatState(room: "local", nick: "alice", size: TerminalSize(columns: 80, rows: 20))
        for (command, name) in [("/msg bob hi", "msg"), ("/query bob", "query"), ("/names", "names"), ("/topic x", "topic")] {
            #expect(enter(command, in: &state).isEmpty)
            #expect(state.composer.draft.text == command)
            #expect(state.warning == .commandProblem(.needsNetwork(name)))
            state.apply(.key(.control("u")), now: now)
        }
        #expect(enter("/quit with words", in: &state) == [.quit], "a local room quits whatever follows")
        #expect(enter("/msg", in: &state).isEmpty)
        #expect(state.warning == .commandProblem(.usage("/msg NICK TEXT")))
    }
}

/// A network that takes each line as a message of its own asks before more
/// than five go, as irssi asks for a paste.
@Suite struct LineByLineTests {
    let now = Timestamp(secondsSinceEpoch: 1_796_235_084)

    func room(lineByLine: Bool) -> ChatState {
        var state = NetworkCommandTests().networkRoom()
        state.apply(.lineByLine(lineByLine), now: now)
        return state
    }

    @Test func moreThanFiveLinesAskFirstThenEnterSendsThemAll() {
        var state = room(lineByLine: true)
        let six = (1...6).map { "line \($0)" }.joined(separator: "\n")
        state.apply(.text(six), now: now)
        #expect(state.apply(.key(.enter), now: now).isEmpty, "asks first")
        #expect(state.confirmingLines == 6)
        #expect(state.warning == .confirmLines(6))
        #expect(state.warning?.text.contains("Enter sends them, Esc goes back to editing") == true)
        let effects = state.apply(.key(.enter), now: now)
        #expect(sends(in: effects).map(\.message.text) == [six])
        #expect(state.confirmingLines == nil && state.warning == nil)
    }

    @Test func escOrTypingGoesBackToEditingWithTheDraftWhole() {
        var state = room(lineByLine: true)
        let seven = (1...7).map { "line \($0)" }.joined(separator: "\n")
        state.apply(.text(seven), now: now)
        state.apply(.key(.enter), now: now)
        state.apply(.key(.escape), now: now)
        #expect(state.confirmingLines == nil && state.warning == nil)
        #expect(state.composer.draft.text == seven)
        state.apply(.key(.enter), now: now)
        state.apply(.text("!"), now: now)
        #expect(state.confirmingLines == nil)
        #expect(state.composer.draft.text == seven + "!")
    }

    @Test func fiveLinesOrAMultilineServerSendAtOnce() {
        var five = room(lineByLine: true)
        five.apply(.text((1...5).map { "l\($0)" }.joined(separator: "\n")), now: now)
        #expect(sends(in: five.apply(.key(.enter), now: now)).count == 1)
        var batched = room(lineByLine: false)
        batched.apply(.text((1...30).map { "l\($0)" }.joined(separator: "\n")), now: now)
        #expect(sends(in: batched.apply(.key(.enter), now: now)).count == 1, "one batch: nothing to ask")
    }
}
