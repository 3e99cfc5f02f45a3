import TextWidth

/// What the separator line depends on: the room shown, the room bar (see
/// `RoomBarKey`), the labels the room shown has to say, the nick, the width
/// and how text is measured. A typed key changes none of it.
struct SeparatorKey: Equatable {
    /// The room shown.
    var room: String
    /// The room bar's, when one is drawn.
    var roomBar: RoomBarKey?
    var texts: [String]
    var styles: [CellStyle]
    var nick: String
    var width: Int
    var rules: WidthRules

    /// The separator of `room` with `labels` on it, under the room bar of
    /// `session` when one is given; the room bar's key is `last`'s when it
    /// still describes the session.
    init(_ room: borrowing Room, display: Display, labels: [ChatView.Label], session: Session?, last: SeparatorKey?) {
        self.room = room.name
        roomBar = session.map { RoomBarKey($0, last: last?.roomBar) }
        texts = labels.map(\.text)
        styles = labels.map(\.style)
        nick = room.nick
        width = display.size.columns
        rules = display.rules
    }
}
