import TextWidth

/// What the pane's rows depend on: the room's messages as they are (the
/// timeline's revision, which any change to them moves: one added, forgotten
/// or delivered), where the pane is scrolled to, its rows and width, and how
/// text is measured.
/// Typing changes none of it, so the pane's cells are reused as they are.
struct PaneKey: Equatable {
    /// Which room: ids are counted per room.
    var room: String
    var timeline: Int
    var position: PanePosition?
    var rows: Range<Int>
    var size: TerminalSize
    var rules: WidthRules
    var showsEmptyRoomHint: Bool

    init(_ room: borrowing Room, display: Display, rows: Range<Int>) {
        self.room = room.name
        timeline = room.messages.revision
        position = room.scrolledTo
        self.rows = rows
        size = display.size
        rules = display.rules
        showsEmptyRoomHint = room.emptyRoomLocation != nil
    }
}
