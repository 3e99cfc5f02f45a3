import Glibc

/// One inotify descriptor for every file a process follows, so the run loop
/// waits on one descriptor however many rooms are open (the kernel looks at
/// each descriptor a wait is given, at every wait). `FileWatch`es made in it
/// share the descriptor; draining it counts each watch's changes, which each
/// `FileWatch` takes as its own.
///
/// Not for use from more than one thread.
public final class FileWatches {
    /// Readable when a change to one of the files is reported.
    public let descriptor: Int32
    /// Per watch (inotify's watch descriptor): changes reported so far.
    private var changes: [Int32: Int] = [:]
    /// Per watch: how many `FileWatch`es hold it (one file's watch is one, however often it is asked for).
    private var holders: [Int32: Int] = [:]
    /// The watches that ended: their file was removed or moved away. Read
    /// for every room at every turn, and changed only by `drain` and `remove`,
    /// which call nothing that reads it: its accesses are not checked at run time.
    @exclusivity(unchecked) private var ended: Set<Int32> = []

    /// A new inotify descriptor; nil when there are none left.
    public init?() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit {
        close(descriptor)
    }

    /// Watches the file `path` names (a symbolic link is followed); the
    /// watch, or nil when inotify cannot.
    func add(_ path: String) -> Int32? {
        let events = UInt32(IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        let watch = inotify_add_watch(descriptor, path, events)
        guard watch >= 0 else { return nil }
        holders[watch, default: 0] += 1
        return watch
    }

    /// Lets go of `watch`, removed once no `FileWatch` holds it.
    func remove(_ watch: Int32) {
        guard let count = holders[watch] else { return }
        guard count == 1 else {
            holders[watch] = count - 1
            return
        }
        holders[watch] = nil
        changes[watch] = nil
        if !ended.contains(watch) { inotify_rm_watch(descriptor, watch) }
        ended.remove(watch)
    }

    /// The changes reported for `watch` so far.
    func changeCount(_ watch: Int32) -> Int { changes[watch] ?? 0 }

    /// Whether `watch` ended.
    func hasEnded(_ watch: Int32) -> Bool { ended.contains(watch) }

    /// Reads the changes reported so far and counts them per watch.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                // A watch let go of still reports that it was removed.
                if holders[event.wd] != nil {
                    changes[event.wd, default: 0] += 1
                    if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { ended.insert(event.wd) }
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
}
