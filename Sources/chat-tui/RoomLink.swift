import ChatCore
import ChatIO
import ChatModel
import Glibc

/// One room's files: its room file (history in, other processes' lines in,
/// sent messages out) and this process's draft of it. Each turn the run loop
/// asks it for what arrived and hands it what the room's state asked for; it
/// turns both into events for the room.
final class RoomLink: Link {
    /// Whose messages a room's file holds, which decides what its link does.
    enum Role {
        /// A local room: its file is the conversation, followed for other
        /// processes' lines, and what the user sends is stored in it.
        case local
        /// The room a replay is shown in: its messages come from the replay
        /// (nothing older is read), and what the user sends is stored.
        case replay
        /// A network's room (the network's own, a channel or a private
        /// conversation), in the folder of its network: the network link
        /// sends and stores (`store`); the file gives the history.
        case network(String, RoomKind)

        /// True for a local room, whose file other processes' lines are read from as they come.
        var followsFile: Bool { if case .local = self { true } else { false } }
    }

    /// The room's label in the session: its name, `NAME · replay`, or a channel's.
    let label: String
    let role: Role
    /// True when other processes' lines are read from the file as they come.
    let followsFile: Bool
    let name: RoomName
    /// Where the room is kept, as the user would write the path.
    let location: String
    private let file: RoomFile
    /// Wakes the run loop when the followed file is written to; nil (or no
    /// longer watching) where inotify cannot tell, and the file is looked at
    /// every `followInterval` instead.
    private let watch: FileWatch?
    private var reader: TranscriptReader
    /// This process's draft file of the room, nil when the drafts folder failed.
    private let draftFolder: DraftFolder?
    private let draftProblem: StorageError?
    /// Drafts of processes now gone, newest first, to restore.
    private let adopted: [String]
    /// Read for every room at every turn (`wait`); a value changed in place
    /// by its own methods, which call nothing back: its accesses are not
    /// checked at run time.
    @exclusivity(unchecked) private var autosave = AutosaveSchedule(savedRevision: 0)
    private let clock: ClockFace
    /// The names the user's own lines are under.
    private var own: OwnNames
    /// A network room's outbox on disk: what was sent and not yet confirmed,
    /// written before it is sent and until the network confirms it.
    private let outboxFile: DraftFile?
    /// The outbox revision last written.
    private var savedOutbox = 0
    /// The newest message in the file, as read when the room opened or stored
    /// since: where a network's history is asked to go on from.
    private(set) var lastStored: Message?
    /// The messages read from the file when the room opened and stored since
    /// (the newest of them), so a network's history or a bouncer's playback
    /// adds nothing twice.
    private(set) var recent = RecentMessages()

    /// Opens the room's file and its drafts folder, taking over the drafts
    /// that processes now gone left in it.
    init(
        name: RoomName, label: String, role: Role = .local, nick: String, environment: [String: String],
        clock: ClockFace, watches: FileWatches?, at now: Moment
    ) throws(StorageError) {
        own = OwnNames(nick)
        self.name = name
        self.label = label
        self.role = role
        followsFile = role.followsFile
        self.clock = clock
        var rooms = DataFolders.rooms(environment: environment)
        var draftRoom = name.value
        var outboxFile: DraftFile?
        if case .network(let network, _) = role {
            let folder = RoomName(fileSafe: network).value
            rooms += "/" + folder
            draftRoom = folder + "/" + name.value
            outboxFile = DraftFile(
                folder: DataFolders.outbox(environment: environment) + "/" + folder, name: name.value + ".jsonl")
        }
        self.outboxFile = outboxFile
        file = try RoomFile(folder: rooms, room: name.value, followed: role.followsFile)
        if role.followsFile, let watches {
            watch = FileWatch(path: file.path, in: watches)
        } else {
            watch = nil
        }
        location = Self.homeRelative(file.path, environment: environment)
        reader = TranscriptReader(source: name.value, clock: clock, today: clock.civilTime(now.wall))
        var folder: DraftFolder?
        do {
            folder = try DraftFolder(drafts: DataFolders.drafts(environment: environment), room: draftRoom)
            adopted = try folder?.adoptOrphans() ?? []
            draftProblem = nil
        } catch {
            // A folder that opened keeps this process's draft even when taking
            // over the others' failed.
            adopted = []
            draftProblem = error
        }
        draftFolder = folder
    }

