import ChatModel

/// The messages the user sent in a room that its link has not confirmed yet,
/// in the order they were sent, each with the local id its answer names.
public struct Outbox: Sendable {
    /// A message on its way.
    public struct Entry: Equatable, Sendable {
        public let id: LocalID
        public let message: Message
        /// Its id in the room's timeline while it is shown there (pending or
        /// failed); nil while the composer still holds it instead.
        let shownAs: Int?
        /// How far it got: pending, refused (`failed`), or sent and not
        /// confirmed (`unconfirmed`: the network may have it, and its
        /// history showing it says it was).
        public internal(set) var delivery = Delivery.pending
    }

    public private(set) var entries: [Entry] = []
    private var nextID = 1
    /// Counts changes, so that what is kept on disk is written when it changed.
    public private(set) var revision = 0

    public var isEmpty: Bool { entries.isEmpty }

    /// Adds `message` at the end and returns the id it goes out with.
    mutating func add(_ message: Message, shownAs: Int?, delivery: Delivery = .pending) -> LocalID {
        let id = LocalID(value: nextID)
        nextID += 1
        entries.append(Entry(id: id, message: message, shownAs: shownAs, delivery: delivery))
        revision += 1
        return id
    }

    /// The entry with `id`, if it is still on its way.
    func entry(_ id: LocalID) -> Entry? {
        entries.first { $0.id == id }
    }

    /// Notes how far the entry with `id` got (refused, not confirmed, or
    /// pending again): kept on disk with it.
    mutating func mark(_ id: LocalID, _ delivery: Delivery) {
        guard let index = entries.firstIndex(where: { $0.id == id }), entries[index].delivery != delivery else { return }
        entries[index].delivery = delivery
        revision += 1
    }

    /// The id of the first entry that may have arrived and is `message` (the
    /// user's own, said the same way), if one is.
    func arrival(of message: Message) -> LocalID? {
        guard message.isOwn else { return nil }
        return entries.first { $0.delivery.mayHaveArrived && $0.message.text == message.text && $0.message.kind == message.kind }?
            .id
    }

    /// Takes the entry with `id` out: it was confirmed.
    mutating func remove(_ id: LocalID) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        revision += 1
        return entries.remove(at: index)
    }
}

/// The id chat-tui gives a message the user sends, before any server gives it
/// one: what `Event.delivered` and `Event.deliveryFailed` answer by.
public struct LocalID: Hashable, Sendable, CustomStringConvertible {
    public let value: Int
    public var description: String { "#\(value)" }

    /// The id a link kept as a number (a network session knows no room's types).
    package init(value: Int) {
        self.value = value
    }
}

/// What happens to the composer when the user sends: the choice a room's link makes.
public enum SendRule: Sendable {
    /// The draft stays in the composer until the message is stored, and only
    /// then joins the timeline: a local room, whose file answers at once, so a
    /// failure leaves the words where the user can try again.
    case keepDraftUntilStored
    /// The message joins the timeline at once as pending and the composer
    /// empties; the link confirms it (or says why not) later: a network, which
    /// keeps the message on disk meanwhile.
    case showPending
}
