import Testing

@testable import ChatCore
@testable import ChatModel

/// Sending through the outbox: each message goes out with its own id and is
/// answered by that id, under either rule a link chooses.
@Suite struct OutboxTests {
    let now = Timestamp(secondsSinceEpoch: 1_796_235_084)

    @Test func aNetworkRoomShowsEachMessageAtOnceAsPendingAndEmptiesTheComposer() {
        var state = ChatState(
            room: "#dev", nick: "alice", size: TerminalSize(columns: 40, rows: 10),
            sendRule: .showPending)
        state.apply(.text("first"), now: now)
        let first = sends(in: state.apply(.key(.enter), now: now))
        state.apply(.text("second"), now: now)
        let second = sends(in: state.apply(.key(.enter), now: now))
        #expect(first.count == 1 && second.count == 1, "a second Enter does not wait for the first answer")
        #expect(first[0].0 != second[0].0, "each message has an id of its own")
        #expect(state.composer.draft.isEmpty)
        #expect(state.messages.map(\.text) == ["first", "second"])
        #expect(state.messages.map(\.delivery) == [.pending, .pending])
        #expect(state.outbox.entries.map(\.id) == [first[0].0, second[0].0])
        #expect(state.sentHistory == ["first", "second"], "Up finds it at once")

        // Answers come by id, in any order.
        state.apply(.delivered(second[0].0, serverID: "msg-2"), now: now)
        #expect(state.messages.map(\.delivery) == [.pending, .sent])
        #expect(state.messages[1].serverID == "msg-2")
        state.apply(.deliveryFailed(first[0].0, "the link is down"), now: now)
        #expect(state.messages.map(\.delivery) == [.failed("the link is down"), .sent])
        #expect(state.outbox.entries.map(\.id) == [first[0].0], "a failed message waits to be sent again")
        #expect(state.warning == nil, "the failure is shown with the message, not on the separator")
        state.apply(.text("/resend"), now: now)
        let again = sends(in: state.apply(.key(.enter), now: now))
        #expect(again.map(\.id) == [first[0].0], "/resend sends the failed one again, under its id, and nothing else")
        #expect(again.map(\.message.text) == ["first"])
        #expect(state.messages.map(\.delivery) == [.pending, .sent], "pending again")
        state.apply(.delivered(first[0].0), now: now)
        #expect(state.messages.map(\.delivery) == [.sent, .sent])
        #expect(state.outbox.isEmpty)
    }

    @Test func aMessageNeverConfirmedIsMarkedSentWhenTheNetworksHistoryShowsIt() {
        var state = ChatState(
            room: "#dev", nick: "alice", size: TerminalSize(columns: 40, rows: 10),
            sendRule: .showPending)
        state.apply(.text("did it arrive?"), now: now)
        let lost = sends(in: state.apply(.key(.enter), now: now))[0].0
        state.apply(.text("refused"), now: now)
        let refused = sends(in: state.apply(.key(.enter), now: now))[0].0
        state.apply(.deliveryUnconfirmed(lost, "the connection was lost"), now: now)
        state.apply(.deliveryFailed(refused, "cannot send to channel"), now: now)
        #expect(state.messages.map(\.delivery) == [.unconfirmed("the connection was lost"), .failed("cannot send to channel")])
        // Someone else saying the same is not the user's message arriving.
        state.apply(.received(Message(sender: "bob", text: "did it arrive?", time: now)), now: now)
        #expect(state.outbox.entries.count == 2)
        // The history after reconnecting holds the user's message: it was said.
        state.apply(.received(Message(sender: "alice", text: "did it arrive?", time: now, isOwn: true, serverID: "m7")), now: now)
        #expect(state.outbox.entries.map(\.id) == [refused], "confirmed by the history, and only that one")
        #expect(state.messages.filter { $0.text == "did it arrive?" && $0.isOwn }.count == 1, "shown once")
        #expect(state.messages[0].delivery == .sent && state.messages[0].serverID == "m7")
        // A refused message may not have arrived: the same words said again are a new message.
        state.apply(.received(Message(sender: "alice", text: "refused", time: now, isOwn: true)), now: now)
        #expect(state.outbox.entries.map(\.id) == [refused])
        #expect(state.messages.filter { $0.text == "refused" }.count == 2)
    }

    @Test func aMessageRestoredAfterAKillIsMarkedSentWhenTheHistoryShowsIt() {
        var state = ChatState(
            room: "#dev", nick: "alice", size: TerminalSize(columns: 40, rows: 10),
            sendRule: .showPending)
        state.apply(.outboxRestored([Message(sender: "alice", text: "before the kill", time: now, isOwn: true)]), now: now)
        #expect(state.outbox.entries.count == 1)
        state.apply(.received(Message(sender: "alice", text: "before the kill", time: now, isOwn: true)), now: now)
        #expect(state.outbox.isEmpty)
        #expect(state.messages.map(\.delivery) == [.sent])
    }

