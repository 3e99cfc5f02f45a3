import Testing

@testable import ChatCore
@testable import ChatModel

@Suite struct MessageStoreTests {
    func message(_ index: Int) -> Message {
        Message(
            sender: "user\(index % 3)", text: "message \(index) 日本語 🎉",
            time: index % 5 == 0 ? nil : Timestamp(secondsSinceEpoch: Int64(index)),
            kind: index % 7 == 0 ? .action : .message, isOwn: index % 4 == 0,
            formatting: index % 6 == 0 ? [FormatRun(range: 0..<3, format: TextFormat(bold: true))] : [])
    }

    @Test func messagesComeBackAsTheyWentInAcrossBlocksAtBothEnds() {
        var store = MessageStore()
        let count = MessageStore.blockSize * 2 + 100
        for index in count..<(2 * count) { store.append(message(index)) }
        store.prepend(contentsOf: (0..<count).map(message))
        #expect(store.count == 2 * count)
        for index in [
            0, 1, MessageStore.blockSize - 1, MessageStore.blockSize, count - 1, count, count + 1,
            2 * count - 1,
        ] {
            #expect(store[index] == message(index), "message \(index)")
        }
        #expect(Array(store) == (0..<(2 * count)).map(message))
        store.removeAll()
        #expect(store.isEmpty)
    }
}

@Suite struct MessageStoreForgettingTests {
    @Test func forgettingTheOldestBlockForgetsWhatItsMessagesCarriedBesides() {
        var store = MessageStore()
        let count = 3 * MessageStore.blockSize
        for index in 0..<count {
            store.append(Message(sender: "feed", text: "m\(index)", time: nil, serverID: "id\(index)"))
        }
        store.update(at: count - 1, delivery: .failed("refused"))
        #expect(store.extrasHeld == count)
        #expect(store.removeOldestBlock() == MessageStore.blockSize)
        #expect(store.extrasHeld == count - MessageStore.blockSize, "ids of forgotten messages are not kept")
        #expect(store[0].serverID == "id\(MessageStore.blockSize)")
        #expect(store[store.count - 1].serverID == "id\(count - 1)")
        #expect(store[store.count - 1].delivery == .failed("refused"))
    }

    @Test func lettingGoOfTheNewestBlockAndAddingAgainKeepsTheOrder() {
        var store = MessageStore()
        store.prepend(contentsOf: (1000..<2000).map { Message(sender: "feed", text: "m\($0)", time: nil) })
        store.prepend(contentsOf: (0..<1000).map { Message(sender: "feed", text: "m\($0)", time: nil, serverID: "id\($0)") })
        for index in 2000..<2000 + MessageStore.blockSize {
            store.append(Message(sender: "feed", text: "m\(index)", time: nil))
        }
        // Appends fill the last block (1000 read back) first, then start one.
        #expect(store.newestBlockCount == 1000)
        #expect(store.removeNewestBlock() == 1000)
        #expect(store.count == 1000 + MessageStore.blockSize)
        #expect(store.newestBlockCount == MessageStore.blockSize)
        #expect(store.removeNewestBlock() == MessageStore.blockSize)
        #expect(store.count == 1000 && store.newestBlockCount == 1000)
        store.append(Message(sender: "feed", text: "m1000", time: nil))
        #expect(store.map(\.text) == (0...1000).map { "m\($0)" })
        #expect(store[999].serverID == "id999")
        #expect(store.removeNewestBlock() == 1001)
        #expect(store.removeNewestBlock() == 0 && store.isEmpty)
    }
}

@Suite struct ScrollbackLimitTests {
    @Test func aLongReplayKeepsOnlyTheNewestMessagesAndCountsThemAll() {
        let limit = 10_000
        var state = ChatState(room: "local", nick: "me", size: TerminalSize(columns: 40, rows: 10), scrollbackLimit: limit)
        let now = Timestamp(secondsSinceEpoch: 0)
        for number in 0..<30_000 {
            state.apply(.received(Message(sender: "feed", text: "m\(number)", time: now)), now: now)
            if number == 15_000 { state.apply(.key(.pageUp), now: now) }  // reading back while it pours
        }
        #expect(state.received == 30_000)
        #expect((limit...(limit + MessageStore.blockSize)).contains(state.messages.count))
        #expect(state.messages.last?.text == "m29999")
        let first = state.messages.count
        #expect(state.messages.first?.text == "m\(30_000 - first)", "the newest are kept, in order")
        #expect(state.messageID(at: 0) == 30_000 - first, "ids go on counting")
        // The pane that was reading back stands on the oldest message left.
        #expect(state.scrolledTo.map { state.messageIndex(forID: $0.messageID) } == 0)
        #expect(state.messages.indices.allSatisfy { state.messages[$0].text == "m\(30_000 - first + $0)" })
    }

    @Test func aRoomThatLetGoOfItsOldestAsksForOlderMessagesFromBeforeTheFirstItHolds() throws {
        let limit = 1000
        var state = ChatState(room: "local", nick: "me", size: TerminalSize(columns: 40, rows: 10), scrollbackLimit: limit)
        let now = Timestamp(secondsSinceEpoch: 0)
        state.apply(.history((0..<50).map { Message(sender: "old", text: "h\($0)", time: now) }), now: now)
        for number in 0..<(limit + 2 * MessageStore.blockSize) {
            state.apply(.received(Message(sender: "feed", text: "m\(number)", time: now, serverID: "id\(number)")), now: now)
        }
        let first = try #require(state.messages.first)
        #expect(first.text != "h0", "the oldest were let go of")
        var asked: [Effect] = []
        for _ in 0..<10_000 where asked.isEmpty {
            asked = state.apply(.key(.pageUp), now: now).filter { if case .loadOlderMessages = $0 { true } else { false } }
        }
        #expect(asked == [.loadOlderMessages(before: first)], "read back from before the first message held")
        let earlier = Message(sender: "feed", text: "earlier", time: now)
        state.apply(.history([earlier]), now: now)
        asked = []
        for _ in 0..<10_000 where asked.isEmpty {
            asked = state.apply(.key(.pageUp), now: now).filter { if case .loadOlderMessages = $0 { true } else { false } }
        }
        #expect(asked == [.loadOlderMessages(before: earlier)], "then from before what history gave")
        // A message let go of no longer counts as held: given again, it is shown.
        state.apply(.received(Message(sender: "feed", text: "m0", time: now, serverID: "id0")), now: now)
        #expect(state.messages.last?.serverID == "id0")
    }

    @Test func withoutALimitNothingIsForgotten() {
        var state = ChatState(room: "local", nick: "me", size: TerminalSize(columns: 40, rows: 10))
        let now = Timestamp(secondsSinceEpoch: 0)
        for number in 0..<9000 { state.apply(.received(Message(sender: "feed", text: "m\(number)", time: now)), now: now) }
        #expect(state.messages.count == 9000)
    }
}
