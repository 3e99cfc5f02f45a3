import ChatCore

/// What a turn of the run loop waits on, gathered from the links: their
/// descriptors (each once: the room files' watches share one) and the soonest
/// time one of them is due.
///
/// Every link is asked at a turn that follows anything but keys typed in the
/// room shown. After such keys only the links that are not a room's (a
/// replay, a network) and the room shown's own are asked: keys change nothing
/// of the other rooms, which are waited on as they said when last asked
/// (`OtherRoomsWait`). With ten rooms open, asking each at every key made a
/// key cost a tenth more than with one.
struct TurnWaits {
    /// The descriptors to wait on for input.
    private(set) var descriptors: [Int32] = []
    /// Those of `descriptors` to wait on for output too.
    private(set) var writing: [Int32] = []
    /// How long the wait may last, in milliseconds; nil for no limit.
    private(set) var timeout: Int32?
    /// The room shown's link, as every room was last asked; nil before, or
    /// when no room's link serves it.
    private(set) var shownRoom: RoomLink?
    /// What the rooms not shown said when every room was last asked.
    private var otherRooms = OtherRoomsWait()
    /// The links asked at a turn after keys: all but the rooms not shown.
    private var askedAfterKeys: [Link] = []
    /// The rooms not shown's descriptors, as they said.
    private var otherRoomsWaits: [LinkWait] = []

    /// Whether the turn at `now`, with the room `shown`, is to ask every link.
    func mustAskAll(showing shown: String, now: Moment) -> Bool {
        otherRooms.mustAskAll(showing: shown, now: now.monotonic)
    }

    /// Something reached a room not shown, a link had its turn, or the rooms
    /// changed: the next turn asks every link.
    mutating func forgetOtherRooms() {
        otherRooms.forget()
    }

    /// Gathers the turn's waits from `links` (every link when `askAll`, else
    /// those asked after keys), within `timeout`, with `stop` waited on too.
    mutating func gather(
        _ links: [Link], askAll: Bool, showing shown: String, timeout: Int32?, stop: Int32,
        at now: Moment
    ) {
        descriptors.removeAll(keepingCapacity: true)
        writing.removeAll(keepingCapacity: true)
        self.timeout = timeout
        if askAll {
            askEvery(links, showing: shown, at: now)
        } else {
            for link in askedAfterKeys { waitOn(link.wait(at: now)) }
            for wait in otherRoomsWaits { waitOn(wait) }
            if let due = otherRooms.due { waitOn(LinkWait(milliseconds: now.milliseconds(until: due))) }
        }
        descriptors.append(stop)
    }

    /// Asks every link, and remembers which are asked after keys and what the rooms not shown wait for.
    private mutating func askEvery(_ links: [Link], showing shown: String, at now: Moment) {
        askedAfterKeys.removeAll(keepingCapacity: true)
        otherRoomsWaits.removeAll(keepingCapacity: true)
        shownRoom = nil
        var othersDue: Double?
        for link in links {
            let wait = link.wait(at: now)
            waitOn(wait)
            guard let room = link as? RoomLink, room.label != shown else {
                if let room = link as? RoomLink { shownRoom = room }
                askedAfterKeys.append(link)
                continue
            }
            if let milliseconds = wait.milliseconds {
                let due = now.monotonic + Double(milliseconds) / 1000
                othersDue = min(othersDue ?? due, due)
            }
            if let descriptor = wait.descriptor, !otherRoomsWaits.contains(where: { $0.descriptor == descriptor }) {
                otherRoomsWaits.append(LinkWait(descriptor: descriptor, writes: wait.writes))
            }
        }
        otherRooms.asked(showing: shown, due: othersDue)
    }

    private mutating func waitOn(_ wait: LinkWait) {
        if let due = wait.milliseconds { timeout = min(timeout ?? due, due) }
        guard let descriptor = wait.descriptor, !descriptors.contains(descriptor) else { return }
        descriptors.append(descriptor)
        if wait.writes { writing.append(descriptor) }
    }
}
