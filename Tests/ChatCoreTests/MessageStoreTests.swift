import Testing
@testable import ChatCore

@Suite struct MessageStoreTests {
    func message(_ index: Int) -> Message {
        Message(sender: "user\(index % 3)", text: "message \(index) 日本語 🎉", time: index % 5 == 0 ? nil : Timestamp(secondsSinceEpoch: Int64(index)),
                kind: index % 7 == 0 ? .action : .message, isOwn: index % 4 == 0,
                formatting: index % 6 == 0 ? [FormatRun(range: 0..<3, format: TextFormat(bold: true))] : [])
    }

    @Test func messagesComeBackAsTheyWentInAcrossBlocksAtBothEnds() {
        var store = MessageStore()
        let count = MessageStore.blockSize * 2 + 100
        for index in count..<(2 * count) { store.append(message(index)) }
        store.prepend(contentsOf: (0..<count).map(message))
        #expect(store.count == 2 * count)
        for index in [0, 1, MessageStore.blockSize - 1, MessageStore.blockSize, count - 1, count, count + 1,
                      2 * count - 1] {
            #expect(store[index] == message(index), "message \(index)")
        }
        #expect(Array(store) == (0..<(2 * count)).map(message))
        store.removeAll()
        #expect(store.isEmpty)
    }
}
