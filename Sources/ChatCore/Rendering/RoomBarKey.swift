/// What the room bar on the separator depends on: the rooms open, what each
/// room's link says of itself and the rooms' news (which room is shown, the
/// separator's key holds).
///
/// Asked at every frame with more than one room open, it is made again only
/// when the session no longer matches the last one: a typed key changes none
/// of it, and making it of every room's name and status at every frame made
/// each room open add to the cost of a key.
struct RoomBarKey: Equatable {
    private var rooms: [String]
    private var statuses: [String?]
    private var activity: [String: Session.Activity]

    /// The room bar of `session`: `last` when it still describes it (so two
    /// keys compared share their storage, and compare at once), else a new one.
    init(_ session: Session, last: RoomBarKey?) {
        if let last, last.describes(session) {
            self = last
            return
        }
        rooms = session.rooms.map { $0.name }
        statuses = session.rooms.map { $0.linkStatus }
        activity = session.activity
    }

    /// Whether this is the room bar of `session`, compared where the session
    /// holds it, with nothing made.
    func describes(_ session: Session) -> Bool {
        guard rooms.count == session.rooms.count, activity == session.activity else {
            return false
        }
        for index in rooms.indices {
            guard rooms[index] == session.rooms[index].name, statuses[index] == session.rooms[index].linkStatus else {
                return false
            }
        }
        return true
    }
}
