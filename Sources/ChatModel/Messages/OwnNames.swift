/// The names this user has written under, by which a link that reads lines
/// from a file (a room file, a replayed transcript) tells the user's own
/// messages: the file keeps no other trace of who wrote a line.
public struct OwnNames: Sendable {
    /// A few names at most: a list is quicker to look through than a set is to hash.
    private var names: [String]

    public init(_ nick: String) {
        names = [nick]
    }

    /// Remembers a name the user sent a message under (after `/nick`).
    public mutating func add(_ name: String) {
        if !names.contains(name) { names.append(name) }
    }

    /// Marks `message` as the user's own when it was written under one of the
    /// names (in place: a replay marks every line it reads).
    public func mark(_ message: inout Message) {
        message.isOwn = names.contains(message.sender)
    }
}
