import ChatModel
import Glibc

/// A transcript read as fast as it arrives: a megabyte at a read, each line
/// looked at by its bytes (`TranscriptLineCheck`) and kept as it came, and
/// made into a message only if it is among the newest `held`, which is all a
/// room shows of a transcript poured in faster than anyone reads. What came
/// before them is counted, and read back from where it was kept.
///
/// Any line the check does not pass (another log format, a broken line, the
/// first line, which may open with a byte order mark) is read by
/// `TranscriptReader`, one by one and in order, which decides whether it is
/// unreadable; so the count of unreadable lines is exact.
public final class ReplayIngest {
    public let descriptor: Int32
    /// True once the input has ended (or failed).
    public private(set) var ended = false
    /// How many of the newest lines are kept to be made into messages.
    public let held: Int

    /// A message read from the input, with where its line was kept (nil: it was not).
    public struct Arrival {
        public var message: Message
        /// Shown as plain text, its line unreadable as its format.
        public var unreadable: Bool
        public var keptAt: Int64?
    }

    /// What arrived since `take()` was last asked.
    public struct Taken {
        /// Lines that arrived before `arrivals`, not made into messages.
        public var passedOver = 0
        /// How many of those were unreadable.
        public var passedOverUnreadable = 0
        public var arrivals: [Arrival] = []
    }

    private var reader: TranscriptReader
    /// Keeps whole lines (each with its newline) and says where they start,
    /// nil once they cannot be kept.
    private let keep: (UnsafeRawBufferPointer) -> Int64?
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes in `buffer` not looked at yet: the start of a line still arriving.
    private var filled = 0
    private var linesSeen = 0

    /// A line waiting to be taken: its bytes in `pendingBytes`, or already a message.
    private enum Pending {
        case line(Range<Int>, keptAt: Int64?)
        case message(Arrival)

        var bytes: Range<Int>? {
            if case .line(let range, _) = self { range } else { nil }
        }
    }
    private var pending: [Pending] = []
    private var pendingFirst = 0
    private var pendingBytes: [UInt8] = []
    private var passedOver = 0
    private var passedOverUnreadable = 0

    /// Reads `descriptor`, a pipe or a file. `keep` is given the lines as
    /// they should be kept for reading back, in order.
    public init(
        descriptor: Int32, reader: TranscriptReader, held: Int,
        keep: @escaping (UnsafeRawBufferPointer) -> Int64?
    ) {
        self.descriptor = descriptor
        self.reader = reader
        self.held = max(1, held)
        self.keep = keep
        capacity = Self.readSize
        buffer = .allocate(capacity: capacity)
        // A pipe a megabyte deep is read in fewer, larger pieces (refused
        // quietly where the system allows less, or for a file).
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO {
            _ = fcntl(descriptor, Self.setPipeSize, Int32(Self.readSize))
        }
    }

    deinit {
        buffer.deallocate()
    }

    /// What one read asks for.
    static let readSize = 1 << 20
    /// Linux's F_SETPIPE_SZ, which Glibc's module does not name.
    private static let setPipeSize: Int32 = 1031

    /// True when lines wait to be taken.
    public var hasPending: Bool { pendingFirst < pending.count || passedOver > 0 }

    /// Reads what is there now: once (the caller knows there is input), then
    /// on while more is there at once, up to `budget` bytes, so a key typed
    /// meanwhile waits little. `now` stamps lines that carry no time.
    public func readAvailable(now: Timestamp, budget: Int = 16 << 20) {
        var read = 0
        repeat {
            if filled == capacity { grow() }
            let count = Glibc.read(descriptor, buffer + filled, capacity - filled)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
            guard count > 0 else {
                ended = true
                if filled > 0 { readLastLine(now: now) }
                return
            }
            filled += count
            read += count
            takeLines(now: now)
        } while read < budget && Self.hasInput(descriptor)
    }

    /// The lines that arrived since the last call: the newest `held`, or
    /// `limit` when fewer, as messages, and how many came before them.
    public func take(upTo limit: Int = .max) -> Taken {
        let first = max(pendingFirst, pending.count - max(0, limit))
        countPassedOver(pending[pendingFirst..<first])
        var taken = Taken(passedOver: passedOver, passedOverUnreadable: passedOverUnreadable)
        for entry in pending[first...] {
            switch entry {
            case .message(let arrival):
                taken.arrivals.append(arrival)
            case .line(let range, let keptAt):
                let line = pendingBytes[range].withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
                // The check passed it, so it decodes; were it not to, it is shown as it came.
                let message = Transcript.decode(line[...]) ?? Message(sender: reader.source, text: line, time: nil)
                taken.arrivals.append(Arrival(message: message, unreadable: false, keptAt: keptAt))
            }
        }
        pending.removeAll(keepingCapacity: true)
        pendingFirst = 0
        pendingBytes.removeAll(keepingCapacity: true)
        passedOver = 0
        passedOverUnreadable = 0
        return taken
    }

