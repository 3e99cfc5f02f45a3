import TextWidth

/// The layouts of the messages on screen in the last frame, by message id, so
/// the next frame reuses them while the width is unchanged.
final class MessageLayoutCache {
    private var layouts: [Int: MessageLayout] = [:]
    /// The rules the kept layouts were measured by, and the room whose
    /// messages they are (ids are counted per room).
    private var rules: WidthRules?
    private var room: String?

    /// The layout kept for message `id` of `room`, if it was made at `width` by
    /// `rules` among the same neighbours.
    func layout(id: Int, room: String, width: Int, rules: WidthRules, context: MessageLayout.Context) -> MessageLayout? {
        guard rules == self.rules, room == self.room, let layout = layouts[id], layout.width == width,
              layout.context == context else {
            return nil
        }
        return layout
    }

    /// Keeps exactly these layouts, the ones the last frame showed of `room`.
    func keep(_ shown: [Int: MessageLayout], room: String, rules: WidthRules) {
        layouts = shown
        self.room = room
        self.rules = rules
    }
}
