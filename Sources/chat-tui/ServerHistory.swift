import ChatModel

/// What a network's rooms asked of the server's history (`CHATHISTORY`):
/// the channels whose latest is to be asked for once their file is open,
/// the rooms waiting for older messages, and where each room's older
/// history goes on from.
struct ServerHistory {
    /// Channels joined, by folded name, whose history is to be asked for once their file is open.
    private var wanted: Set<String> = []
    /// Rooms waiting for older history from the server.
    private var waiting: Set<String> = []
    /// Where each room's older history goes on from: the first message of the last answer.
    private var from: [String: Message] = [:]

    /// The channel `key` was joined before its room's file opened: its history is asked for then.
    mutating func want(_ key: String) {
        wanted.insert(key)
    }

    /// True, once, when the history of channel `key` waited for its file.
    mutating func takeWanted(_ key: String) -> Bool {
        wanted.remove(key) != nil
    }

    /// Where older history of `room` is to be asked from: before what the
    /// server gave last, or else before `first`, the room's first message.
    func reference(in room: String, first: Message?) -> Message? {
        from[room] ?? first
    }

    /// Older history of `room` was asked for.
    mutating func asked(in room: String) {
        waiting.insert(room)
    }

    /// An answer for `room` came, beginning with `first`: true when the room
    /// was waiting for it, and then the next question goes on from `first`.
    mutating func answered(in room: String, first: Message?) -> Bool {
        guard waiting.remove(room) != nil else { return false }
        if let first { from[room] = first }
        return true
    }

    /// The connection ended: the rooms that were waiting, whose answers will not come.
    mutating func abandon() -> Set<String> {
        defer { waiting = [] }
        return waiting
    }
}