    /// The events that put the drafts taken over into the room: the newest
    /// in the composer, the others in the history Up walks.
    func restoredDrafts() -> [Event] {
        var events: [Event] = []
        if let problem = draftProblem { events.append(.draftStorage(problem: .draftsNotRead(reason: problem.reason))) }
        if let newest = adopted.first { events.append(.draftRestored(newest)) }
        if adopted.count > 1 { events.append(.unsentDraftsRestored(Array(adopted.dropFirst()))) }
        return events
    }

    /// Starts autosaving from what `room` holds, once its drafts are restored.
    func startAutosave(from room: Room) {
        autosave = AutosaveSchedule(savedRevision: room.unsentDraft.revision)
    }

    /// Lines of a room read when it opens, at least: three screens' worth is more.
    static let historyLines = 100
    /// Lines read each time the user reads back near the first one held: one
    /// chunk is more than the margin that asks for it.
    static let olderHistoryLines = 1000

    /// The room's last `count` lines, read after the first frame.
    func history(count: Int, at now: Moment) -> Event {
        let event = history(file.recentLines(count), at: now)
        historyRead = true
        if case .history(let messages, _) = event {
            lastStored = messages.last
            for message in messages { recent.add(message) }
        }
        return event
    }

    /// The next older lines of the room, as `Effect.loadOlderMessages` asks:
    /// from where the last read ended while the room's first message is the
    /// oldest read, else (the room let go of what it held before `first`, or
    /// `first` arrived while it was open) from before `first`. The room a
    /// replay is shown in is read back by the replay (`ReplayInput`), which
    /// answers first: its file is older than the replay. Nil for a network's
    /// room whose file has nothing older: its network may have.
    private func olderHistory(before first: Message?, at now: Moment) -> Event? {
        if case .replay = role { return .history([], reachedStart: true) }
        if let first, !(oldestRead.map(first.isSame) ?? false), !isOlderThanTheFile(first) {
            // Found among the lines since, the newest first; not found (the
            // file was replaced), the read goes on where it ended.
            _ = file.rewindHistory(
                toLineMatching: { line in
                    guard first.mayBe(inLine: line), let message = read(line, now: now.wall) else { return false }
                    return first.isSame(as: message)
                }, within: Self.rewindLines)
        }
        guard file.hasOlderLines else {
            if case .network = role { return nil }
            return .history([], reachedStart: true)
        }
        return history(file.olderLines(Self.olderHistoryLines), at: now)
    }

    /// The oldest message read from the file, where reading back goes on from.
    private var oldestRead: Message?
    /// The file's first line, once read (or stored, in a file that was empty).
    private var fileStart: Message?
    /// True once the room's last lines were read (`history(count:)`).
    private var historyRead = false

    /// True when `message` was said before the file's first line: it came
    /// from elsewhere (a network's older history), and no line of the file
    /// can be it, so the file is not searched for it.
    private func isOlderThanTheFile(_ message: Message) -> Bool {
        guard let time = message.time, let start = fileStart?.time else { return false }
        return time < start
    }

    /// How far back from the end of the file the first message a room still
    /// holds is looked for: well past what a room holds.
    static let rewindLines = 4 * Options.scrollbacks.upperBound

    /// Lines read back from the room file as history, saying whether they
    /// reach its start (a network's room asks its network for what is older).
    private func history(_ lines: [String], at now: Moment) -> Event {
        let messages = lines.compactMap { read($0, now: now.wall) }
        if let first = messages.first { oldestRead = first }
        if !file.hasOlderLines, fileStart == nil { fileStart = messages.first }
        var reachedStart = !file.hasOlderLines
        if case .network = role { reachedStart = false }
        return .history(messages, reachedStart: reachedStart)
    }

