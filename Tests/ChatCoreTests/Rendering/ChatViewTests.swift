import Testing

@testable import ChatCore
@testable import ChatModel

@Suite struct ChatViewTests {
    @Test func atStartThePlaceholderSitsInAOneRowComposer() {
        let chat = Harness(columns: 80, rows: 24)
        let frame = chat.frame
        #expect(trimmed(frame, 23) == "Message local · Enter sends · Ctrl-J adds a line")
        #expect(frame.rows[23][0].style == .placeholder)
        #expect(frame.text(ofRow: 22).hasPrefix("── local ──"))
        #expect(frame.text(ofRow: 22).hasSuffix("── alice ──"))
        #expect(frame.text(ofRow: 22).count == 80)
        #expect((0..<22).allSatisfy { trimmed(frame, $0).isEmpty })
        #expect(frame.cursorRow == 23)
        #expect(frame.cursorColumn == 0)
    }

    @Test func storageAndOutputProblemsAndTheReceivedCountAreOnTheSeparator() {
        var chat = Harness(columns: 140, rows: 10)
        chat.state.apply(.received(Message(sender: "bob", text: "hi", time: chat.now)), now: chat.now)
        #expect(!chat.frame.text(ofRow: 8).contains("received"), "a room does not count")
        chat.state = ChatState(
            room: "local", nick: "alice", size: TerminalSize(columns: 140, rows: 10), clock: .utc,
            kind: .replay)
        #expect(!chat.frame.text(ofRow: 8).contains("received"))
        chat.state.apply(.received(Message(sender: "bob", text: "hi", time: chat.now)), now: chat.now)
        chat.state.apply(.draftStorage(problem: .draftNotSaved(reason: "No space left on device")), now: chat.now)
        chat.state.apply(.outputClosed("Broken pipe"), now: chat.now)
        #expect(
            chat.frame.text(ofRow: 8).hasPrefix(
                "── local ─ draft not saved: No space left on device ─ output closed: Broken pipe ─ 1 received ──"))
        #expect(chat.frame.rows[8][12].style == .warning)
        chat.state.apply(.draftStorage(problem: nil), now: chat.now)
        #expect(chat.frame.text(ofRow: 8).hasPrefix("── local ─ output closed: Broken pipe ─ 1 received ──"))
    }

    @Test func aSentMessageShowsTimeSenderAndTextJustAboveTheSeparator() {
        var chat = Harness(columns: 40, rows: 10)
        chat.type("hello there")
        chat.press(.enter)
        let frame = chat.frame
        #expect(trimmed(frame, 7) == "18:11 <alice> hello there")
        #expect(frame.rows[7][0].style == .time)
        #expect(frame.rows[7][6].style == .ownSender)
        #expect(frame.rows[7][14].style == .ownText)
        #expect(frame.text(ofRow: 8).hasPrefix("── local"))
        #expect(trimmed(frame, 9) == "Message local · Enter sends")
    }

    @Test func anEmptyRoomSaysWhichRoomItIsWhereItIsKeptAndWhereTheKeysAre() {
        var chat = Harness(columns: 80, rows: 8)
        chat.state = ChatState(
            room: "local", nick: "alice", size: TerminalSize(columns: 80, rows: 8),
            location: "~/.local/share/chat-tui/rooms/local.jsonl")
        #expect((0..<6).allSatisfy { trimmed(chat.frame, $0).isEmpty }, "nothing until the history is read")
        chat.state.apply(.history([]), now: chat.now)
        let hint = "room local: ~/.local/share/chat-tui/rooms/local.jsonl · /help lists the keys"
        #expect(trimmed(chat.frame, 5) == hint)
        #expect(chat.frame.rows[5][0].style == .placeholder)
        var narrow = chat
        narrow.resize(40, 8)
        #expect(
            (3...5).map { trimmed(narrow.frame, $0) } == [
                "room local:",
                "~/.local/share/chat-tui/rooms/",
                "local.jsonl · /help lists the keys",
            ], "wrapped, never cut, at any width; a path after one of its slashes")
        chat.state.apply(.received(Message(sender: "bob", text: "hi", time: chat.now)), now: chat.now)
        #expect(!(0..<6).contains { trimmed(chat.frame, $0).contains("room local:") }, "gone once a message is there")
        var history = Harness(columns: 80, rows: 8)
        history.state = ChatState(
            room: "local", nick: "alice", size: TerminalSize(columns: 80, rows: 8),
            location: "~/rooms/local.jsonl")
        history.state.apply(.history([Message(sender: "bob", text: "old", time: chat.now)]), now: chat.now)
        #expect(!(0..<6).contains { trimmed(history.frame, $0).contains("room local:") }, "only an empty room has it")
    }

    /// The network's own room takes commands: its hint says which, not "Message".
    @Test func theNetworksRoomHintsAtCommandsNotMessages() {
        let display = Display(
            size: TerminalSize(columns: 80, rows: 6), rules: .terminal, clock: .utc,
            dateStyle: .english, messageStyle: .lines, senderColumnLimit: 12)
        let state = ChatState(room: Room(name: "libera", nick: "alice", display: display, kind: .server), display: display)
        #expect(trimmed(ChatView(clock: .utc).frame(for: state), 5) == "Commands to libera · /join #channel · /help lists them")
    }

    @Test func theEmptyComposersHintDropsWholePhrasesWhenItDoesNotFit() {
        var shown: [Int: String] = [:]
        for columns in [80, 49, 48, 40, 28, 20, 15, 11, 3] {
            let chat = Harness(columns: columns, rows: 6)
            shown[columns] = trimmed(chat.frame, 5)
        }
        // Ctrl-J, as every terminal sends it (xterm takes Alt-Enter for full screen).
        #expect(shown[80] == "Message local · Enter sends · Ctrl-J adds a line")
        #expect(shown[49] == "Message local · Enter sends · Ctrl-J adds a line", "48 columns of text fit it")
        #expect(shown[48] == "Message local · Enter sends")
        #expect(shown[40] == "Message local · Enter sends")
        #expect(shown[28] == "Message local · Enter sends")
        #expect(shown[20] == "Message local")
        #expect(shown[15] == "Message local")
        #expect(shown[11] == "Message l…", "the first phrase alone is cut, ending in …")
        #expect(shown[3] == "M…")
    }

    @Test func continuationRowsAreIndentedUnderTheText() {
        var chat = Harness(columns: 30, rows: 10)
        let bob = Message(sender: "bob", text: "one two three four five six seven\nnext line", time: chat.now, isOwn: false)
        chat.state.apply(.received(bob), now: chat.now)
        let frame = chat.frame
        #expect(trimmed(frame, 5) == "18:11 <bob> one two three four")
        #expect(trimmed(frame, 6) == "            five six seven")
        #expect(trimmed(frame, 7) == "            next line")
        #expect(frame.rows[5][6].style == .otherSender)
        #expect(frame.rows[5][12].style == .plain)
    }

    @Test func theNewestMessagesAreKeptInViewAsTheComposerGrows() {
        var chat = Harness(columns: 30, rows: 8)
        for index in 1...10 {
            // Two senders in turn, so each message keeps its header.
            let message = Message(
                sender: index.isMultiple(of: 2) ? "bob" : "eve", text: "message \(index)",
                time: chat.now, isOwn: false)
            chat.state.apply(.received(message), now: chat.now)
        }
        #expect(trimmed(chat.frame, 5) == "18:11 <bob> message 10")
        chat.type("a\nb\nc")
        let frame = chat.frame
        #expect(trimmed(frame, 3) == "18:11 <bob> message 10")
        #expect(trimmed(frame, 2) == "18:11 <eve> message 9")
        #expect(frame.text(ofRow: 4).hasPrefix("──"))
    }

    @Test func aNarrowPaneShowsTheTextUnderTheHeader() {
        var chat = Harness(columns: 16, rows: 6)
        let message = Message(sender: "someone", text: "hi there", time: chat.now, isOwn: false)
        chat.state.apply(.received(message), now: chat.now)
        let frame = chat.frame
        #expect(trimmed(frame, 2) == "18:11 <someone>")
        #expect(trimmed(frame, 3) == "  hi there")
        chat.state.apply(.received(Message(sender: "someone", text: "again", time: chat.now)), now: chat.now)
        #expect(
            (0...3).map { trimmed(chat.frame, $0) } == ["18:11 <someone>", "  hi there", "18:11", "  again"],
            "the next one from the same sender keeps its time on a row of its own")
        chat.state.apply(.received(Message(sender: "someone", text: "untimed", time: nil)), now: chat.now)
        #expect(
            (0...3).map { trimmed(chat.frame, $0) } == ["18:11", "  again", "      <someone>", "  untimed"],
            "one without a time names its sender")
    }

    @Test func longSenderNamesAreCut() {
        var chat = Harness(columns: 60, rows: 6)
        let message = Message(sender: "averyveryverylongnickname", text: "x", time: chat.now, isOwn: false)
        chat.state.apply(.received(message), now: chat.now)
        #expect(trimmed(chat.frame, 3) == "18:11 <averyveryve…> x")
    }

    @Test func markersShowMoreAboveAndBelowInTheLastColumn() {
        var chat = Harness()
        chat.type(String(repeating: "word ", count: 40))
        var frame = chat.frame
        #expect(frame.text(ofRow: 19).last == "↑")
        #expect(frame.text(ofRow: 23).last != "↓")
        chat.press(.up, times: 5)
        frame = chat.frame
        #expect(frame.text(ofRow: 19).last == "↑")
        #expect(frame.text(ofRow: 23).last == "↓")
        #expect(frame.rows[23][20].style == .scrollMarker)
        chat.press(.control("a"))
        frame = chat.frame
        #expect(frame.text(ofRow: 19).last != "↑")
        #expect(frame.text(ofRow: 23).last == "↓")
    }

    @Test func aComposerFoldedToOneRowShowsMoreAboveAndBelowInOneMarker() {
        var chat = Harness(columns: 21, rows: 2)
        chat.type(String(repeating: "word ", count: 40))
        chat.press(.up, times: 5)
        let frame = chat.frame
        #expect(chat.composerRows == 1)
        #expect(frame.rows[1][20].text == "↕", "both ways in the one cell: \(frame.text(ofRow: 1))")
        #expect(frame.rows[1][20].style == .scrollMarker)
    }

    @Test func theCaretIsNeverDrawnOnAMarker() {
        // Two columns: one for text, the last for the caret and the markers.
        var chat = Harness(columns: 2, rows: 3)
        chat.type("abcdef")
        for key in [Key.left, .left, .control("e"), .control("a")] {
            chat.press(key)
            let frame = chat.frame
            let caretCell = frame.rows[frame.cursorRow][frame.cursorColumn]
            #expect(
                caretCell.style != .scrollMarker,
                "after \(key): caret at (\(frame.cursorRow), \(frame.cursorColumn)) on \(caretCell.text)")
        }
    }

    @Test func wideCharactersTakeTwoCellsAndTheCaretLandsAfterThem() {
        var chat = Harness(columns: 11, rows: 6)
        chat.type("日本語の文章")
        let frame = chat.frame
        #expect(frame.rows[4][0] == Cell(text: "日", width: 2, style: .plain))
        #expect(frame.rows[4][1].width == 0)
        #expect(trimmed(frame, 4) == "日本語の文")
        #expect(trimmed(frame, 5) == "章")
        #expect(frame.cursorRow == 5)
        #expect(frame.cursorColumn == 2)
    }

    @Test func aControlCharacterInAMessageIsShownNotSent() {
        var chat = Harness(columns: 40, rows: 5)
        let message = Message(sender: "eve\u{1B}]0;owned\u{7}", text: "a\u{1B}[2Jb", time: chat.now, isOwn: false)
        chat.state.apply(.received(message), now: chat.now)
        let row = trimmed(chat.frame, 2)
        #expect(row == "18:11 <eve␛]0;owne…> a␛[2Jb")
        #expect(!row.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func eachKindOfMessageHasItsOwnHeader() {
        var chat = Harness(columns: 50, rows: 9)
        for (kind, sender, text) in [
            (MessageKind.action, "bob", "waves"), (.notice, "bob", "a notice"),
            (.join, "carol", "(~c@host) has joined"), (.part, "carol", "has quit"),
            (.system, "", "Topic set"),
        ] {
            chat.state.apply(.received(Message(sender: sender, text: text, time: chat.now, kind: kind)), now: chat.now)
        }
        chat.state.apply(.received(Message(sender: "dave", text: "no time known", time: nil)), now: chat.now)
        #expect(
            (1...6).map { trimmed(chat.frame, $0) } == [
                "18:11   * bob waves", "18:11   -bob- a notice", "18:11     --> carol (~c@host) has joined",
                "18:11     <-- carol has quit", "18:11     -!- Topic set", "       <dave> no time known",
            ])
        #expect(chat.frame.rows[3][10].style == .event)
        #expect(chat.frame.rows[3][14].style == .event, "the name an event is about is in its text")
        #expect(chat.frame.rows[1][8].style == .otherSender)
    }

    @Test func formattingRunsReachTheCellsAcrossWrappedRows() {
        var chat = Harness(columns: 24, rows: 7)
        let bold = TextFormat(bold: true)
        let message = Message(
            sender: "bob", text: "aa bbbbbbbbbb cc", time: chat.now,
            formatting: [FormatRun(range: 3..<13, format: bold)])
        chat.state.apply(.received(message), now: chat.now)
        // `18:11 <bob> ` leaves 12 columns: "aa " and the b's do not fit together.
        let frame = chat.frame
        #expect(trimmed(frame, 2) == "18:11 <bob> aa")
        #expect(trimmed(frame, 3) == "            bbbbbbbbbb")
        #expect(trimmed(frame, 4) == "            cc")
        #expect(frame.rows[2][12].format == .plain)
        #expect((12..<22).allSatisfy { frame.rows[3][$0].format == bold })
        #expect(frame.rows[4][12].format == .plain)
    }

    @Test func theSeparatorSaysWhereInALongDraftTheCaretIs() {
        var chat = Harness(columns: 40, rows: 12)
        chat.type((1...12).map { "line \($0)" }.joined(separator: "\n"))
        #expect(chat.frame.text(ofRow: 6).contains(" row 12/12 "))
        chat.press(.up, times: 5)
        #expect(chat.frame.text(ofRow: 6).contains(" row 7/12 "))
        var short = Harness(columns: 40, rows: 12)
        short.type((1...5).map { "line \($0)" }.joined(separator: "\n"))
        #expect(!short.frame.text(ofRow: 6).contains(" row "), "no label while the draft fits")
    }

    @Test func aSendersMessagesFewMinutesApartShareOneName() {
        var chat = Harness(columns: 40, rows: 8)
        let at = { (minutes: Int64) in Timestamp(secondsSinceEpoch: chat.now.secondsSinceEpoch + minutes * 60) }
        for (sender, text, minute) in [("bob", "one", 0), ("bob", "two", 4), ("bob", "three", 20), ("eve", "four", 21)] {
            chat.state.apply(.received(Message(sender: sender, text: text, time: at(Int64(minute)))), now: chat.now)
        }
        #expect(
            (1...5).map { trimmed(chat.frame, $0) } == [
                "────── Wednesday 2 December 2026 ───────",
                "18:11 <bob> one",
                "18:15       two",
                "18:31 <bob> three",
                "18:32 <eve> four",
            ])
        #expect(chat.frame.rows[1][14].style == .event)
    }

    @Test func aLineMarksWhereTheDayChangesInJapaneseToo() {
        let tokyo = ClockFace.fixed(offsetSeconds: 9 * 3600)
        var state = ChatState(
            room: "local", nick: "alice", size: TerminalSize(columns: 40, rows: 8),
            clock: tokyo, dateStyle: .japanese)
        let evening = Timestamp(rfc3339: "2026-12-02T14:50:00Z")!  // 23:50 in Tokyo
        let midnight = Timestamp(rfc3339: "2026-12-02T15:10:00Z")!  // 00:10 the next day
        state.apply(.received(Message(sender: "bob", text: "late", time: evening)), now: evening)
        state.apply(.received(Message(sender: "bob", text: "later", time: midnight)), now: midnight)
        let frame = ChatView(clock: tokyo).frame(for: state)
        #expect(trimmed(frame, 2).contains(" 2026年12月2日(水) "))
        #expect(trimmed(frame, 3) == "23:50 <bob> late")
        #expect(trimmed(frame, 4).contains(" 2026年12月3日(木) "))
        #expect(trimmed(frame, 5) == "00:10 <bob> later", "a new day shows the header again")
    }

    @Test func framesHaveTheTerminalsShapeAtAnySize() {
        for columns in [0, 1, 2, 3, 5, 80] {
            for rows in [0, 1, 2, 3, 4, 24] {
                var chat = Harness(columns: columns, rows: rows)
                chat.type("日本語 and words 👍🏽 " + String(repeating: "z", count: 50))
                chat.state.apply(.received(Message(sender: "bob", text: "日本語", time: chat.now, isOwn: false)), now: chat.now)
                let frame = chat.frame
                #expect(frame.rows.count == rows)
                #expect(frame.rows.allSatisfy { $0.count == columns })
                if columns > 0, rows > 0 {
                    #expect((0..<rows).contains(frame.cursorRow))
                    #expect((0..<columns).contains(frame.cursorColumn))
                }
            }
        }
    }
}

