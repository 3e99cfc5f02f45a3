import ChatCore
import ChatIO
import ChatModel
import Glibc

/// A transcript being replayed: its lines read as they arrive, made into messages,
/// and played at once or paced by `--speed`. What the room shows is also kept
/// in a `ReplaySpool`, which reading back goes through once the room has let
/// go of the oldest messages.
final class ReplayInput: Link {
    /// The input's descriptor.
    private let input: Int32
    /// The input read line by line, when paced by `--speed` (nil when played at once).
    private let lines: LineReader?
    /// The input read in bulk, when played at once (nil when paced).
    private var ingest: ReplayIngest?
    /// When the last arrivals were taken from `ingest`, on the monotonic clock.
    private var lastTaken: Double?
    private var reader: TranscriptReader
    private var pacer: ReplayPacer<Event>?
    /// True once the end of the input has been told, after its last message.
    private var endTold = false
    private let ownsDescriptor: Bool
    /// Lines under the user's nick are the user's own, as in the room file.
    private var own: OwnNames
    /// Every message the room was given, oldest first; nil once it failed
    /// (or could not be made), when reading back ends where memory does.
    private var spool: ReplaySpool?
    /// Why the spool failed, waiting to be told at the next turn.
    private var spoolProblem: String?
    /// Whether the spool has failed: the user is told at the first failure only.
    private var spoolFailed = false
    /// The oldest message read back from the spool, where reading back goes on from.
    private var oldestRead: Message?

    /// Opens the source named on the command line. Standard input must not be
    /// the terminal, or there is nothing to replay.
    init(
        source: Options.ReplaySource, room: String, sender: String, nick: String, speed: Double?, clock: ClockFace,
        spoolFolder: String, at now: Moment
    ) throws(StartupError) {
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
        input = descriptor
        reader = TranscriptReader(
            source: sender, clock: clock, today: clock.civilTime(now.wall),
            fileDate: fileDate)
        pacer = speed.map { ReplayPacer(speed: $0) }
        lines = speed == nil ? nil : LineReader(descriptor: descriptor)
        if lines == nil {
            ingest = ReplayIngest(descriptor: descriptor, reader: reader, held: Self.heldArrivals) { [unowned self] bytes in
                self.keep(bytes: bytes)
            }
        }
        do {
            spool = try ReplaySpool(folder: spoolFolder)
        } catch {
            spoolFailing(error)
        }
    }

    /// The most lines made into messages each time arrivals are taken: more
    /// than the tallest screen shows; the rest is read back from the spool.
    static let heldArrivals = 1000
    /// The most made into messages at a take while the input goes on: more
    /// than a frame of the pour shows. Making a thousand at every frame cost
    /// more than a tenth of a pour's time.
    static let pouringArrivals = 200
    /// The shortest time between two takes while a replay pours in: a frame's.
    static let takeSeconds = RunLoop.pourFrameSeconds

    /// True once the input has ended.
    private var ended: Bool { ingest?.ended ?? lines?.ended ?? true }

    deinit {
        if ownsDescriptor { close(input) }
    }

    /// The room the transcript is shown in.
    let room: String

    // MARK: Link

    var rooms: [String] { [room] }

    /// The input's descriptor, while it has not ended, and a wait that ends
    /// when a paced message is due or something waits to be told.
    func wait(at now: Moment) -> LinkWait {
        LinkWait(descriptor: ended ? nil : input, milliseconds: millisecondsUntilDue(at: now))
    }

    func events(ready: Set<Int32>, at now: Moment) -> [(event: Event, room: String?)] {
        read(at: now, readable: ready.contains(input))
    }

    /// Reading back is answered from the spool. What is sent in the replay's
    /// room is kept in the spool, in the order the room shows it, and left to
    /// the room's file (nil: another link carries it out).
    func carryOut(_ effect: Effect, for room: String, at now: Moment) -> [Event]? {
        switch effect {
        case .send(_, let message):
            keep([message])
            own.add(message.sender)
            return nil
        case .loadOlderMessages(let first):
            return [olderHistory(before: first)]
        case .loadNewerMessages(let last):
            return [newerHistory(after: last)]
        case .letGoOfNewer(let last):
            if let spool { _ = seek(spool, after: last) }
            return []
        default:
            return nil
        }
    }

