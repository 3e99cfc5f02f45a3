/// The last frame a `ChatView` drew and what its parts were drawn from, so
/// that the next frame is drawn over it: a part whose inputs are the same (the
/// pane while a key is typed) is neither drawn nor copied again, and the
/// screen compares only the rows drawn again.
final class Canvas {
    /// The separator's row and what it was drawn from.
    struct Separator: Equatable {
        var row: Int
        var key: SeparatorKey
    }

    /// The last frame. It is taken out while the next is drawn, so that it is
    /// the only reference to its cells and drawing over them copies nothing.
    private var frame: Frame?
    /// What the pane of `frame` was drawn from.
    private(set) var pane: PaneKey?
    /// What the separator of `frame` was drawn from.
    private(set) var separator: Separator?

    /// The frame to draw the next one in: the last one, started over, when it
    /// has `size` and `generation`; otherwise a blank one, with nothing drawn.
    func take(size: TerminalSize, generation: Int) -> Frame {
        let last = frame
        frame = nil
        if var last, last.size == size, last.generation == generation {
            last.startOver()
            return last
        }
        pane = nil
        separator = nil
        return Frame(size: size, generation: generation)
    }

    /// Keeps `frame` to draw the next one over, with what its parts were drawn from.
    func keep(_ frame: Frame, pane: PaneKey, separator: Separator?) {
        self.frame = frame
        self.pane = pane
        self.separator = separator
    }
}