@Suite struct SenderColorTests {
    @Test func aNickHasTheSameColourEveryTimeAndNicksSpreadOverThePalette() {
        #expect(SenderColor.ircColor(for: "bob") == SenderColor.ircColor(for: "bob"))
        let nicks = ["bob", "carol", "dave", "erin", "frank", "gina", "hank", "花子", "太郎", "zoe"]
        let colors = Set(nicks.map(SenderColor.ircColor(for:)))
        #expect(colors.count >= 5, "ten nicks use at least five colours")
        #expect(colors.isSubset(of: Set(SenderColor.palette)))
        #expect(!colors.contains(0) && !colors.contains(1) && !colors.contains(8), "no white, black or yellow")
    }

    @Test func othersNamesAreColouredByNickAndYoursByItsStyle() {
        var chat = Harness(columns: 40, rows: 6)
        chat.state.apply(.received(Message(sender: "bob", text: "hi", time: chat.now)), now: chat.now)
        chat.type("hello")
        chat.press(.enter)
        let frame = chat.frame
        // `<bob>` right-aligned in the column `<alice>` needs.
        #expect(frame.rows[2][8].format.foreground == SenderColor.ircColor(for: "bob"))
        #expect(frame.rows[3][6].style == .ownSender)
        #expect(frame.rows[3][6].format.foreground == nil)
    }
}
