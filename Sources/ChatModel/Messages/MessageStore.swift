/// The messages a room holds, oldest first, stored so that a message costs little
/// more than its text: texts are packed into shared byte arenas, senders are
/// kept once each, and the rest of a message is a fixed 32-byte record. A
/// `Message` is made only when one is read, which is for the few on screen.
///
/// Messages are added at the end (as they arrive) or at the start (history read
/// back from the room), in blocks of at most `blockSize`.
public struct MessageStore: RandomAccessCollection, Sendable {
    /// The most messages in one block.
    package static let blockSize = 4096

    /// One message, without its text and sender.
    private struct Record: Sendable {
        var textStart: UInt32
        var textLength: UInt32
        /// Seconds since the epoch, or `Int64.min` for none.
        var time: Int64
        var sender: UInt32
        /// Index into `extras`, or -1.
        var extras: Int32
        var kind: MessageKind
        var isOwn: Bool
        /// 0 sent, 1 pending, 2 failed (its reason in `extras`).
        var delivery: UInt8

        static func number(of delivery: Delivery) -> UInt8 {
            switch delivery {
            case .sent: 0
            case .pending: 1
            case .failed: 2
            case .unconfirmed: 3
            case .discarded: 4
            }
        }
    }

    /// Messages in order, with their texts in one arena and what few of them
    /// carry besides, so forgetting a block forgets all of it.
    private struct Block: Sendable {
        var text: [UInt8] = []
        var records: [Record] = []
        var extras: [Extras] = []

        /// Space for a full block at once, so filling it copies nothing; what a
        /// block leaves unused is never touched, and `shrink` gives it back.
        init() {
            self.init(messages: MessageStore.blockSize, textBytes: MessageStore.blockSize * 256)
        }

        /// Space for exactly `messages` with `textBytes` of text: a block
        /// filled at once from what is known, with nothing to give back.
        init(messages: Int, textBytes: Int) {
            records.reserveCapacity(messages)
            text.reserveCapacity(textBytes)
        }

        mutating func add(_ message: Message, sender: UInt32) {
            var extra: Int32 = -1
            if Extras.needed(by: message) {
                extras.append(Extras(message))
                extra = Int32(extras.count - 1)
            }
            let start = UInt32(text.count)
            text.append(contentsOf: message.text.utf8)
            records.append(
                Record(
                    textStart: start, textLength: UInt32(text.count) - start,
                    time: message.time?.secondsSinceEpoch ?? Int64.min, sender: sender,
                    extras: extra, kind: message.kind, isOwn: message.isOwn,
                    delivery: Record.number(of: message.delivery)))
        }

        /// Gives back the room arrays grow into, once the block is full.
        mutating func shrink() {
            text = Array(unsafeUninitializedCapacity: text.count) { buffer, count in
                count = buffer.initialize(from: text).1
            }
            records = Array(unsafeUninitializedCapacity: records.count) { buffer, count in
                count = buffer.initialize(from: records).1
            }
        }
    }

    /// What few messages carry besides text: IRC formatting, unknown JSON
    /// fields, a server's id, why sending failed.
    private struct Extras: Sendable {
        var formatting: [FormatRun]
        var otherFields: [JSONMember]
        var serverID: String?
        var failure: String?

        init(
            formatting: [FormatRun] = [], otherFields: [JSONMember] = [], serverID: String? = nil,
            failure: String? = nil
        ) {
            self.formatting = formatting
            self.otherFields = otherFields
            self.serverID = serverID
            self.failure = failure
        }

        init(_ message: Message) {
            self.init(
                formatting: message.formatting, otherFields: message.otherFields, serverID: message.serverID,
                failure: message.delivery.failureReason)
        }

        static func needed(by message: Message) -> Bool {
            message.delivery.failureReason != nil || message.serverID != nil || !message.formatting.isEmpty
                || !message.otherFields.isEmpty
        }
    }

    private var blocks: [Block] = []
    /// The index of each block's first message.
    private var blockStarts: [Int] = []
    /// Every sender of a message held, or once held before the oldest were
    /// forgotten, each once.
    public private(set) var senders: [String] = []
    private var senderNumbers: [String: UInt32] = [:]
    public private(set) var endIndex = 0
    /// Counts every change to the messages held: one added, forgotten, or
    /// changed in place. What was drawn of them is stale once it moves.
    public private(set) var revision = 0
    /// Counts the changes made to messages in place (`update`, a delivery):
    /// a layout made of a message is stale once it moves, though no message
    /// came or went.
    public private(set) var edits = 0

    public init() {}

    public var startIndex: Int { 0 }

