import Glibc

/// A room's history on disk: one transcript line per message, appended by any
/// number of chat-tui processes and followed by each of them.
///
/// Lines are appended in one `write` to a file opened with `O_APPEND`, under an
/// exclusive `flock`, and flushed with `fdatasync` before `append` returns, so
/// lines from different processes never interleave and a message reported as
/// sent is on disk. Many lines that arrived together go in one `append`, which
/// costs one flush instead of one each. Followers read only complete lines, so
/// a line still being written is left for the next look.
public final class RoomFile {
    public let path: String
    /// Open on the file, or -1 after a failure until the next write reopens it.
    private var descriptor: Int32 = -1
    /// The file the descriptor is open on, to notice it being replaced.
    private var identity: (device: UInt64, inode: UInt64)?
    /// Where the lines not read yet start.
    private var followOffset: Int64 = 0
    /// How far back the file has been read.
    private var history = LineHistory()
    /// Where this process's own lines start, so following does not show them
    /// twice; kept only for a file that is followed, since following is what
    /// takes them out again.
    private var ownLineStarts = Set<Int64>()
    /// True when `newLines` is called to follow other processes' lines.
    private let followed: Bool

    /// Opens (and creates, with its folders) the file of `room` in `folder`;
    /// `followed` when `newLines` will be asked for other processes' lines.
    public init(folder: String, room: String, followed: Bool = true) throws(StorageError) {
        self.followed = followed
        try DataFolders.makeFolder(folder)
        path = folder + "/" + room + ".jsonl"
        try open()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    private func open() throws(StorageError) {
        let fd = Glibc.open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError("cannot open \(path)") }
        var info = stat()
        fstat(fd, &info)
        let newIdentity = (UInt64(info.st_dev), UInt64(info.st_ino))
        if let identity, identity != newIdentity {
            // Another file now stands at the path: follow it from its end.
            followOffset = Int64(info.st_size)
            ownLineStarts.removeAll()
        }
        identity = newIdentity
        descriptor = fd
    }

    /// The last `count` complete lines, oldest first, reading backwards from the
    /// end only as far as they go. Following starts after them, and
    /// `olderLines` continues before them.
    public func recentLines(_ count: Int) -> [String] {
        guard descriptor >= 0, let found = history.recentLines(count, in: descriptor) else { return [] }
        followOffset = found.end
        return found.lines
    }

    /// Up to `count` lines from before those already read, oldest first: the
    /// room's history, as far back as the user scrolls.
    public func olderLines(_ count: Int) -> [String] {
        guard descriptor >= 0 else { return [] }
        return history.olderLines(count, in: descriptor)
    }

    /// True while lines before those read are left in the file.
    public var hasOlderLines: Bool { history.hasOlderLines }

    /// Moves where `olderLines` goes on from to the start of the newest line
    /// that `matches`, among the last `limit` lines; false, moving nothing,
    /// when none does. A room that let go of the oldest messages it held
    /// reads back from before the oldest one it still holds.
    public func rewindHistory(toLineMatching matches: (String) -> Bool, within limit: Int) -> Bool {
        guard descriptor >= 0 else { return false }
        return history.rewind(in: descriptor, toLineMatching: matches, within: limit)
    }

    /// Appends `line` and a newline, under the lock, flushed to disk.
    /// On failure nothing of the line is left in the file, and the next call
    /// opens the path afresh (the cause may have been fixed by then).
    public func append(_ line: String) throws(StorageError) {
        try append([line])
    }

    /// Appends `lines` (without their newlines) at once: all on disk when it
    /// returns, or, on failure, none.
    public func append(_ lines: [String]) throws(StorageError) {
        guard !lines.isEmpty else { return }
        if descriptor < 0 { try open() }
        let fd = descriptor
        guard flock(fd, LOCK_EX) == 0 else { throw failed("cannot lock \(path)") }
        defer { flock(fd, LOCK_UN) }
        let start = lseek(fd, 0, SEEK_END)
        var bytes: [UInt8] = []
        var starts: [Int64] = []
        for line in lines {
            starts.append(Int64(start) + Int64(bytes.count))
            bytes += line.utf8
            bytes.append(0x0A)
        }
        if let code = FileWriting.writeAll(bytes, to: fd) {
            if start >= 0 { _ = ftruncate(fd, start) }
            throw failed("cannot write to \(path)", code: code)
        }
        if fdatasync(fd) != 0 && errno != EINVAL && errno != EROFS {
            let code = errno
            _ = ftruncate(fd, start)
            throw failed("cannot save \(path)", code: code)
        }
        if followed { ownLineStarts.formUnion(starts) }
    }

    private func failed(_ action: String, code: Int32 = errno) -> StorageError {
        let error = StorageError(action, code: code)
        close(descriptor)
        descriptor = -1
        return error
    }

    /// The complete lines other processes appended since the last look.
    public func newLines() -> [String] {
        guard descriptor >= 0 else { return [] }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return [] }
        let size = Int64(info.st_size)
        if size < followOffset { followOffset = size }  // truncated by someone
        guard size > followOffset else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(size - followOffset))
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(followOffset)) }
        guard got > 0, let lastNewline = bytes[..<got].lastIndex(of: 0x0A) else { return [] }
        var lines: [String] = []
        var lineStart = 0
        for index in 0...lastNewline where bytes[index] == 0x0A {
            let offset = followOffset + Int64(lineStart)
            if ownLineStarts.remove(offset) == nil {
                lines.append(String(decoding: bytes[lineStart..<index], as: UTF8.self))
            }
            lineStart = index + 1
        }
        followOffset += Int64(lastNewline) + 1
        return lines
    }
}
