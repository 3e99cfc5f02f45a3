import TextWidth

/// What the separator line depends on: the room shown, the rooms open and their news (for
/// the room bar), the labels the room shown has to say, the nick, the width
/// and how text is measured. A typed key changes none of it.
struct SeparatorKey: Equatable {
    /// The room shown.
    var room: String
    var rooms: [String]
    var focus: Int
    var activity: [String: Session.Activity]
    var texts: [String]
    var styles: [CellStyle]
    var nick: String
    var width: Int
    var rules: WidthRules
}
