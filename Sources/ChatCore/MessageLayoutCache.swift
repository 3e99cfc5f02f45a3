/// The layouts of the messages on screen in the last frame, by message id, so
/// the next frame reuses them while the width is unchanged.
final class MessageLayoutCache {
    private var layouts: [Int: MessageLayout] = [:]

    /// The layout kept for message `id`, if it was made at `width` among the
    /// same neighbours.
    func layout(id: Int, width: Int, context: MessageLayout.Context) -> MessageLayout? {
        guard let layout = layouts[id], layout.width == width, layout.context == context else { return nil }
        return layout
    }

    /// Keeps exactly these layouts, the ones the last frame showed.
    func keep(_ shown: [Int: MessageLayout]) {
        layouts = shown
    }
}
