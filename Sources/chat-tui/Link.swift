import ChatCore

/// A source and sink of messages for rooms: a room file, a replayed
/// transcript, an IRC network. The run loop waits on the descriptors of
/// every link (and on the terminal), asks each link for what arrived, feeds
/// those events to the session, and hands each effect a room asks for to the
/// links of that room; it knows nothing else of any link.
protocol Link: AnyObject {
    /// The rooms this link serves, by label.
    var rooms: [String] { get }
    /// What the run loop's next wait is to hold for this link, at `now`.
    func wait(at now: Moment) -> LinkWait
    /// What arrived, as events for its rooms (nil: the room shown, for what
    /// the user must see wherever they are), given the descriptors that are
    /// ready; called every turn.
    func events(ready: Set<Int32>, at now: Moment) -> [(event: Event, room: String?)]
    /// Carries out `effect` for `room` and returns the events that answer it,
    /// or nil when this link does not carry out such effects.
    func carryOut(_ effect: Effect, for room: String, at now: Moment) -> [Event]?
    /// The rooms the link asks the program to open (or show) now, each
    /// once: a network's channel joined, a private conversation.
    func takeOpenings() -> [RoomOpening]
    /// Hands the link the file of a room it asked for, its history already read.
    func attach(_ file: RoomLink, at now: Moment)
    /// The room in which the link says all it says, if it has one: what it
    /// tells the room shown (nil) is already there while that room is shown.
    var ownRoom: String? { get }
}

/// What most links are: they ask for no rooms, and have no room of their own.
extension Link {
    func takeOpenings() -> [RoomOpening] { [] }
    func attach(_ file: RoomLink, at now: Moment) {}
    var ownRoom: String? { nil }
}