    /// A line of the room file as a message, marked as the user's own when it is.
    private func read(_ line: String, now: Timestamp) -> Message? {
        guard var message = reader.read(line[...], now: now) else { return nil }
        own.mark(&message)
        if case .network = role { Transcript.takeOwnMark(&message) }
        return message
    }

    // MARK: Link

    var rooms: [String] { [label] }

    /// The watch, while it watches.
    private var watching: FileWatch? { watch.flatMap { $0.isWatching ? $0 : nil } }

    /// How often the room file is looked at for other processes' lines where
    /// no watch tells when it changes: not at every key, so ten rooms open
    /// cost a key no more than one.
    static let followInterval = 0.25
    /// When the room file is next looked at, in monotonic seconds.
    private var nextLook = 0.0

    /// The followed file's watch while one is watching; and a wait that ends
    /// when the draft is next due to be written or, with no watch, when the
    /// file is next looked at, whichever comes first.
    func wait(at now: Moment) -> LinkWait {
        // Asked of every room at every turn: the watch is asked once, and
        // nothing is made (a method passed as a closure would allocate its context).
        let watching = self.watching
        var due: Double?
        if let wait = autosave.secondsUntilDue(now: now.monotonic) { due = now.monotonic + wait }
        if followsFile, watching == nil { due = min(due ?? nextLook, nextLook) }
        guard let due else { return LinkWait(descriptor: watching?.descriptor) }
        return LinkWait(descriptor: watching?.descriptor, milliseconds: now.milliseconds(until: due))
    }

    /// Lines other processes appended since the last look: when the watch
    /// says the file changed, or, with no watch, when it is time to look.
    func events(ready: Set<Int32>, at now: Moment) -> [(event: Event, room: String?)] {
        guard followsFile else { return [] }
        if let watching {
            guard watching.changed(ready: ready) else { return [] }
        } else if now.monotonic < nextLook {
            return []
        }
        return arrived(at: now).map { ($0, label) }
    }

    /// The lines other processes appended since the last look, as events.
    private func arrived(at now: Moment) -> [Event] {
        nextLook = now.monotonic + Self.followInterval
        return file.newLines().compactMap { read($0, now: now.wall) }.map { .received($0) }
    }

    /// Stores a sent message in the room file (the answer is delivered or
    /// failed), and reads older lines.
    func carryOut(_ effect: Effect, for room: String, at now: Moment) -> [Event]? {
        switch effect {
        case .send(let id, let message):
            if case .network = role { return nil }  // the network sends, then stores
            own.add(message.sender)
            // What others appended first is shown first, so the pane keeps the file's order.
            let before = followsFile ? arrived(at: now) : []
            do throws(StorageError) {
                try file.append(Transcript.encode(message))
                return before + [.delivered(id)]
            } catch {
                return before + [.deliveryFailed(id, error.reason)]
            }
        case .loadOlderMessages(let first):
            return olderHistory(before: first, at: now).map { [$0] }
        default:
            return nil
        }
    }

    /// Lines of a network's room stored and not yet written.
    private var unwritten: [String] = []

    /// Stores a message of a network's room (received, or sent and
    /// confirmed); it is written with the others of the same turn by
    /// `writeStored`, so a pour of messages costs a flush per read, not per message.
    func store(_ message: Message) {
        if message.isOwn { own.add(message.sender) }
        // A file found empty when its history was read starts with what is stored first.
        if historyRead, fileStart == nil, !file.hasOlderLines { fileStart = message }
        lastStored = message
        recent.add(message)
        // The network said whose it is: kept, as no nick can tell it when read back.
        unwritten.append(message.isOwn ? Transcript.encodeOwn(message) : Transcript.encode(message))
    }

    /// Writes what `store` took since the last time, in one append; a
    /// message that cannot be written is still shown, and the problem returned.
    func writeStored() -> StorageError? {
        guard !unwritten.isEmpty else { return nil }
        defer { unwritten = [] }
        do throws(StorageError) {
            try file.append(unwritten)
            return nil
        } catch {
            return error
        }
    }

