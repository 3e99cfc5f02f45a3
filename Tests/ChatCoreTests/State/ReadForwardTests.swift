import Testing

@testable import ChatCore
@testable import ChatModel

/// A replay's room read far back lets go of its newest messages and reads
/// them again as the user pages forward, so its memory stays bounded both ways.
@Suite struct ReadForwardTests {
    /// A replay's link, as the program answers: every message the room was
    /// given, oldest first, read back and forward by where a message is.
    struct Spool {
        var messages: [Message] = []
        private var index: [String: Int] = [:]
        var lettingGo = 0

        mutating func add(_ message: Message) {
            index[message.text] = messages.count
            messages.append(message)
        }

        /// The answers to `effects`, as the program feeds them back.
        mutating func answers(to effects: [Effect]) -> [Event] {
            effects.compactMap { effect in
                switch effect {
                case .loadOlderMessages(let first):
                    let end = first.flatMap { index[$0.text] } ?? messages.count
                    return .history(Array(messages[max(0, end - 1000)..<end]), reachedStart: end <= 1000)
                case .loadNewerMessages(nil):
                    return .newer(Array(messages.suffix(1000)), reachedEnd: true)
                case .loadNewerMessages(let last?):
                    let start = index[last.text]! + 1
                    let end = min(messages.count, start + 1000)
                    return .newer(Array(messages[start..<end]), reachedEnd: end == messages.count)
                case .letGoOfNewer:
                    lettingGo += 1
                    return nil
                default:
                    return nil
                }
            }
        }
    }

    static let limit = 5_000
    /// The most a room holds: the limit, a block each end can be short of
    /// letting go, and a chunk read.
    static let bound = limit + 2 * MessageStore.blockSize + 1000

    /// A 40x100 replay room given `count` messages `m1`… (one row each), and its spool.
    func replay(_ count: Int) -> (chat: Harness, spool: Spool) {
        var chat = Harness(columns: 40, rows: 100)
        chat.state = ChatState(
            room: "replay", nick: "alice", size: TerminalSize(columns: 40, rows: 100),
            scrollbackLimit: Self.limit, kind: .replay)
        var spool = Spool()
        for number in 1...count {
            let message = Message(sender: "bob", text: "m\(number)", time: nil)
            spool.add(message)
            chat.state.apply(.received(message), now: chat.now)
        }
        return (chat, spool)
    }

    /// Applies `event` and the answers to what it asks, as the run loop does.
    func feed(_ event: Event, _ chat: inout Harness, _ spool: inout Spool) {
        var pending = [event]
        while !pending.isEmpty {
            let effects = chat.state.apply(pending.removeFirst(), now: chat.now)
            pending += spool.answers(to: effects)
        }
    }

    /// The numbers of the messages on the pane's rows, top to bottom.
    func shown(_ chat: Harness) -> [Int] {
        let frame = chat.frame
        return chat.state.screenLayout(for: chat.layout).paneRows.compactMap { row in
            frame.text(ofRow: row).split(separator: " ").last.flatMap { Int($0.dropFirst()) }
        }
    }

    /// The messages held are a run without gaps: numbered from the first's to the last's.
    func heldInOrder(_ chat: Harness) -> Bool {
        let messages = chat.state.messages
        guard let first = messages.first.flatMap({ Int($0.text.dropFirst()) }),
            let last = messages.last.flatMap({ Int($0.text.dropFirst()) })
        else { return false }
        return last - first + 1 == messages.count
    }

    @Test func pagingToTheFirstAndBackToTheNewestHoldsABoundedRunWithoutGaps() {
        var (chat, spool) = replay(25_000)
        #expect(chat.state.messages.count <= Self.bound)
        var most = 0
        var pages = 0
        while shown(chat).first != 1, pages < 1000 {
            feed(.key(.pageUp), &chat, &spool)
            pages += 1
            most = max(most, chat.state.messages.count)
            #expect(heldInOrder(chat))
        }
        #expect(shown(chat).first == 1, "the first message is reached, after \(pages) pages")
        #expect(most <= Self.bound, "at most \(Self.bound) held on the way back, not \(most)")
        #expect(chat.state.messages.last.map { Int($0.text.dropFirst())! }! < 25_000 - 10_000)
        #expect(spool.lettingGo > 0)
        let top = shown(chat)
        #expect(top == Array(1...top.count), "the first page shows no gap")

        var previous = shown(chat)
        most = 0
        pages = 0
        while chat.state.scrolledTo != nil, pages < 1000 {
            feed(.key(.pageDown), &chat, &spool)
            pages += 1
            most = max(most, chat.state.messages.count)
            let page = shown(chat)
            // A page down keeps the last row of the page before on top; the
            // last shows the newest rows.
            if chat.state.scrolledTo != nil {
                #expect(page.first == previous.last, "after \(previous.last ?? 0)")
            } else {
                #expect(page.last == 25_000 && page.first! <= previous.last! + 1)
            }
            #expect(page == Array(page[0]...page[0] + page.count - 1), "no gap within the page")
            previous = page
        }
        #expect(chat.state.scrolledTo == nil, "back at the newest after \(pages) pages, following them again")
        #expect(most <= Self.bound)
        #expect(shown(chat).last == 25_000)
        #expect(heldInOrder(chat))
    }

    @Test func whatArrivesOrIsToldWhileTheNewestAreNotHeldIsShownWithThemOnEsc() {
        var (chat, spool) = replay(12_000)
        while shown(chat).first != 1 { feed(.key(.pageUp), &chat, &spool) }
        #expect(chat.state.newerLeft)
        let reading = shown(chat)
        for number in 12_001...12_005 {
            let message = Message(sender: "carol", text: "m\(number)", time: nil)
            spool.add(message)
            feed(.received(message), &chat, &spool)
        }
        feed(.passedOver(count: 0, unreadable: 0), &chat, &spool)
        #expect(shown(chat) == reading, "what is read does not move")
        #expect(chat.state.unread == 5)
        #expect(chat.state.received == 12_005)
        let ids = chat.state.messages.indices.map(chat.state.messageID(at:))
        feed(.notice(.onlyRoomOpen), &chat, &spool)
        #expect(chat.state.scrolledTo == nil)
        #expect(!chat.state.newerLeft)
        #expect(chat.state.messages.count == 1001, "the newest read again, and the notice")
        #expect(chat.state.messages[999].text == "m12005")
        #expect(chat.state.messages[1000].kind == .system, "the notice comes after them")
        #expect(chat.state.messageID(at: 0) > ids.last!, "no message id is given twice")
        feed(.received(Message(sender: "carol", text: "m12006", time: nil)), &chat, &spool)
        #expect(chat.state.messages.last?.text == "m12006", "arrivals are followed again")
    }

    @Test func pagingDownStopsAtTheLastRowsHeldUntilTheNextAreRead() {
        var (chat, spool) = replay(12_000)
        while shown(chat).first != 1 { feed(.key(.pageUp), &chat, &spool) }
        let last = chat.state.messages.count
        // Unanswered, paging down goes no further than the last message held.
        for _ in 0..<(last / 90 + 5) { chat.state.apply(.key(.pageDown), now: chat.now) }
        #expect(chat.state.scrolledTo != nil, "still reading back: the newest are not held")
        #expect(shown(chat).last == Int(chat.state.messages[last - 1].text.dropFirst()))
    }
}
