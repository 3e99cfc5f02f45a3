/// The layouts of the messages on screen in the last frame, by message id, so
/// the next frame reuses them while the width is unchanged.
final class MessageLayoutCache {
    private var layouts: [Int: MessageLayout] = [:]
    /// The rules the kept layouts were measured by.
    private var rules: WidthRules?

    /// The layout kept for message `id`, if it was made at `width` by `rules`
    /// among the same neighbours.
    func layout(id: Int, width: Int, rules: WidthRules, context: MessageLayout.Context) -> MessageLayout? {
        guard rules == self.rules, let layout = layouts[id], layout.width == width, layout.context == context else {
            return nil
        }
        return layout
    }

    /// Keeps exactly these layouts, the ones the last frame showed.
    func keep(_ shown: [Int: MessageLayout], rules: WidthRules) {
        layouts = shown
        self.rules = rules
    }
}
