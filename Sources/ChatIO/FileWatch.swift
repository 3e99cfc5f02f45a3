/// Tells when a file is written to, through inotify: a descriptor that becomes
/// readable when the file changes, so a follower waits on it rather than
/// looking at the file on a timer, and an idle chat-tui does not wake at all.
///
/// It watches the file the path names when it is made (a symbolic link is
/// followed). When that file is removed or moved away the watch ends, and
/// `isWatching` turns false: the follower then looks on a timer again. The
/// descriptor is its `FileWatches`'s, which other watches may share.
public final class FileWatch {
    private let watches: FileWatches
    private let watch: Int32
    /// The changes to its file counted when it last looked.
    private var seen: Int

    /// Readable when changes are reported (to this file or to another watched
    /// in the same `FileWatches`); wait on it, then `drain`.
    public var descriptor: Int32 { watches.descriptor }
    /// False once the file watched is gone from its place (or the watch ended).
    public var isWatching: Bool { !watches.hasEnded(watch) }

    /// Watches `path` in `watches`; nil when inotify cannot (no such file, a
    /// file system that does not report changes).
    public init?(path: String, in watches: FileWatches) {
        guard let watch = watches.add(path) else { return nil }
        self.watches = watches
        self.watch = watch
        seen = watches.changeCount(watch)
    }

    deinit {
        watches.remove(watch)
    }

    /// Reads the changes reported so far; true when its file changed since it
    /// last looked, here or in another watch's drain. A change that ends the
    /// watch (the file deleted or moved) turns `isWatching` false.
    @discardableResult
    public func drain() -> Bool {
        changed(ready: [descriptor])
    }

    /// Whether its file changed since it last looked: the descriptor drained
    /// when a wait found it in `ready`, and what another watch's drain counted
    /// for this file taken too, so no change is missed for being read by
    /// another.
    public func changed(ready: Set<Int32>) -> Bool {
        if ready.contains(descriptor) { watches.drain() }
        let count = watches.changeCount(watch)
        defer { seen = count }
        return count != seen
    }
}
