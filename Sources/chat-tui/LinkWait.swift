/// What a link asks of the run loop's next wait: the descriptor to wait on,
/// whether for output too, and how long the wait may last. Asked of every
/// link at every turn, in one question, so that a link's turn costs one call.
struct LinkWait {
    /// The descriptor to wait on for the link's input; nil when it has none.
    /// One at most: asked of every link at every turn, it makes no array.
    var descriptor: Int32?
    /// Whether to wait until `descriptor` takes output: the link has output queued.
    var writes = false
    /// How long the loop may wait before this link needs a turn with nothing
    /// ready, in milliseconds from now; nil for no limit.
    var milliseconds: Int32?
}
