import ChatCore
import ChatIO
import ChatModel
import Glibc

/// A transcript being replayed: its lines read as they arrive, made into messages,
/// and played at once or paced by `--speed`.
final class ReplayInput: Link {
    private let lines: LineReader
    private var reader: TranscriptReader
    private var pacer: ReplayPacer<Event>?
    /// True once the end of the input has been told, after its last message.
    private var endTold = false
    private let ownsDescriptor: Bool
    /// Lines under the user's nick are the user's own, as in the room file.
    private let own: OwnNames

    /// Opens the source named on the command line. Standard input must not be
    /// the terminal, or there is nothing to replay.
    init(source: Options.ReplaySource, room: String, sender: String, nick: String, speed: Double?, clock: ClockFace,
         at now: Moment) throws(StartupError) {
        own = OwnNames(nick)
        self.room = room
        let descriptor: Int32
        var fileDate: CivilTime?
        switch source {
        case .standardInput:
            guard isatty(0) == 0 else { throw .nothingToReplay }
            descriptor = 0
            ownsDescriptor = false
        case .file(let path):
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotReadReplay(StorageError("cannot read \(path)")) }
            // A folder opens, and only its reads fail: refuse it here, as a missing file is.
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                close(descriptor)
                throw .cannotReadReplay(StorageError("cannot read \(path)", code: EISDIR))
            }
            ownsDescriptor = true
            fileDate = Self.dateNamed(by: path)
        }
        lines = LineReader(descriptor: descriptor)
        reader = TranscriptReader(source: sender, clock: clock, today: clock.civilTime(now.wall),
                                  fileDate: fileDate)
        pacer = speed.map { ReplayPacer(speed: $0) }
    }

    deinit {
        if ownsDescriptor { close(lines.descriptor) }
    }

    /// The room the transcript is shown in.
    let room: String

    // MARK: Link

    var rooms: [String] { [room] }

    /// The input's descriptor, while it has not ended.
    var descriptors: [Int32] { lines.ended ? [] : [lines.descriptor] }

    func events(ready: Set<Int32>, at now: Moment) -> [(event: Event, room: String?)] {
        read(at: now, readable: ready.contains(lines.descriptor))
    }

    /// A replay only brings messages in; what is sent in its room goes to the room's file.
    func carryOut(_ effect: Effect, for room: String, at now: Moment) -> [Event]? { nil }

    /// How long until a paced message is due, in milliseconds; nil when none waits.
    func millisecondsUntilDue(at now: Moment) -> Int32? {
        pacer?.nextDue().map(now.milliseconds(until:))
    }

    /// Reads what has arrived, and returns the events for the messages now due.
    private func read(at now: Moment, readable: Bool) -> [(event: Event, room: String?)] {
        var events: [(event: Event, room: String?)] = []
        if readable {
            let stamp = now.wall
            for line in lines.readLines() {
                let broken = reader.brokenLines
                guard var message = reader.read(line, now: stamp) else { continue }
                own.mark(&message)
                let event: Event = reader.brokenLines > broken ? .unreadable(message) : .received(message)
                if pacer == nil { events.append((event, room)) } else { pacer?.add(event, at: message.time) }
            }
        }
        for event in pacer?.release(now: now.monotonic) ?? [] { events.append((event, room)) }
        if lines.ended, !endTold, !(pacer?.hasWaiting ?? false) {
            endTold = true
            events.append((.replayEnded, room))
        }
        return events
    }

    /// The date in a ZNC log's file name, `…/2026-12-02.log`.
    static func dateNamed(by path: String) -> CivilTime? {
        let name = path.split(separator: "/").last ?? ""
        guard name.count == 14, name.hasSuffix(".log") else { return nil }
        let parts = name.dropLast(4).split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            return nil
        }
        let date = CivilTime(year: year, month: month, day: day)
        return date.isValid ? date : nil
    }
}
