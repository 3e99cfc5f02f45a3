import CSystem
import Glibc

/// Reading a file of lines backwards, as far as the user scrolls back: where
/// the earliest line read so far starts, and the reads that move it; and
/// forwards again, from a line found. A room's file and a replay's spool are
/// read back through it.
struct LineHistory {
    /// Where the earliest line read so far starts; 0 once the file's first line is read.
    private(set) var start: Int64 = 0

    /// True while lines before those read are left in the file.
    var hasOlderLines: Bool { start > 0 }

    /// The last `count` complete lines of the file open on `descriptor`,
    /// oldest first; reading back continues before them. Also says where the
    /// last of them ends, nil when the file cannot be read.
    mutating func recentLines(_ count: Int, in descriptor: Int32) -> (lines: [String], end: Int64)? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let found = Self.lines(in: descriptor, before: Int64(info.st_size), count: count)
        start = found.start
        return (found.lines, found.end)
    }

    /// Up to `count` lines from before those already read, oldest first.
    mutating func olderLines(_ count: Int, in descriptor: Int32) -> [String] {
        guard start > 0 else { return [] }
        let found = Self.lines(in: descriptor, before: start, count: count)
        start = found.start
        return found.lines
    }

    /// Moves where `olderLines` goes on from to `offset`, where a line starts.
    mutating func rewind(toOffset offset: Int64) {
        start = max(0, offset)
    }

    /// Moves where `olderLines` goes on from to the start of the newest line
    /// that `matches`, among the last `limit` lines before `end` (the file's
    /// end when nil); false, moving nothing, when none does.
    mutating func rewind(
        in descriptor: Int32, toLineMatching matches: (String) -> Bool, within limit: Int,
        before end: Int64? = nil
    ) -> Bool {
        guard let found = Self.line(in: descriptor, before: end, matching: matches, within: limit) else { return false }
        start = found.lowerBound
        return true
    }

    /// Where the newest line that `matches` starts and ends (after its
    /// newline), among the last `limit` lines before `end` (the file's end
    /// when nil); nil when none does.
    static func line(
        in descriptor: Int32, before end: Int64?, matching matches: (String) -> Bool,
        within limit: Int
    ) -> Range<Int64>? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        var end = min(end ?? Int64(info.st_size), Int64(info.st_size))
        var looked = 0
        while end > 0, looked < limit {
            let found = lines(in: descriptor, before: end, count: min(1000, limit - looked))
            guard !found.lines.isEmpty else { return nil }
            if let index = found.lines.lastIndex(where: matches) {
                return found.starts[index]..<(index + 1 < found.starts.count ? found.starts[index + 1] : found.end)
            }
            looked += found.lines.count
            end = found.start
        }
        return nil
    }

    /// Up to `count` complete lines from `start` on, in order, and where the
    /// last of them ends (after its newline): reading forward, as a room read
    /// far back reads again what it let go of. Reads in blocks, only as far
    /// as the lines go.
    static func lines(in descriptor: Int32, from start: Int64, count: Int) -> (lines: [String], end: Int64) {
        let block = 64 * 1024
        var lines: [String] = []
        var offset = start
        var carried: [UInt8] = []
        while lines.count < count {
            var piece = [UInt8](repeating: 0, count: block)
            let got = piece.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, block, off_t(offset)) }
            guard got > 0 else { break }
            offset += Int64(got)
            carried += piece[..<got]
            var lineStart = 0
            while lines.count < count, let newline = carried[lineStart...].firstIndex(of: 0x0A) {
                lines.append(String(decoding: carried[lineStart..<newline], as: UTF8.self))
                lineStart = newline + 1
            }
            carried.removeFirst(lineStart)
        }
        // What was read past the last line whole is read again next time.
        return (lines, offset - Int64(carried.count))
    }

    /// The last `count` complete lines that end before `end`, where the first of
    /// them starts, and where the last ends (after its newline). Reads backwards
    /// in blocks, only as far as the lines go, and looks at no byte before the
    /// line end that starts them (`memrchr`).
    static func lines(in descriptor: Int32, before end: Int64, count: Int)
        -> (lines: [String], starts: [Int64], start: Int64, end: Int64)
    {
        guard count > 0 else { return ([], [], end, end) }
        let block: Int64 = 64 * 1024
        var blocks: [[UInt8]] = []  // the newest first
        var start = end
        // Where the line ends found are in the file, the newest first: one more
        // than `count` marks where the earliest line starts.
        var newlines: [Int64] = []
        while start > 0, newlines.count <= count {
            let length = Int(min(block, start))
            start -= Int64(length)
            var got = 0
            let piece = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                got = pread(descriptor, buffer.baseAddress, length, off_t(start))
                initialized = max(0, got)
            }
            guard got == length else { return ([], [], end, end) }
            piece.withUnsafeBytes { bytes in
                var before = bytes.count
                while newlines.count <= count, before > 0,
                    let found = memrchr(bytes.baseAddress!, 0x0A, before)
                {
                    before = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
                    newlines.append(start + Int64(before))
                }
            }
            blocks.append(piece)
        }
        guard let lastNewline = newlines.first else { return ([], [], end, start) }
        // The file's first line has no line end before it: as if one were just before the file.
        if start == 0 { newlines.append(-1) }
        let bytes = blocks.count == 1 ? blocks[0] : blocks.reversed().reduce(into: [UInt8]()) { $0 += $1 }
        var lines: [String] = []
        var starts: [Int64] = []
        for index in (0..<min(count, newlines.count - 1)).reversed() {
            let lineStart = newlines[index + 1] + 1
            lines.append(String(decoding: bytes[Int(lineStart - start)..<Int(newlines[index] - start)], as: UTF8.self))
            starts.append(lineStart)
        }
        return (lines, starts, starts.first ?? lastNewline + 1, lastNewline + 1)
    }
}
