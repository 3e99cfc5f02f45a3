import Glibc

/// A room's history on disk: one transcript line per message, appended by any
/// number of chat-tui processes and followed by each of them.
///
/// A line is appended in one `write` to a file opened with `O_APPEND`, under an
/// exclusive `flock`, and flushed with `fdatasync` before `append` returns, so
/// lines from different processes never interleave and a message reported as
/// sent is on disk. Followers read only complete lines, so a line still being
/// written is left for the next look.
public final class RoomFile {
    public let path: String
    /// Open on the file, or -1 after a failure until the next write reopens it.
    private var descriptor: Int32 = -1
    /// The file the descriptor is open on, to notice it being replaced.
    private var identity: (device: UInt64, inode: UInt64)?
    /// Where the lines not read yet start.
    private var followOffset: Int64 = 0
    /// Where this process's own lines start, so following does not show them twice.
    private var ownLineStarts = Set<Int64>()

    /// Opens (and creates, with its folders) the file of `room` in `folder`.
    public init(folder: String, room: String) throws(StorageError) {
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
    /// end only as far as they go. Following starts after them.
    public func recentLines(_ count: Int) -> [String] {
        guard descriptor >= 0, count > 0 else { return [] }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return [] }
        let size = Int64(info.st_size)
        let chunk: Int64 = 64 * 1024
        var start = size
        var tail: [UInt8] = []
        // Read backwards until the bytes hold `count` line ends before the last
        // complete line's, or the file's start.
        while start > 0 {
            let length = min(chunk, start)
            start -= length
            var piece = [UInt8](repeating: 0, count: Int(length))
            let got = piece.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Int(length), off_t(start)) }
            guard got == length else { return [] }
            tail = piece + tail
            if tail.lazy.filter({ $0 == 0x0A }).count > count { break }
        }
        guard let lastNewline = tail.lastIndex(of: 0x0A) else {
            followOffset = start
            return []
        }
        followOffset = start + Int64(lastNewline) + 1
        var lines = tail[...lastNewline].split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        if start > 0 { lines = lines.dropFirst() }  // cut at the chunk's edge
        return lines.suffix(count).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends `line` and a newline in one write, under the lock, flushed to disk.
    /// On failure nothing of the line is left in the file, and the next call
    /// opens the path afresh (the cause may have been fixed by then).
    public func append(_ line: String) throws(StorageError) {
        if descriptor < 0 { try open() }
        let fd = descriptor
        guard flock(fd, LOCK_EX) == 0 else { throw failed("cannot lock \(path)") }
        defer { flock(fd, LOCK_UN) }
        let start = lseek(fd, 0, SEEK_END)
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written != bytes.count {
            let code = written < 0 ? errno : ENOSPC
            if start >= 0 { _ = ftruncate(fd, start) }
            throw failed("cannot write to \(path)", code: code)
        }
        if fdatasync(fd) != 0 && errno != EINVAL && errno != EROFS {
            let code = errno
            _ = ftruncate(fd, start)
            throw failed("cannot save \(path)", code: code)
        }
        ownLineStarts.insert(Int64(start))
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
