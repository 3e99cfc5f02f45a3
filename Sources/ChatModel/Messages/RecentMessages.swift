/// What a room holds of late, to tell a message a server sends again (its
/// history after a gap, a bouncer's playback) from a new one: by the id the
/// server gave it, or, since a bouncer may give none, by when it was said (to
/// the second), who said it and what. Bounded: beyond `capacity` messages the
/// oldest are forgotten, so a room that runs for weeks costs no more.
public struct RecentMessages: Sendable {
    /// How a message is recognized: by its server's id, or by what was said when.
    private enum Key: Hashable, Sendable {
        case id(String)
        case said(second: Int64, sender: String, text: String)
    }

    /// The most messages remembered.
    public let capacity: Int
    /// The keys of the messages remembered, oldest first from `start` (a ring).
    private var ring: [[Key]] = []
    private var start = 0
    /// How many of the remembered messages have each key.
    private var counts: [Key: Int] = [:]

    public init(capacity: Int = 10_000) {
        precondition(capacity > 0, "a room remembers at least one message")
        self.capacity = capacity
    }

    /// How many messages are remembered now.
    public var count: Int { ring.count }

    /// Remembers `message`, forgetting the oldest one when full.
    public mutating func add(_ message: Message) {
        let keys = Self.keys(of: message)
        if ring.count < capacity {
            ring.append(keys)
        } else {
            for key in ring[start] {
                counts[key, default: 1] -= 1
                if counts[key] == 0 { counts[key] = nil }
            }
            ring[start] = keys
            start = (start + 1) % capacity
        }
        for key in keys { counts[key, default: 0] += 1 }
    }

    /// True when `message` is one remembered: by its id, or, when
    /// `byContent` (a message sent again from the past, which may have lost
    /// or gained its id on the way), by its time, sender and text too.
    public func holds(_ message: Message, byContent: Bool) -> Bool {
        if let id = message.serverID, counts[.id(id)] != nil { return true }
        guard byContent, let said = Self.said(message) else { return false }
        return counts[said] != nil
    }

    private static func keys(of message: Message) -> [Key] {
        [message.serverID.map(Key.id), said(message)].compactMap { $0 }
    }

    private static func said(_ message: Message) -> Key? {
        message.time.map { .said(second: $0.secondsSinceEpoch, sender: message.sender, text: message.text) }
    }
}
