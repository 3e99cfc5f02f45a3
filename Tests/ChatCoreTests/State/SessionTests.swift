import Testing

@testable import ChatCore
@testable import ChatModel

/// Several rooms in one session: each keeps its own draft and scroll position,
/// and what arrives in the others is counted until they are looked at.
@Suite struct SessionTests {
    let now = Timestamp(secondsSinceEpoch: 1_796_235_084)
    let size = TerminalSize(columns: 80, rows: 12)

    func room(_ name: String) -> ChatState {
        ChatState(room: name, nick: "alice", size: size)
    }

    func session(_ names: String...) -> Session {
        Session(rooms: names.map(room))
    }

    func type(_ text: String, into session: inout Session) {
        session.apply(.text(text), now: now)
    }

    func message(_ text: String, from sender: String = "bob") -> Message {
        Message(sender: sender, text: text, time: now)
    }

    @Test func eachRoomKeepsItsOwnDraftAcrossSwitches() {
        var chat = session("local", "dev", "ops")
        type("for local", into: &chat)
        chat.apply(.key(.altCharacter("2")), now: now)
        #expect(chat.focused.name == "dev")
        type("for dev", into: &chat)
        chat.apply(.key(.alt(.right)), now: now)
        #expect(chat.focused.name == "ops")
        #expect(chat.focused.composer.draft.isEmpty)
        chat.apply(.key(.alt(.right)), now: now)
        #expect(chat.focused.name == "local", "Alt-Right goes round")
        #expect(chat.focused.composer.draft.text == "for local")
        chat.apply(.key(.controlPageUp), now: now)
        #expect(chat.focused.name == "ops")
        chat.apply(.key(.alt(.left)), now: now)
        #expect(chat.focused.composer.draft.text == "for dev")
        chat.apply(.key(.altCharacter("9")), now: now)
        #expect(chat.focused.name == "dev", "a number past the last room goes nowhere")
    }

    @Test func messagesInOtherRoomsAreCountedUntilLookedAtAndANamingOneRingsOnce() {
        var chat = session("local", "dev", "ops")
        chat.apply(.received(message("hi all")), to: "dev", now: now)
        chat.apply(.received(message("again")), to: "dev", now: now)
        #expect(chat.activity["dev"] == Session.Activity(unread: 2, highlights: 0))
        var effects = chat.apply(.received(message("Alice, are you there?")), to: "ops", now: now)
        #expect(effects.map(\.effect) == [.bell])
        effects = chat.apply(.received(message("alice?")), to: "ops", now: now)
        #expect(effects.isEmpty, "the bell rings once for a room until it is looked at")
        #expect(chat.activity["ops"] == Session.Activity(unread: 2, highlights: 2))
        #expect(chat.apply(.received(message("malice is not a name")), to: "dev", now: now).isEmpty)
        chat.apply(.received(message("for the room shown")), to: "local", now: now)
        #expect(chat.activity["local"] == nil, "the room shown has nothing unread")
        chat.apply(.key(.altCharacter("a")), now: now)
        #expect(chat.focused.name == "ops", "Alt-A goes to a highlight first")
        #expect(chat.activity["ops"] == nil)
        chat.apply(.key(.altCharacter("a")), now: now)
        #expect(chat.focused.name == "dev", "then to unread messages")
        chat.apply(.key(.altCharacter("a")), now: now)
        #expect(chat.focused.name == "dev", "and stays when nothing is new")
    }

    @Test func onlyWhatOthersSayCountsAsUnreadOrNamesTheUser() {
        var chat = session("local", "#chat")
        let reports = [
            Message(sender: "alice", text: "has joined #chat", time: now, kind: .join, isOwn: true),
            Message(sender: "bob", text: "has joined #chat", time: now, kind: .join),
            Message(sender: "", text: "Welcome to the network alice", time: now, kind: .system),
            Message(sender: "alice", text: "said from my phone, alice", time: now, isOwn: true),
        ]
        for report in reports {
            #expect(chat.apply(.received(report), to: "#chat", now: now).isEmpty, "no bell for \(report.text)")
        }
        #expect(chat.activity["#chat"] == nil)
        chat.apply(.received(Message(sender: "bob", text: "waves", time: now, kind: .action)), to: "#chat", now: now)
        chat.apply(
            .received(Message(sender: "NickServ", text: "alice, identify", time: now, kind: .notice)), to: "#chat", now: now)
        #expect(chat.activity["#chat"] == Session.Activity(unread: 2, highlights: 1))
    }