    /// The messages an earlier run sent to the network and never had
    /// confirmed, from the outbox on disk, for the room to offer again.
    /// A file that cannot be read, and lines of it that cannot, are said.
    func restoredOutbox() -> [Event] {
        let text: String?
        do throws(StorageError) {
            text = try outboxFile?.load()
        } catch {
            return [.notice(.outboxNotRead(reason: error.reason))]
        }
        guard let lines = text?.split(separator: "\n") else { return [] }
        let messages = lines.compactMap { Transcript.decodeUnsent($0) }
        var events: [Event] = messages.isEmpty ? [] : [.outboxRestored(messages)]
        let unreadable = lines.count - messages.count
        if unreadable > 0 {
            let count = unreadable == 1 ? "1 line" : "\(unreadable) lines"
            events.append(.notice(.outboxNotRead(reason: "\(count) of \(outboxFile?.path ?? "the outbox") could not be read")))
        }
        return events
    }

    /// Writes the room's outbox to disk when it changed (before a message is
    /// sent, and once one is confirmed); an empty outbox removes the file.
    /// Nil when it is on disk as it is in the room, else why not.
    func saveOutbox(_ outbox: Outbox) -> StorageError? {
        guard let outboxFile, outbox.revision != savedOutbox else { return nil }
        let lines = outbox.entries.map { Transcript.encode(unsent: $0.message, delivery: $0.delivery) + "\n" }.joined()
        do throws(StorageError) {
            try outboxFile.save(lines)
            savedOutbox = outbox.revision
            outboxProblem = nil
            return nil
        } catch {
            return error
        }
    }

    /// Why the outbox could not be written the last time, until it is.
    private var outboxProblem: String?

    /// True the first time `problem` is met since the outbox was last
    /// written: it is said once, not at every turn that tries again.
    func isNewOutboxProblem(_ problem: StorageError) -> Bool {
        defer { outboxProblem = problem.reason }
        return outboxProblem != problem.reason
    }

    /// Whether the draft at `revision` may be due to be saved, or the outbox
    /// at `outboxRevision`: false when both are on disk as they are and no
    /// save waits, which is so of every room but the one typed in.
    func mayNeedSaving(draftRevision revision: Int, outboxRevision: Int) -> Bool {
        !autosave.isSaved(revision: revision) || autosave.isWaiting
            || (outboxFile != nil && outboxRevision != savedOutbox)
    }

    /// Writes the room's draft when it is due, or, unless `onlyWhenDue`,
    /// whenever it changed. Returns the event for the room when what it says
    /// about its draft (`shownProblem` now) changed.
    func saveDraft(_ draft: Draft, shownProblem: Notice?, at now: Moment, onlyWhenDue: Bool) -> Event? {
        let save: AutosaveSchedule.Save
        if onlyWhenDue {
            guard let due = autosave.due(revision: draft.revision, isEmpty: draft.isBlank, now: now.monotonic) else {
                return nil
            }
            save = due
        } else if autosave.isSaved(revision: draft.revision) {
            return nil
        } else {
            save = .flushed
        }
        let problem: Notice?
        do throws(StorageError) {
            guard let draftFolder else {
                if let draftProblem { throw draftProblem }
                return nil
            }
            // Spaces and newlines alone are not worth keeping.
            try draftFolder.saveDraft(utf8: draft.isBlank ? [] : draft.utf8, flush: save == .flushed)
            autosave.saved(revision: draft.revision, save, now: now.monotonic)
            problem = nil
        } catch {
            autosave.failed(now: now.monotonic)
            problem = .draftNotSaved(reason: error.reason)
        }
        return problem == shownProblem ? nil : .draftStorage(problem: problem)
    }

    /// Lets go of the drafts taken over and offered as history: the user has
    /// had them, on a normal quit or on closing the room.
    func removeKeptDrafts() {
        draftFolder?.removeKept()
    }

    /// `path` with the home folder written `~`, as the user would write it.
    static func homeRelative(_ path: String, environment: [String: String]) -> String {
        guard let home = environment["HOME"], home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
