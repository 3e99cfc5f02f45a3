import Glibc

/// Tells when a file is written to, through inotify: a descriptor that becomes
/// readable when the file changes, so a follower waits on it rather than
/// looking at the file on a timer, and an idle chat-tui does not wake at all.
///
/// It watches the file the path names when it is made (a symbolic link is
/// followed). When that file is removed or moved away the watch ends, and
/// `isWatching` turns false: the follower then looks on a timer again.
public final class FileWatch {
    /// Readable when changes are reported; wait on it, then `drain`.
    public let descriptor: Int32
    /// False once the file watched is gone from its place (or the watch ended).
    public private(set) var isWatching = true

    /// Watches `path`; nil when inotify cannot (no descriptors left, no such
    /// file, a file system that does not report changes).
    public init?(path: String) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let events = UInt32(IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(descriptor, path, events) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Reads the changes reported so far; true when there were any. A change
    /// that ends the watch (the file deleted or moved) turns `isWatching` false.
    @discardableResult
    public func drain() -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return any }
            any = true
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { isWatching = false }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
}