    /// The messages before `first` (the oldest the room holds) from the spool:
    /// from where the last read back ended while `first` is the oldest read,
    /// else from before `first`, found among the spool's last lines.
    private func olderHistory(before first: Message?) -> Event {
        guard let spool else { return .history([], reachedStart: true) }
        do {
            try spool.finishWriting()
        } catch {
            // What was kept before the failure is still read back; the user is told.
            spoolFailing(error)
        }
        if let first, !(oldestRead.map(first.isSame) ?? false) {
            guard spool.rewind(toLineMatching: Self.lines(holding: first), within: Self.rewindLines) else {
                return .history([], reachedStart: true)
            }
        }
        let older = messages(spool.olderLines(Self.olderHistoryLines))
        if let oldest = older.first { oldestRead = oldest }
        return .history(older, reachedStart: !spool.hasOlderLines)
    }

    /// The messages after `last` (the newest the room holds) from the spool,
    /// or its newest ones when `last` is nil: a room read far back reads
    /// again what it let go of.
    private func newerHistory(after last: Message?) -> Event {
        guard let spool else { return .newer([], reachedEnd: true) }
        guard let last else {
            let newest = messages(spool.newestLines(Self.olderHistoryLines))
            oldestRead = newest.first
            return .newer(newest, reachedEnd: true)
        }
        guard newestRead.map(last.isSame) ?? false || seek(spool, after: last) else {
            return .newer([], reachedEnd: true)
        }
        let found = spool.newerLines(Self.olderHistoryLines)
        let newer = messages(found.lines)
        newestRead = newer.last ?? last
        return .newer(newer, reachedEnd: found.reachedEnd)
    }

    /// Moves where reading forward goes on from to just after `last`, found
    /// among the lines the room may hold; false when it is not there, when
    /// the next ask looks for it again rather than read on from elsewhere.
    private func seek(_ spool: ReplaySpool, after last: Message) -> Bool {
        guard spool.seekNewer(afterLineMatching: Self.lines(holding: last), within: Self.rewindLines) else {
            return false
        }
        newestRead = last
        return true
    }

    /// Whether a spool line is `message`: looked at quickly, then read whole.
    private static func lines(holding message: Message) -> (String) -> Bool {
        { line in
            guard message.mayBe(inLine: line, byText: true), let read = Transcript.decode(line[...]) else { return false }
            return message.isSame(as: read)
        }
    }

    /// The newest message read forward from the spool, where reading forward goes on from.
    private var newestRead: Message?

    /// Spool lines as messages, the user's own marked. Every line chat-tui
    /// keeps reads as one (a broken line of the input is kept as the
    /// plain-text message it was shown as); any other is left out.
    private func messages(_ lines: [String]) -> [Message] {
        lines.compactMap { line -> Message? in
            guard var message = Transcript.decode(line[...]) else { return nil }
            own.mark(&message)
            return message
        }
    }

    /// How many lines one read back brings, as from a room's file.
    static let olderHistoryLines = RoomLink.olderHistoryLines
    /// How far back from the spool's end the room's oldest message is looked for:
    /// well past what a room holds.
    static let rewindLines = RoomLink.rewindLines

    /// Keeps `messages` in the spool.
    private func keep(_ messages: [Message]) {
        keep(lines: messages.map(Transcript.encode))
    }

    /// Keeps transcript lines in the spool.
    private func keep(lines: [String]) {
        guard !lines.isEmpty else { return }
        _ = usingSpool { spool throws(StorageError) in try spool.append(lines) }
    }

    /// Runs `body` with the spool; when it fails the spool is given up, and
    /// the user told once. Nil without a spool, or after a failure.
    private func usingSpool<Result>(_ body: (ReplaySpool) throws(StorageError) -> Result) -> Result? {
        guard let spool else { return nil }
        do throws(StorageError) {
            return try body(spool)
        } catch {
            self.spool = nil
            spoolFailing(error)
            return nil
        }
    }

    /// Keeps `error` to be told, unless the spool has failed before: a
    /// message sent after a failed read back finds it failed again.
    private func spoolFailing(_ error: StorageError) {
        guard !spoolFailed else { return }
        spoolFailed = true
        spoolProblem = error.description
    }

