/// Rows of the last frame and what they were drawn from: when the next frame
/// is drawn from the same, the rows are reused as they are, and the screen
/// finds them unchanged at once, as they share storage. The pane keeps its
/// rows this way while only the composer changes, and the separator while
/// neither the room bar nor its notes do.
final class RowCache<Key: Equatable> {
    private var key: Key?
    private var rows: ArraySlice<[Cell]> = []

    /// The rows kept for `key`, if the last ones were drawn from the same.
    func rows(for key: Key) -> ArraySlice<[Cell]>? {
        self.key == key ? rows : nil
    }

    func keep(_ rows: ArraySlice<[Cell]>, for key: Key) {
        self.key = key
        self.rows = rows
    }
}
