/// The names this user has written under, by which a link that reads lines
/// from a file (a room file, a replayed transcript) tells the user's own
/// messages: the file keeps no other trace of who wrote a line.
public struct OwnNames: Sendable {
    private var names: Set<String>

    public init(_ nick: String) {
        names = [nick]
    }

    /// Remembers a name the user sent a message under (after `/nick`).
    public mutating func add(_ name: String) {
        names.insert(name)
    }

    /// `message`, marked as the user's own when it was written under one of the names.
    public func marking(_ message: Message) -> Message {
        var message = message
        message.isOwn = names.contains(message.sender)
        return message
    }
}