    /// How long until a paced message is due, in milliseconds, or 0 while a
    /// spool's failure waits to be told; nil when nothing waits.
    private func millisecondsUntilDue(at now: Moment) -> Int32? {
        if spoolProblem != nil { return 0 }
        if let ingest, ingest.hasPending { return now.milliseconds(until: (lastTaken ?? 0) + Self.takeSeconds) }
        return pacer?.nextDue().map(now.milliseconds(until:))
    }

    /// Keeps lines read in bulk in the spool, in one write; where they start
    /// there, nil once the spool is given up.
    private func keep(bytes: UnsafeRawBufferPointer) -> Int64? {
        usingSpool { spool throws(StorageError) in
            let start = spool.size
            try spool.append(lines: bytes)
            return start
        }
    }

    /// Reads what has arrived in bulk and, a frame apart (or at once when the
    /// input ended), gives the room the newest lines as messages and the count
    /// of those passed over. After lines were passed over, reading back goes
    /// on from the first given.
    private func readInBulk(_ ingest: ReplayIngest, at now: Moment, readable: Bool) -> [(event: Event, room: String?)] {
        if readable { ingest.readAvailable(now: now.wall) }
        var events: [(event: Event, room: String?)] = []
        if ingest.hasPending, ingest.ended || now.monotonic >= (lastTaken ?? 0) + Self.takeSeconds {
            lastTaken = now.monotonic
            let taken = ingest.take(upTo: ingest.ended ? Self.heldArrivals : Self.pouringArrivals)
            if taken.passedOver > 0 {
                events.append((.passedOver(count: taken.passedOver, unreadable: taken.passedOverUnreadable), room))
                // A room reading forward holds none of them: reading back goes on where it was.
                if let first = taken.arrivals.first, let keptAt = first.keptAt, spool?.isReadingForward != true {
                    spool?.rewind(toOffset: keptAt)
                    oldestRead = first.message
                }
            }
            for arrival in taken.arrivals {
                var message = arrival.message
                own.mark(&message)
                events.append((arrival.unreadable ? .unreadable(message) : .received(message), room))
            }
        }
        return events + afterReading(inputDone: ingest.ended && !ingest.hasPending)
    }

    /// What a read ends with: that the spool was given up, and, once all
    /// the input is shown (`inputDone`), that it ended.
    private func afterReading(inputDone: Bool) -> [(event: Event, room: String?)] {
        var events: [(event: Event, room: String?)] = []
        if let problem = spoolProblem {
            spoolProblem = nil
            events.append((.notice(.replayHistoryNotKept(reason: problem)), room))
        }
        if inputDone, !endTold {
            endTold = true
            events.append((.replayEnded, room))
        }
        return events
    }

    /// Reads what has arrived, and returns the events for the messages now due.
    private func read(at now: Moment, readable: Bool) -> [(event: Event, room: String?)] {
        if let ingest { return readInBulk(ingest, at: now, readable: readable) }
        guard let lines else { return [] }
        var events: [(event: Event, room: String?)] = []
        if readable {
            let stamp = now.wall
            var kept: [String] = []
            for line in lines.readLines() {
                let broken = reader.brokenLines
                guard var message = reader.read(line, now: stamp) else { continue }
                own.mark(&message)
                let event: Event = reader.brokenLines > broken ? .unreadable(message) : .received(message)
                guard pacer == nil else {
                    pacer?.add(event, at: message.time)
                    continue
                }
                events.append((event, room))
                // A line of chat-tui's own format is kept as it came (it reads
                // back as the same message); any other is written in it.
                if line.first == "{", reader.brokenLines == broken {
                    kept.append(String(line.last == "\r" ? line.dropLast() : line))
                } else {
                    kept.append(Transcript.encode(message))
                }
            }
            keep(lines: kept)
        }
        let released = pacer?.release(now: now.monotonic) ?? []
        for event in released { events.append((event, room)) }
        keep(
            released.compactMap { event -> Message? in
                switch event {
                case .received(let message), .unreadable(let message): message
                default: nil
                }
            })
        return events + afterReading(inputDone: lines.ended && !(pacer?.hasWaiting ?? false))
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
