import ChatCore

/// A source and sink of messages for rooms: a room file, a replayed
/// transcript, and later a network. The run loop waits on the descriptors of
/// every link (and on the terminal), asks each link for what arrived, feeds
/// those events to the session, and hands each effect a room asks for to the
/// links of that room; it knows nothing else of any link.
protocol Link: AnyObject {
    /// The rooms this link serves, by label.
    var rooms: [String] { get }
    /// The descriptor to wait on for this link's input; nil when it has none.
    /// One at most: asked of every link at every turn, it makes no array.
    var descriptor: Int32? { get }
    /// Whether to wait until `descriptor` takes output: it has output queued.
    var wantsWrite: Bool { get }
    /// How long the loop may wait before this link needs a turn with nothing
    /// ready, in milliseconds from `now`; nil for no limit.
    func millisecondsUntilDue(at now: Moment) -> Int32?
    /// What arrived, as events for its rooms (nil: the room shown, for what
    /// the user must see wherever they are), given the descriptors that are
    /// ready; called every turn.
    func events(ready: Set<Int32>, at now: Moment) -> [(event: Event, room: String?)]
    /// Carries out `effect` for `room` and returns the events that answer it,
    /// or nil when this link does not carry out such effects.
    func carryOut(_ effect: Effect, for room: String, at now: Moment) -> [Event]?
}

extension Link {
    /// A link that only reads waits for no descriptor to take output.
    var wantsWrite: Bool { false }
}
