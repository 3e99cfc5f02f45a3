/// How far a message the user wrote has got on its way to the room.
public enum Delivery: Equatable, Sendable {
    /// Handed to the room's link and not confirmed yet: shown, but not known to
    /// have reached anyone.
    case pending
    /// Stored or confirmed by the room's link. Every message from someone else is.
    case sent
    /// The link could not send it, and why, in words the user can act on.
    case failed(String)
    /// It went out, and the link lost sight of it before the other side
    /// confirmed it, and why: it may have arrived.
    case unconfirmed(String)
    /// Not sent, or not confirmed, and let go of by the user (`/discard`):
    /// it will not be sent again.
    case discarded
}

extension Delivery {
    /// Why the message did not reach the room, or may not have: for a
    /// message that failed or is not confirmed, which the user may send
    /// again; nil otherwise.
    public var failureReason: String? {
        switch self {
        case .failed(let reason), .unconfirmed(let reason): reason
        case .pending, .sent, .discarded: nil
        }
    }

    /// True for a message that went out and was not confirmed: the room's
    /// history showing it says it arrived.
    public var mayHaveArrived: Bool {
        if case .unconfirmed = self { true } else { false }
    }
}