    private static func hasInput(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN | POLLHUP) != 0
    }

    private func grow() {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: buffer, count: filled)
        buffer.deallocate()
        buffer = larger
        capacity *= 2
    }

    /// Looks at the complete lines in `buffer`, keeps them, and moves the
    /// incomplete one left to the front.
    private func takeLines(now: Timestamp) {
        var lineStart = 0
        // Lines passed by the check since `runStart`, kept in one piece.
        var runStart = 0
        var run: [Range<Int>] = []
        run.reserveCapacity(8192)
        while lineStart < filled {
            let rest = UnsafeBufferPointer(start: buffer + lineStart, count: filled - lineStart)
            if linesSeen > 0, let length = TranscriptLineCheck.plainMessageLength(rest) {
                run.append(lineStart..<lineStart + length)
                lineStart += length + 1
                linesSeen += 1
                continue
            }
            guard let found = memchr(buffer + lineStart, 0x0A, filled - lineStart) else { break }
            let newline = UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self) - buffer
            keepRun(&run, from: runStart, to: lineStart)
            readLine(lineStart..<newline, now: now)
            lineStart = newline + 1
            runStart = lineStart
            linesSeen += 1
        }
        keepRun(&run, from: runStart, to: lineStart)
        filled -= lineStart
        if filled > 0, lineStart > 0 { buffer.update(from: buffer + lineStart, count: filled) }
    }

    /// Keeps the lines passed by the check, as they came, and holds the newest.
    private func keepRun(_ run: inout [Range<Int>], from start: Int, to end: Int) {
        guard !run.isEmpty else { return }
        let keptAt = keep(UnsafeRawBufferPointer(start: buffer + start, count: end - start))
        // Only the newest `held` of the run can be among the newest held.
        let newest = run.suffix(held)
        makeRoom(for: newest.count)
        passedOver += run.count - newest.count
        let from = newest.first!.lowerBound
        let base = pendingBytes.count - from
        pendingBytes.append(contentsOf: UnsafeBufferPointer(start: buffer + from, count: newest.last!.upperBound - from))
        for range in newest {
            pending.append(
                .line(
                    range.lowerBound + base..<range.upperBound + base,
                    keptAt: keptAt.map { $0 + Int64(range.lowerBound - start) }))
        }
        run.removeAll(keepingCapacity: true)
    }

    /// Reads one line the long way, keeps it in chat-tui's format and holds it.
    private func readLine(_ range: Range<Int>, now: Timestamp) {
        var end = range.upperBound
        if end > range.lowerBound, buffer[end - 1] == 0x0D { end -= 1 }
        let line = String(
            decoding: UnsafeBufferPointer(start: buffer + range.lowerBound, count: end - range.lowerBound),
            as: UTF8.self)
        let broken = reader.brokenLines
        guard let message = reader.read(line[...], now: now) else { return }
        let unreadable = reader.brokenLines > broken
        // A line of chat-tui's own format is kept as it came (it reads back as
        // the same message); any other is kept in it.
        var kept =
            line.first == "{" && !unreadable
            ? String(line.last == "\r" ? line.dropLast() : line[...])
            : Transcript.encode(message)
        kept += "\n"
        let keptAt = kept.withUTF8 { keep(UnsafeRawBufferPointer($0)) }
        makeRoom(for: 1)
        pending.append(.message(Arrival(message: message, unreadable: unreadable, keptAt: keptAt)))
    }

    /// The last line, which has no newline, once the input ended.
    private func readLastLine(now: Timestamp) {
        readLine(0..<filled, now: now)
        filled = 0
    }

    /// Counts `entries` as passed over, and those unreadable among them.
    private func countPassedOver(_ entries: ArraySlice<Pending>) {
        for entry in entries {
            if case .message(let arrival) = entry, arrival.unreadable { passedOverUnreadable += 1 }
        }
        passedOver += entries.count
    }

    /// Passes over the oldest held lines until `count` more fit.
    private func makeRoom(for count: Int) {
        let excess = pending.count - pendingFirst + count - held
        guard excess > 0 else { return }
        countPassedOver(pending[pendingFirst..<pendingFirst + excess])
        pendingFirst += excess
        // Once as many as are held were passed over, what is left moves to the front.
        if pendingFirst >= held {
            pending.removeFirst(pendingFirst)
            pendingFirst = 0
            let shift = pending.lazy.compactMap(\.bytes).first?.lowerBound ?? pendingBytes.count
            pendingBytes.removeFirst(shift)
            for index in pending.indices {
                if case .line(let range, let keptAt) = pending[index] {
                    pending[index] = .line(range.lowerBound - shift..<range.upperBound - shift, keptAt: keptAt)
                }
            }
        }
    }
}
