/// What happens to the messages the user sends to one network, from the
/// moment they are sent until the network has them: waiting while there is no
/// connection, then awaiting their echo (or, where the server does not echo,
/// their last line being written), and what a lost connection does to each.
struct Deliveries: Sendable {
    /// Sent while there was no connection, in order: sent once there is.
    private var waiting: [SentMessage] = []
    /// Sent, awaiting the server's echo, with their labels, in the order sent.
    private var awaitingEcho: [(label: String, entry: SentMessage)] = []
    /// Sent to a server that does not echo: confirmed once their last line
    /// is written, with their labels, in the order sent.
    private var awaitingWrite: [(label: String, entry: SentMessage)] = []

    /// Keeps `entry` until there is a connection to send it on.
    mutating func wait(_ entry: SentMessage) {
        waiting.append(entry)
    }

    /// What waited for a connection, in order, now that there is one.
    mutating func takeWaiting() -> [SentMessage] {
        defer { waiting = [] }
        return waiting
    }

    /// Notes `entry` sent under `label`: confirmed by its echo, or, when the
    /// server does not echo, once written.
    mutating func sent(_ entry: SentMessage, label: String, confirmedOnceWritten: Bool) {
        if confirmedOnceWritten {
            awaitingWrite.append((label, entry))
        } else {
            awaitingEcho.append((label, entry))
        }
    }

    /// The message whose last line was just written, if that confirms it.
    mutating func written(label: String) -> SentMessage? {
        Self.take(label, from: &awaitingWrite)
    }

    /// The message the server echoed (or refused) by its label.
    mutating func answered(label: String) -> SentMessage? {
        Self.take(label, from: &awaitingEcho)
    }

    /// True while nothing is on its way.
    var isEmpty: Bool { waiting.isEmpty && awaitingEcho.isEmpty && awaitingWrite.isEmpty }

    private static func take(_ label: String, from list: inout [(label: String, entry: SentMessage)]) -> SentMessage? {
        guard let index = list.firstIndex(where: { $0.label == label }) else { return nil }
        return list.remove(at: index).entry
    }

    /// The connection was lost with the messages `unsent` (their labels) not
    /// begun on the wire: those wait to be sent again, in their place. Returns
    /// the ones that went out but were not confirmed: the server may have
    /// them, so they are not sent again without the user.
    mutating func connectionLost(unsent: [String]) -> [SentMessage] {
        let requeued = unsent.compactMap { Self.take($0, from: &awaitingEcho) ?? Self.take($0, from: &awaitingWrite) }
        waiting = requeued + waiting
        let lost = (awaitingEcho + awaitingWrite).map(\.entry)
        awaitingEcho = []
        awaitingWrite = []
        return lost
    }
}