    public subscript(index: Int) -> Message {
        precondition(index >= 0 && index < endIndex, "message index out of range")
        let block = blockIndex(holding: index)
        let record = blocks[block].records[index - blockStarts[block]]
        let start = Int(record.textStart)
        let text = blocks[block].text.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<start + Int(record.textLength)]), as: UTF8.self)
        }
        let extra = record.extras >= 0 ? blocks[block].extras[Int(record.extras)] : nil
        let delivery: Delivery =
            switch record.delivery {
            case 1: .pending
            case 2: .failed(extra?.failure ?? "")
            case 3: .unconfirmed(extra?.failure ?? "")
            case 4: .discarded
            default: .sent
            }
        return Message(
            sender: senders[Int(record.sender)], text: text,
            time: record.time == Int64.min ? nil : Timestamp(secondsSinceEpoch: record.time),
            kind: record.kind, isOwn: record.isOwn, formatting: extra?.formatting ?? [],
            otherFields: extra?.otherFields ?? [], serverID: extra?.serverID, delivery: delivery)
    }

    /// Records how far message `index` has got, and the id its server gave it.
    public mutating func update(at index: Int, delivery: Delivery, serverID: String? = nil) {
        precondition(index >= 0 && index < endIndex, "message index out of range")
        let block = blockIndex(holding: index)
        let slot = index - blockStarts[block]
        var record = blocks[block].records[slot]
        record.delivery = Record.number(of: delivery)
        let failure = delivery.failureReason
        if record.extras >= 0 {
            blocks[block].extras[Int(record.extras)].failure = failure
            if let serverID { blocks[block].extras[Int(record.extras)].serverID = serverID }
        } else if failure != nil || serverID != nil {
            blocks[block].extras.append(Extras(serverID: serverID, failure: failure))
            record.extras = Int32(blocks[block].extras.count - 1)
        }
        blocks[block].records[slot] = record
        edits &+= 1
        revision &+= 1
    }

    /// Adds `message` after the others.
    public mutating func append(_ message: Message) {
        if blocks.isEmpty || blocks[blocks.count - 1].records.count >= Self.blockSize
            || blocks[blocks.count - 1].text.count + message.text.utf8.count > Int(UInt32.max)
        {
            if !blocks.isEmpty { blocks[blocks.count - 1].shrink() }
            blocks.append(Block())
            blockStarts.append(endIndex)
        }
        blocks[blocks.count - 1].add(message, sender: register(message))
        endIndex += 1
        revision &+= 1
    }

    /// Adds `older` before the others, in their order.
    public mutating func prepend(contentsOf older: [Message]) {
        guard !older.isEmpty else { return }
        var newBlocks: [Block] = []
        for start in stride(from: 0, to: older.count, by: Self.blockSize) {
            let chunk = older[start..<Swift.min(older.count, start + Self.blockSize)]
            // Sized exactly: a block reserved for the most and then shrunk
            // leaves holes that reading far back would pile up.
            var block = Block(messages: chunk.count, textBytes: chunk.reduce(0) { $0 + $1.text.utf8.count })
            for message in chunk { block.add(message, sender: register(message)) }
            newBlocks.append(block)
        }
        blocks.insert(contentsOf: newBlocks, at: 0)
        endIndex += older.count
        revision &+= 1
        var start = 0
        blockStarts = blocks.map { block in
            defer { start += block.records.count }
            return start
        }
    }

    /// How many messages carry extras (an id, formatting…), all blocks together.
    package var extrasHeld: Int { blocks.reduce(0) { $0 + $1.extras.count } }

    /// How many messages `removeOldestBlock` would forget.
    public var oldestBlockCount: Int { blocks.first?.records.count ?? 0 }

    /// Forgets the oldest block of messages and returns how many it held: how a
    /// long replay keeps its memory bounded. Senders and formatting are kept.
    public mutating func removeOldestBlock() -> Int {
        guard !blocks.isEmpty else { return 0 }
        let removed = blocks.removeFirst().records.count
        blockStarts.removeFirst()
        for index in blockStarts.indices { blockStarts[index] -= removed }
        endIndex -= removed
        revision &+= 1
        return removed
    }

    /// How many messages `removeNewestBlock` would forget.
    public var newestBlockCount: Int { blocks.last?.records.count ?? 0 }

    /// Forgets the newest block of messages and returns how many it held: how
    /// a room reading far back keeps its memory bounded. What comes after is
    /// added again with `append`, into new blocks.
    public mutating func removeNewestBlock() -> Int {
        guard let removed = blocks.popLast()?.records.count else { return 0 }
        blockStarts.removeLast()
        endIndex -= removed
        revision &+= 1
        return removed
    }

    /// Forgets every message.
    public mutating func removeAll() {
        let revision = revision
        let edits = edits
        self = MessageStore()
        self.revision = revision &+ 1
        self.edits = edits
    }

    /// The number of the message's sender, registering it when new.
    private mutating func register(_ message: Message) -> UInt32 {
        let sender: UInt32
        if let number = senderNumbers[message.sender] {
            sender = number
        } else {
            sender = UInt32(senders.count)
            senders.append(message.sender)
            senderNumbers[message.sender] = sender
        }
        return sender
    }

    /// The block that holds message `index`: the last starting at or before it.
    private func blockIndex(holding index: Int) -> Int {
        var low = 0
        var high = blockStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if blockStarts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