    /// A private room with three messages sent: the first refused, the
    /// second not confirmed for `reason`, the third still on its way.
    func threeSent(unconfirmedBecause reason: String) -> (ChatState, [LocalID]) {
        var state = ChatState(room: "nobody", nick: "alice", size: TerminalSize(columns: 80, rows: 12), sendRule: .showPending)
        var ids: [LocalID] = []
        for text in ["refused", "lost", "on its way"] {
            state.apply(.text(text), now: now)
            ids.append(sends(in: state.apply(.key(.enter), now: now))[0].0)
        }
        state.apply(.deliveryFailed(ids[0], "nobody: No such nick"), now: now)
        state.apply(.deliveryUnconfirmed(ids[1], reason), now: now)
        return (state, ids)
    }

    /// The outbox as kept on disk and read back at the next start (or when a
    /// room opens again): a refused message keeps its reason, one that may
    /// have arrived says so, and only one still pending when chat-tui ended
    /// says that it ended.
    @Test func anOutboxReadBackKeepsEachMessagesReason() throws {
        let (state, _) = threeSent(unconfirmedBecause: "the connection was lost before the server echoed it")
        let kept = state.outbox.entries.map { Transcript.encode(unsent: $0.message, delivery: $0.delivery) }
        let read = kept.map { try! #require(Transcript.decodeUnsent($0[...])) }

        var again = ChatState(room: "nobody", nick: "alicia", size: TerminalSize(columns: 120, rows: 12), sendRule: .showPending)
        again.apply(.outboxRestored(read), now: now)
        #expect(
            again.messages.map(\.delivery) == [
                .failed("nobody: No such nick"),
                .unconfirmed("the connection was lost before the server echoed it"),
                .unconfirmed(Room.endedUnconfirmed),
            ])
        #expect(again.messages.map(\.sender) == ["alice", "alice", "alice"], "written under the nick of then")
        let screen = (0..<12).map { trimmed(ChatView(clock: .utc).frame(for: again), $0) }
        #expect(screen.contains { $0.hasSuffix("not sent: nobody: No such nick (/resend)") })
        #expect(screen.contains { $0.hasSuffix("not confirmed: the connection was lost before the server echoed it (/resend)") })
        #expect(!screen.contains { $0.contains("not sent: not confirmed") }, "\(screen)")
    }

    /// What an earlier run left in the outbox is shown at its time among the
    /// history read, not after it, and `/resend` and the answer to it still
    /// reach the message shown.
    @Test func anOutboxReadBackIsShownAtItsTimeAmongTheHistory() {
        var state = ChatState(room: "#dev", nick: "alice", size: TerminalSize(columns: 80, rows: 12), sendRule: .showPending)
        let at = { (seconds: Int64) in Timestamp(secondsSinceEpoch: self.now.secondsSinceEpoch + seconds) }
        let history = [
            Message(sender: "bob", text: "one", time: at(10)),
            Message(sender: "bob", text: "three", time: at(30)),
            Message(sender: "bob", text: "four", time: at(30)),
        ]
        state.apply(.history(history, reachedStart: true), now: now)
        var left = Message(sender: "alice", text: "two", time: at(20), isOwn: true)
        left.delivery = .failed("No such nick")
        let late = Message(sender: "alice", text: "five", time: at(40), isOwn: true)
        state.apply(.outboxRestored([late, left]), now: now)
        #expect(state.messages.map(\.text) == ["one", "two", "three", "four", "five"])
        #expect(state.messages[1].delivery == .failed("No such nick"))
        #expect(state.messages[4].delivery == .unconfirmed(Room.endedUnconfirmed))
        let shown = state.outbox.entries.map { $0.shownAs.flatMap(state.messageIndex(forID:)) }
        #expect(shown == [4, 1], "each outbox entry knows where it is shown")

        state.apply(.text("/resend"), now: now)
        let resent = sends(in: state.apply(.key(.enter), now: now))
        #expect(resent.map(\.message.text) == ["five", "two"])
        #expect(state.messages.map(\.delivery)[1] == .pending)
        state.apply(.delivered(resent[1].id, serverID: nil), now: now)
        #expect(state.messages[1].delivery == .sent)
        #expect(state.messages.map(\.text) == ["one", "two", "three", "four", "five"])
    }

    /// `/discard` lets go of what was not sent or not confirmed: it leaves
    /// the outbox (and so the disk, and the next start), stays shown as not
    /// sent, and `/resend` no longer sends it.
    @Test func discardLetsGoOfWhatWasNotSent() {
        var (state, ids) = threeSent(unconfirmedBecause: "the connection was lost")
        let revision = state.outbox.revision
        state.apply(.text("/discard"), now: now)
        #expect(state.apply(.key(.enter), now: now).isEmpty)
        #expect(state.outbox.entries.map(\.id) == [ids[2]], "the one still on its way stays")
        #expect(state.outbox.revision != revision, "written to disk again")
        #expect(state.messages.map(\.delivery) == [.discarded, .discarded, .pending])
        let screen = (0..<12).map { trimmed(ChatView(clock: .utc).frame(for: state), $0) }
        #expect(screen.filter { $0.hasSuffix("not sent (discarded)") }.count == 2, "\(screen)")
        state.apply(.text("/resend"), now: now)
        #expect(sends(in: state.apply(.key(.enter), now: now)).isEmpty, "nothing discarded is sent again")
    }

