import ChatModel

/// Finding the oldest message a room holds among a file's lines, where
/// reading back goes on from: a room's file and a replay's spool.
extension Message {
    /// True when `line` may hold this message: it names its server id, or
    /// else its sender. A quick look before the line is read whole.
    func mayBe(inLine line: String) -> Bool {
        serverID.map(line.contains) ?? line.contains(sender)
    }

    /// True when `line`, a message read from a file, is this one: by its
    /// server's id, or by time, sender and text.
    func isSame(as line: Message) -> Bool {
        if let id = serverID, line.serverID == id { return true }
        return line.time == time && line.sender == sender && line.text == text
    }
}