    @Test func joinOpensOrGoesToARoomAndPartClosesAllButTheLast() {
        var chat = session("local", "dev")
        type("/join ops", into: &chat)
        var effects = chat.apply(.key(.enter), now: now)
        #expect(effects == [Session.RoomEffect(room: "local", effect: .openRoom(try! RoomName("ops")))])
        chat.open(room("ops").room)
        #expect(chat.focused.name == "ops")
        type("/JOIN dev", into: &chat)
        effects = chat.apply(.key(.enter), now: now)
        #expect(effects.isEmpty, "an open room is gone to, not opened again")
        #expect(chat.focused.name == "dev")
        type("/part", into: &chat)
        effects = chat.apply(.key(.enter), now: now)
        #expect(effects == [Session.RoomEffect(room: "dev", effect: .closeRoom("dev"))])
        #expect(chat.rooms.map(\.name) == ["local", "ops"])
        #expect(chat.focused.name == "local", "the room before it is shown")
        chat.apply(.key(.alt(.right)), now: now)
        type("/part", into: &chat)
        chat.apply(.key(.enter), now: now)
        type("/part", into: &chat)
        effects = chat.apply(.key(.enter), now: now)
        #expect(effects.isEmpty)
        #expect(chat.rooms.map(\.name) == ["local"], "the last room stays")
        #expect(chat.focused.messages.last?.text == "this is the only room open: /quit leaves")
    }

    @Test func whatArrivesForARoomClosedMeanwhileGoesNowhere() {
        var chat = session("local", "dev")
        chat.apply(.key(.alt(.right)), now: now)
        type("/part", into: &chat)
        chat.apply(.key(.enter), now: now)
        #expect(chat.closed?.name == "dev", "the room closed is kept for its draft to be saved")
        chat.apply(.received(message("late")), to: "dev", now: now)
        #expect(chat.focused.messages.isEmpty, "not shown in the room that has the focus")
        #expect(chat.activity.isEmpty)
    }

    @Test func aBadRoomNameIsExplainedAndNothingOpens() {
        var chat = session("local")
        type("/join ../etc", into: &chat)
        #expect(chat.apply(.key(.enter), now: now).isEmpty)
        #expect(chat.focused.messages.last?.text.hasPrefix("cannot use '../etc' as a room name") == true)
        #expect(chat.focused.composer.draft.text == "/join ../etc", "kept to be fixed")
    }

    @Test func aResizeReachesEveryRoomAndTypingOnlyTheOneShown() {
        var chat = session("local", "dev")
        chat.apply(.resize(TerminalSize(columns: 40, rows: 10)), now: now)
        #expect(chat.display.size == TerminalSize(columns: 40, rows: 10))
        #expect(chat.rooms.allSatisfy { $0.composerLayout.width == 40 }, "every draft is laid out again")
        type("x", into: &chat)
        #expect(chat.rooms.map(\.composer.draft.text) == ["x", ""])
    }

    @Test func aNameIsMentionedOnlyAsAWordOfItsOwn() {
        #expect(Session.mentions("hi alice!", nick: "alice"))
        #expect(Session.mentions("ALICE: look", nick: "alice"))
        #expect(!Session.mentions("malice", nick: "alice"))
        #expect(!Session.mentions("alice_b is here", nick: "alice"))
        #expect(Session.mentions("花子さん、おはよう", nick: "花子"), "kana after a name in kanji end it")
        #expect(!Session.mentions("山田花子", nick: "花子"), "kanji before it run into it")
        #expect(Session.mentions("hey @bob.", nick: "bob"))
        #expect(!Session.mentions("bob-bot says hi", nick: "bob"), "a dash runs a Latin name on")
    }

    /// A private message is for the user as a mention is: it rings, and the
    /// room bar marks it, as in irssi and WeeChat.
    @Test func aPrivateMessageRingsAndCountsAsAMention() {
        let display = Display(
            size: TerminalSize(columns: 80, rows: 12), rules: .terminal, clock: .utc,
            dateStyle: .english, messageStyle: .lines, senderColumnLimit: 12)
        var chat = Session(
            rooms: [
                Room(name: "#chat", nick: "alice", display: display, kind: .channel),
                Room(name: "bob", nick: "alice", display: display, kind: .conversation),
            ],
            display: display)
        let effects = chat.apply(.received(message("are you there")), to: "bob", now: now)
        #expect(effects.contains { $0.effect == .bell })
        #expect(chat.activity["bob"] == Session.Activity(unread: 1, highlights: 1))
        #expect(chat.apply(.received(message("hi all")), to: "#chat", now: now).isEmpty, "a channel's line does not ring")
    }

