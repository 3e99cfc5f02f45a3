import TextWidth

/// The layouts of the messages on screen in the last frame, by message id, so
/// the next frame reuses them while the width is unchanged.
final class MessageLayoutCache {
    private var layouts: [Int: MessageLayout] = [:]
    /// The rules the kept layouts were measured by, the room whose messages
    /// they are (ids are counted per room), and how many times its messages
    /// had been changed in place (`MessageStore.edits`: a delivery redraws
    /// the message it changed).
    private var rules: WidthRules?
    private var room: String?
    private var edits = 0

    /// The layout kept for message `id` of `room`, if it was made at `width` by
    /// `rules` among the same neighbours, and no message changed since.
    func layout(
        id: Int, room: String, edits: Int, width: Int, rules: WidthRules,
        context: MessageLayout.Context
    ) -> MessageLayout? {
        guard rules == self.rules, room == self.room, edits == self.edits, let layout = layouts[id], layout.width == width,
            layout.context == context
        else {
            return nil
        }
        return layout
    }

    /// Keeps exactly these layouts, the ones the last frame showed of `room`.
    func keep(_ shown: [Int: MessageLayout], room: String, edits: Int, rules: WidthRules) {
        layouts = shown
        self.room = room
        self.edits = edits
        self.rules = rules
    }
}
