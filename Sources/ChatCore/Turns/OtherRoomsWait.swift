/// What the rooms not shown wait for, as they said at the last turn that
/// asked every room, so that a turn of keys typed in the room shown asks that
/// room alone: keys change nothing of the others, and asking each of ten rooms
/// at every key made a key cost a tenth more than with one room open.
///
/// What they said holds until something reaches a room not shown (an event,
/// an effect, a link's turn, a room opened or closed), until another room is
/// shown, or until the earliest of them is due; then every room is asked again.
public struct OtherRoomsWait: Equatable, Sendable {
    /// The room shown when every room was last asked; nil when they are to be asked.
    private var shown: String?
    /// When the earliest of the others is due, in monotonic seconds; nil when none is.
    public private(set) var due: Double?

    public init() {}

    /// Whether every room is to be asked at a turn at `now` (monotonic
    /// seconds) with `room` shown.
    public func mustAskAll(showing room: String, now: Double) -> Bool {
        guard let shown, shown == room else { return true }
        if let due, now >= due { return true }
        return false
    }

    /// Records a turn that asked every room with `room` shown: the earliest
    /// time the others said they are due, nil when none is.
    public mutating func asked(showing room: String, due: Double?) {
        shown = room
        self.due = due
    }

    /// Something reached a room not shown, or changed which rooms there are:
    /// what they said no longer holds, and the next turn asks them all.
    public mutating func forget() {
        shown = nil
        due = nil
    }
}
