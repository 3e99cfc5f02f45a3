import Glibc

/// Where a replay's messages are kept on disk, so that reading back reaches
/// its first line however long it ran, while memory holds only the newest.
///
/// A file private to the user (0600) in the cache folder, removed from its
/// folder as soon as it is made: only the open descriptor keeps it, so
/// nothing is left behind when chat-tui ends, whatever ends it. It is not
/// flushed to disk: it lives no longer than the process.
public final class ReplaySpool {
    private let descriptor: Int32
    /// Appends go to disk through it, on a thread of its own.
    private let writer: SpoolWriter
    /// How far back the spool has been read.
    private var history = LineHistory()

    /// Makes the spool in `folder` (made if missing).
    public convenience init(folder: String) throws(StorageError) {
        try DataFolders.makeFolder(folder)
        var template = Array((folder + "/replay.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw StorageError("cannot make a file for the replay's history in \(folder)") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        self.init(descriptor: fd)
    }

    /// A spool on `descriptor`, an open file it then owns.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        writer = SpoolWriter(descriptor: descriptor)
    }

    deinit {
        _ = writer.finish()
        close(descriptor)
    }

    /// `$XDG_CACHE_HOME/chat-tui/replays` (`~/.cache` when unset): on disk,
    /// where `/tmp` may be held in memory.
    public static func folder(environment: [String: String]) -> String {
        DataFolders.xdgFolder("XDG_CACHE_HOME", else: ".cache", environment: environment) + "/chat-tui/replays"
    }

    /// How many bytes the spool holds: where the next line appended starts.
    public private(set) var size: Int64 = 0

    /// Appends `lines` (without their newlines), in one write.
    public func append(_ lines: [String]) throws(StorageError) {
        guard !lines.isEmpty else { return }
        var bytes: [UInt8] = []
        for line in lines {
            bytes += line.utf8
            bytes.append(0x0A)
        }
        if let code = bytes.withUnsafeBytes({ add($0) }) { throw Self.failure(code) }
    }

    /// Appends whole lines as they are, each with its newline. They are
    /// written on the spool's own thread: a write that failed is told by a
    /// later append, or by `finishWriting()`.
    public func append(lines bytes: UnsafeRawBufferPointer) throws(StorageError) {
        if let code = add(bytes) { throw Self.failure(code) }
    }

    private func add(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard bytes.count > 0 else { return nil }
        if let code = writer.append(bytes) { return code }
        size += Int64(bytes.count)
        return nil
    }

    /// Waits until all that was appended is written, as reading back does;
    /// throws when some of it could not be.
    public func finishWriting() throws(StorageError) {
        if let code = writer.finish() { throw Self.failure(code) }
    }

    private static func failure(_ code: Int32) -> StorageError {
        StorageError("cannot keep the replay's history on disk", code: code)
    }

    /// Moves where `olderLines` goes on from to `offset`, the start of a line
    /// appended earlier: the oldest line the room holds.
    public func rewind(toOffset offset: Int64) {
        history.rewind(toOffset: offset)
    }

    /// Moves where `olderLines` goes on from to the start of the newest line
    /// that `matches`, among the last `limit` lines of what the room may hold:
    /// those before `newerLines` goes on, or the spool's last; false when
    /// none does.
    public func rewind(toLineMatching matches: (String) -> Bool, within limit: Int) -> Bool {
        _ = writer.finish()
        return history.rewind(in: descriptor, toLineMatching: matches, within: limit, before: next)
    }

    /// Where `newerLines` goes on from: the start of the line after the newest
    /// the room holds, while it let go of what came after (nil while it
    /// holds the spool's newest lines).
    private var next: Int64?

    /// True while the room does not hold the spool's newest lines.
    public var isReadingForward: Bool { next != nil }

    /// Moves where `newerLines` goes on from to just after the newest line
    /// that `matches`, among the last `limit` lines of what the room may hold:
    /// the room holds no line after it. False, moving nothing, when none does.
    public func seekNewer(afterLineMatching matches: (String) -> Bool, within limit: Int) -> Bool {
        _ = writer.finish()
        guard let found = LineHistory.line(in: descriptor, before: next, matching: matches, within: limit) else {
            return false
        }
        next = found.upperBound
        return true
    }

    /// Up to `count` lines after those read forward, and whether they reach
    /// the spool's end, after which the room holds the newest lines again.
    public func newerLines(_ count: Int) -> (lines: [String], reachedEnd: Bool) {
        _ = writer.finish()
        guard let start = next else { return ([], true) }
        let found = LineHistory.lines(in: descriptor, from: start, count: count)
        next = found.end
        // Nothing more to read is the end too: a write that failed left it short.
        guard found.end >= size || found.lines.isEmpty else { return (found.lines, false) }
        next = nil
        return (found.lines, true)
    }

    /// The spool's last `count` lines, oldest first: the room holds them in
    /// place of all it held. Reading back goes on before them.
    public func newestLines(_ count: Int) -> [String] {
        _ = writer.finish()
        next = nil
        return history.recentLines(count, in: descriptor)?.lines ?? []
    }

    /// Up to `count` lines from before those already read (or the last ones,
    /// before any were), oldest first.
    public func olderLines(_ count: Int) -> [String] {
        _ = writer.finish()
        return history.olderLines(count, in: descriptor)
    }

    /// True while lines before those read are left.
    public var hasOlderLines: Bool { history.hasOlderLines }
}