    /// A mention marks the count of unread messages, and does not replace it.
    @Test func aMentionKeepsTheUnreadTotalInTheRoomBar() {
        var chat = session("local", "ops")
        chat.apply(.received(message("hi")), to: "ops", now: now)
        chat.apply(.received(message("alice?")), to: "ops", now: now)
        chat.apply(.received(message("still there")), to: "ops", now: now)
        chat.apply(.resize(TerminalSize(columns: 80, rows: 12)), now: now)
        #expect(ChatView(clock: .utc).frame(for: chat).text(ofRow: 10).hasPrefix("── [1:local] ─ 2:ops(3!) ──"))
    }

    @Test func theRoomBarShowsEveryRoomAndDegradesWhenNarrow() {
        var chat = session("local", "dev", "ops")
        chat.apply(.received(message("hi")), to: "dev", now: now)
        chat.apply(.received(message("alice?")), to: "ops", now: now)
        func separator(_ columns: Int) -> String {
            chat.apply(.resize(TerminalSize(columns: columns, rows: 12)), now: now)
            return ChatView(clock: .utc).frame(for: chat).text(ofRow: 10)
        }
        #expect(separator(80).hasPrefix("── [1:local] ─ 2:dev(1) ─ 3:ops(1!) ──"))
        #expect(separator(80).hasSuffix("── alice ──"))
        #expect(separator(34).hasPrefix("── [1] ─ 2(1) ─ 3(1!) ──"), "\(separator(34))")
        #expect(separator(30) == "── [1:local] ─ +2! ── alice ──")
        #expect(separator(22).hasPrefix("── [1:local] ─ +2! ──"), "\(separator(22))")
        let frame = ChatView(clock: .utc).frame(for: chat)
        #expect(frame.rows[10][16].style == .warning, "a room that named you stands out")
        chat.apply(.key(.altCharacter("3")), now: now)
        #expect(separator(80).hasPrefix("── 1:local ─ 2:dev(1) ─ [3:ops] ──"))
        #expect(
            ChatView(clock: .utc).frame(for: Session(rooms: [room("local")])).text(ofRow: 10).hasPrefix("── local ──"),
            "one room alone has no bar")
    }

    @Test func oneViewDrawsTheSeparatorAgainWhenAnythingOnItChanges() {
        // The view keeps the separator's row between frames; each change must still show.
        var chat = session("local", "dev")
        let view = ChatView(clock: .utc)
        func separator() -> String { view.frame(for: chat).text(ofRow: 10) }
        #expect(separator().hasPrefix("── [1:local] ─ 2:dev ──"))
        type("typing changes nothing on it", into: &chat)
        #expect(separator().hasPrefix("── [1:local] ─ 2:dev ──"))
        chat.apply(.received(message("news")), to: "dev", now: now)
        #expect(separator().hasPrefix("── [1:local] ─ 2:dev(1) ──"))
        chat.apply(.draftStorage(problem: .draftNotSaved(reason: "disk full")), now: now)
        #expect(separator().contains("─ draft not saved: disk full ─"))
        chat.apply(.key(.control("u")), now: now)
        type("/nick bob", into: &chat)
        chat.apply(.key(.enter), now: now)
        #expect(separator().hasSuffix("── bob ──"))
        chat.apply(.key(.altCharacter("2")), now: now)
        #expect(separator().hasPrefix("── 1:local ─ [2:dev] ──"))
        chat.apply(.linkStatus("reconnecting in 4 s"), to: "local", now: now)
        #expect(separator().hasPrefix("── 1:local (reconnecting in 4 s) ─ [2:dev] ──"), "a link's state follows its room's name")
        #expect(view.frame(for: chat).rows[10][3].style == .warning, "and stands out")
        chat.apply(.linkStatus(nil), to: "local", now: now)
        #expect(separator().hasPrefix("── 1:local ─ [2:dev] ──"))
        chat.open(room("ops").room, focus: false)
        #expect(separator().hasPrefix("── 1:local ─ [2:dev] ─ 3:ops ──"))
        // Between two frames, a room closed and another opened: as many rooms, with other names.
        chat.apply(.key(.altCharacter("3")), now: now)
        type("/part", into: &chat)
        chat.apply(.key(.enter), now: now)
        chat.open(room("日本語").room, focus: false)
        chat.apply(.key(.altCharacter("2")), now: now)
        #expect(separator().hasPrefix("── 1:local ─ [2:dev] ─ 3:日本語 ──"))
    }
}