    @Test func aPendingMessageIsDimAndAFailedOneSaysWhyUnderIt() {
        var state = ChatState(
            room: "#dev", nick: "alice", size: TerminalSize(columns: 40, rows: 10),
            sendRule: .showPending)
        state.apply(.text("hello"), now: now)
        let id = sends(in: state.apply(.key(.enter), now: now))[0].0
        var frame = ChatView(clock: .utc).frame(for: state)
        let row = frame.rows.indices.first { frame.text(ofRow: $0).contains("hello") }!
        let column = Array(frame.text(ofRow: row)).firstIndex(of: "h")!
        #expect(frame.rows[row][column].style == .placeholder)
        state.apply(.deliveryFailed(id, "no route to host"), now: now)
        frame = ChatView(clock: .utc).frame(for: state)
        // The note under it takes two rows at this width: the message moves up by them.
        #expect(frame.rows[row - 2][column].style == .warning)
        #expect(trimmed(frame, row - 1).hasSuffix("not sent: no route to host"))
        #expect(trimmed(frame, row).hasSuffix("(/resend)"), "and how to send it again")
        state.apply(.delivered(id), now: now)
        frame = ChatView(clock: .utc).frame(for: state)
        #expect(!frame.rows.indices.contains { frame.text(ofRow: $0).contains("not sent") })
        #expect(frame.rows[row][column].style == .ownText)
    }

    @Test func aMessageWithAServerIDTheRoomHoldsIsNotShownTwice() {
        var state = ChatState(room: "#dev", nick: "alice", size: TerminalSize(columns: 40, rows: 10), sendRule: .showPending)
        state.apply(.history([Message(sender: "bob", text: "from the file", time: now, serverID: "x1")]), now: now)
        state.apply(.received(Message(sender: "bob", text: "from the file", time: now, serverID: "x1")), now: now)
        state.apply(.received(Message(sender: "bob", text: "new", time: now, serverID: "x2")), now: now)
        state.apply(.received(Message(sender: "bob", text: "new", time: now, serverID: "x2")), now: now)
        state.apply(.received(Message(sender: "bob", text: "no id", time: now)), now: now)
        state.apply(.received(Message(sender: "bob", text: "no id", time: now)), now: now)
        #expect(state.messages.map(\.text) == ["from the file", "new", "no id", "no id"], "only by id")
    }

    @Test func aLocalRoomKeepsTheDraftUntilTheAnswerNamesItsMessage() {
        var chat = Harness(columns: 40, rows: 10)
        chat.type("words")
        let sent = sends(in: chat.state.apply(.key(.enter), now: chat.now))
        #expect(sent.count == 1)
        #expect(chat.state.composer.draft.text == "words", "kept until stored")
        #expect(chat.state.messages.isEmpty)
        #expect(sends(in: chat.state.apply(.key(.enter), now: chat.now)).isEmpty, "one at a time")
        chat.state.apply(.delivered(LocalID(value: sent[0].0.value + 1)), now: chat.now)
        #expect(chat.state.composer.draft.text == "words", "an answer for another message changes nothing")
        chat.state.apply(.delivered(sent[0].0), now: chat.now)
        #expect(chat.state.composer.draft.isEmpty)
        #expect(chat.state.messages.map(\.delivery) == [.sent])
        #expect(chat.state.outbox.isEmpty)
    }

    @Test func theDeliveryAndServerIDAreKeptWithTheMessage() {
        var store = MessageStore()
        store.append(Message(sender: "a", text: "x", time: nil, delivery: .pending))
        store.append(Message(sender: "a", text: "y", time: nil, formatting: [FormatRun(range: 0..<1, format: .plain)]))
        #expect(store.map(\.delivery) == [.pending, .sent])
        store.update(at: 0, delivery: .failed("down"))
        store.update(at: 1, delivery: .sent, serverID: "abc")
        #expect(store.map(\.delivery) == [.failed("down"), .sent])
        #expect(store.map(\.serverID) == [nil, "abc"])
        #expect(store[1].formatting.count == 1, "what else it carried is kept")
        store.update(at: 0, delivery: .sent, serverID: "def")
        #expect(store[0].delivery == .sent && store[0].serverID == "def")
    }

    @Test func aFileLinkTellsTheUsersLinesByEveryNameTheyWroteUnder() {
        var own = OwnNames("alice")
        func marked(_ sender: String, isOwn: Bool = false) -> Bool {
            var message = Message(sender: sender, text: "", time: nil, isOwn: isOwn)
            own.mark(&message)
            return message.isOwn
        }
        #expect(marked("alice"))
        #expect(!marked("bob"))
        own.add("alicia")
        #expect(marked("alicia"))
        #expect(!marked("bob", isOwn: true))
    }
}
