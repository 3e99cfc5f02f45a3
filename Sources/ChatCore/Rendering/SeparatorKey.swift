import TextWidth

/// What the separator line depends on: the room shown, the rooms open, their
/// news and their links' states (for the room bar), the labels the room shown has to say, the nick, the width
/// and how text is measured. A typed key changes none of it.
struct SeparatorKey: Equatable {
    /// The room shown.
    var room: String
    var rooms: [String]
    /// What each room's link says of itself.
    var statuses: [String?]
    var focus: Int
    var activity: [String: Session.Activity]
    var texts: [String]
    var styles: [CellStyle]
    var nick: String
    var width: Int
    var rules: WidthRules

    /// The separator of `room` with `labels` on it, under the room bar of `session` when one is given.
    init(_ room: borrowing Room, display: Display, labels: [ChatView.Label], session: Session?) {
        self.room = room.name
        rooms = session?.rooms.map(\.name) ?? []
        statuses = session?.rooms.map(\.linkStatus) ?? []
        focus = session?.focus ?? 0
        activity = session?.activity ?? [:]
        texts = labels.map(\.text)
        styles = labels.map(\.style)
        nick = room.nick
        width = display.size.columns
        rules = display.rules
    }
}
