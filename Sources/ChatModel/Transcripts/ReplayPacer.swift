/// Plays replayed messages with their original gaps divided by a speed factor, so
/// a recorded conversation can be watched as it happened. Gaps are capped, and
/// messages without a time follow the one before at once. `Item` is what is
/// played: a message, or the event that carries it.
public struct ReplayPacer<Item: Sendable>: Sendable {
    /// How many times faster than recorded to play.
    public let speed: Double
    /// The longest wait between two messages, in seconds, whatever the recording says.
    public let maxGap = 3.0

    private var queue: [(item: Item, time: Timestamp?)] = []
    private var head = 0
    /// When (on the caller's clock, in seconds) the next message is due.
    private var due: Double?
    /// The recorded time of the last message played.
    private var lastRecorded: Timestamp?

    public init(speed: Double) {
        self.speed = speed
    }

    /// True while messages wait to be played.
    public var hasWaiting: Bool { head < queue.count }

    /// Adds what was read from the input, recorded at `time`.
    public mutating func add(_ item: Item, at time: Timestamp?) {
        queue.append((item, time))
    }

    /// When the next message is due, or nil when none waits or it is due now
    /// because nothing has been played yet.
    public func nextDue() -> Double? {
        hasWaiting ? due : nil
    }

    /// What is due by `now`, in order.
    public mutating func release(now: Double) -> [Item] {
        var released: [Item] = []
        while head < queue.count {
            let (item, time) = queue[head]
            if due == nil { due = now }  // the first message plays at once
            if let last = lastRecorded, let time, let scheduled = due {
                let gap = Double(time.secondsSinceEpoch - last.secondsSinceEpoch) / speed
                due = scheduled + min(max(0, gap), maxGap)
                lastRecorded = nil
            }
            guard let scheduled = due, scheduled <= now else { break }
            released.append(item)
            head += 1
            lastRecorded = time ?? lastRecorded
            due = scheduled
        }
        if head > 1024 && head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
        return released
    }
}
