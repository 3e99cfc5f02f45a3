import ChatCore
import ChatModel

/// What happens to the messages the user sends to one network, from the
/// moment they are sent until the network has them: waiting while there is no
/// connection, then awaiting their echo (or, where the server does not echo,
/// their last line being written), and what a lost connection does to each.
struct SentMessages {
    /// A message of the user's: the room it was sent from, the id its answer
    /// names (nil for one `/msg` sent), and the message.
    typealias Entry = (room: String, id: LocalID?, message: Message)

    /// Sent while there was no connection, in order: sent once there is.
    private var waiting: [Entry] = []
    /// Sent, awaiting the server's echo, by label.
    private var awaitingEcho: [String: Entry] = [:]
    /// Sent to a server that does not echo: confirmed once their last line is written, by label.
    private var awaitingWrite: [String: Entry] = [:]

    /// Keeps `entry` until there is a connection to send it on.
    mutating func wait(_ entry: Entry) {
        waiting.append(entry)
    }

    /// What waited for a connection, in order, now that there is one.
    mutating func takeWaiting() -> [Entry] {
        defer { waiting = [] }
        return waiting
    }

    /// Notes `entry` sent under `label`: confirmed by its echo, or, when the
    /// server does not echo, once written.
    mutating func sent(_ entry: Entry, label: String, confirmedOnceWritten: Bool) {
        if confirmedOnceWritten {
            awaitingWrite[label] = entry
        } else {
            awaitingEcho[label] = entry
        }
    }

    /// The message whose last line was just written, if that confirms it.
    mutating func written(label: String) -> Entry? {
        awaitingWrite.removeValue(forKey: label)
    }

    /// The message the server echoed (or refused) by its label.
    mutating func answered(label: String) -> Entry? {
        awaitingEcho.removeValue(forKey: label)
    }

    /// The connection was lost with the messages `unsent` (their labels) not
    /// begun on the wire: those wait to be sent again, in their place. Returns
    /// the ones that went out but were not confirmed: the server may have
    /// them, so they are not sent again without the user.
    mutating func connectionLost(unsent: [String]) -> [Entry] {
        let requeued = unsent.compactMap { awaitingEcho.removeValue(forKey: $0) ?? awaitingWrite.removeValue(forKey: $0) }
        waiting = requeued + waiting
        let lost = Array(awaitingEcho.values) + Array(awaitingWrite.values)
        awaitingEcho = [:]
        awaitingWrite = [:]
        return lost
    }
}
