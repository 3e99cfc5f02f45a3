import TextWidth

/// The pane's rows from the last frame, and what they were drawn from. Typing
/// changes only the composer, so the pane's cells are reused as they are; the
/// screen then finds those rows unchanged at once, as they share storage.
final class PaneCache {
    /// What the pane's rows depend on: which messages there are (they are only
    /// ever added at either end, or all cleared, which moves the first id), where
    /// the pane is scrolled to, its rows and width, and how text is measured.
    struct Key: Equatable {
        /// Which room: ids are counted per room.
        var room: String
        var firstMessageID: Int
        var messageCount: Int
        var position: PanePosition?
        var rows: Range<Int>
        var size: TerminalSize
        var rules: WidthRules
        var showsEmptyRoomHint: Bool

        init(_ state: ChatState, rows: Range<Int>) {
            room = state.name
            firstMessageID = state.messageID(at: 0)
            messageCount = state.messages.count
            position = state.scrolledTo
            self.rows = rows
            size = state.size
            rules = state.rules
            showsEmptyRoomHint = state.emptyRoomLocation != nil
        }
    }

    private var key: Key?
    private var rows: ArraySlice<[Cell]> = []

    /// The rows kept for `key`, if the last pane was drawn from the same.
    func rows(for key: Key) -> ArraySlice<[Cell]>? {
        self.key == key ? rows : nil
    }

    func keep(_ rows: ArraySlice<[Cell]>, for key: Key) {
        self.key = key
        self.rows = rows
    }
}
