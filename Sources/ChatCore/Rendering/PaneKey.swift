import TextWidth

/// What the pane's rows depend on: which messages there are (they are only
/// ever added or let go of at either end, or all replaced, which moves the
/// first id), where
/// the pane is scrolled to, its rows and width, and how text is measured.
/// Typing changes none of it, so the pane's cells are reused as they are.
struct PaneKey: Equatable {
    /// Which room: ids are counted per room.
    var room: String
    var firstMessageID: Int
    var messageCount: Int
    var position: PanePosition?
    var rows: Range<Int>
    var size: TerminalSize
    var rules: WidthRules
    var showsEmptyRoomHint: Bool

    init(_ room: borrowing Room, display: Display, rows: Range<Int>) {
        self.room = room.name
        firstMessageID = room.messageID(at: 0)
        messageCount = room.messages.count
        position = room.scrolledTo
        self.rows = rows
        size = display.size
        rules = display.rules
        showsEmptyRoomHint = room.emptyRoomLocation != nil
    }
}
