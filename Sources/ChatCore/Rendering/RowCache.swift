/// Rows of the last frame and what they were drawn from: when the next frame
/// is drawn from the same, the rows are copied in as they are rather than
/// drawn again. The pane keeps its rows this way while only the composer
/// changes, and the separator while neither the room bar nor its notes do.
/// Rows whose clusters belong to an earlier `ClusterTable` generation are not reused.
final class RowCache<Key: Equatable> {
    private var key: Key?
    private var generation = 0
    private var cells: ArraySlice<Cell> = []

    /// The cells kept for `key`, if the last ones were drawn from the same in `generation`.
    func cells(for key: Key, generation: Int) -> ArraySlice<Cell>? {
        self.key == key && self.generation == generation ? cells : nil
    }

    func keep(_ cells: ArraySlice<Cell>, for key: Key, generation: Int) {
        self.key = key
        self.generation = generation
        self.cells = cells
    }
}
