/// A channel the user is in, and who else is, as the server has told.
public struct Channel: Equatable, Sendable {
    /// Its name as the server spells it.
    public let name: String
    /// Who is in it, keyed by the folded nick: the nick and its rank symbols
    /// (`@`, `+`), highest first.
    public internal(set) var members: [String: (nick: String, ranks: String)] = [:]

    init(name: String) {
        self.name = name
    }

    public static func == (lhs: Channel, rhs: Channel) -> Bool {
        lhs.name == rhs.name && lhs.members.count == rhs.members.count
            && lhs.members.allSatisfy { key, value in rhs.members[key].map { $0 == value } ?? false }
    }

    /// The members as `NAMES` shows them, highest rank first, then by nick.
    public func namesList(rankOrder: [Character]) -> [String] {
        func rank(_ ranks: String) -> Int { ranks.first.flatMap { rankOrder.firstIndex(of: $0) } ?? rankOrder.count }
        return members.values.sorted {
            (rank($0.ranks), $0.nick.lowercased()) < (rank($1.ranks), $1.nick.lowercased())
        }.map { String($0.ranks.prefix(1)) + $0.nick }
    }
}
