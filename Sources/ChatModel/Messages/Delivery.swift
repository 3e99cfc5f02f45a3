/// How far a message the user wrote has got on its way to the room.
public enum Delivery: Equatable, Sendable {
    /// Handed to the room's link and not confirmed yet: shown, but not known to
    /// have reached anyone.
    case pending
    /// Stored or confirmed by the room's link. Every message from someone else is.
    case sent
    /// The link could not send it, and why, in words the user can act on.
    case failed(String)
}

extension Delivery {
    /// Why sending failed, for a message that failed; nil otherwise.
    public var failureReason: String? {
        if case .failed(let reason) = self { reason } else { nil }
    }
}
