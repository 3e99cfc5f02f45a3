import ChatCore
import ChatIO
import ChatModel
import ChatNet

/// Every link of the run: the replay, the room files and the networks, and
/// what each room's files do for it (its state made, its drafts and outbox
/// saved, its file closed). Everything that can fail is opened here before
/// the terminal is taken over, so a failure is a plain message on a plain
/// terminal.
final class RoomLinks {
    /// The replay, shown in the first room; nil without `--replay`.
    let replay: ReplayInput?
    /// The first room's label while a replay is shown in it.
    let replayLabel: String?
    /// Each network, with its own room for what the server says: they
    /// connect once the loop runs, so the screen never waits for one.
    private(set) var networks: [IRCLink] = []
    /// Each room's files, in the order the rooms opened.
    private(set) var files: [RoomLink] = [] {
        didSet { relink() }
    }
    /// Every source and sink of messages, the replay first: the run loop
    /// knows them only as links. Made again when a room's files come or go
    /// (the networks' come before their rooms'), not at every turn.
    private(set) var links: [Link] = []
    private let nick: String
    private let scrollback: Int?
    private let environment: [String: String]
    private let clock: ClockFace
    /// One inotify descriptor for all the room files followed.
    private let watches = FileWatches()

    /// Opens the replay, the rooms named and each network's own room, and
    /// reads each network's password; none of it connects yet.
    init(options: Options, environment: [String: String], clock: ClockFace, at now: Moment) throws(StartupError) {
        nick = options.nick
        scrollback = options.scrollback
        self.environment = environment
        self.clock = clock
        // A replay is shown in the first room; what is sent there still goes to its file.
        let replayLabel = options.replay == nil ? nil : "\(options.rooms[0].value) · replay"
        self.replayLabel = replayLabel
        replay = try options.replay.map { (source) throws(StartupError) in
            try ReplayInput(
                source: source, room: replayLabel ?? "", sender: options.replaySender, nick: options.nick,
                speed: options.speed, clock: clock,
                spoolFolder: ReplaySpool.folder(environment: environment), at: now)
        }
        do throws(StorageError) {
            for (index, name) in options.rooms.enumerated() {
                let label = index == 0 ? replayLabel ?? name.value : name.value
                try open(name, label: label, role: label == replayLabel ? .replay : .local, at: now)
            }
        } catch {
            throw .storage(error)
        }
        for (index, network) in options.networks.enumerated() {
            let password: Secret?
            do throws(Secret.Problem) {
                password = try network.readPassword(environment: environment)
            } catch {
                throw .password(network: network.name, error)
            }
            if network.address.tls, let problem = network.trust.problem(showing: network.certificate) {
                throw .tls(network: network.name, problem)
            }
            networks.append(
                IRCLink(
                    network: network, nick: options.nick, password: password, focusFirstChannel: index == 0,
                    idleSeconds: ChatApp.idleSeconds(environment: environment)))
        }
        do throws(StorageError) {
            for network in networks {
                let file = try open(
                    IRCLink.serverFile, label: network.serverRoom, role: .network(network.network, .server),
                    at: now)
                network.attach(file, at: now)
            }
        } catch {
            throw .storage(error)
        }
        relink()
    }

    /// The links made again from the replay, the files and the networks.
    private func relink() {
        links = (replay.map { [$0] } ?? []) + files + networks
    }

    /// Opens the files of a room and adds them to the links.
    @discardableResult
    func open(
        _ name: RoomName, label: String, role: RoomLink.Role = .local, nick: String? = nil,
        at now: Moment
    ) throws(StorageError) -> RoomLink {
        let file = try RoomLink(
            name: name, label: label, role: role, nick: nick ?? self.nick, environment: environment,
            clock: clock, watches: watches, at: now)
        files.append(file)
        return file
    }

    /// The files of the room labelled `label`, if it has any.
    func file(of label: String) -> RoomLink? {
        files.first { $0.label == label }
    }

    /// A new room's state for `file`, laid out for `display`, its messages sent as `nick`.
    func room(for file: RoomLink, display: Display, nick: String? = nil) -> Room {
        let nick = nick ?? self.nick
        switch file.role {
        case .replay:
            return Room(name: file.label, nick: nick, display: display, kind: .replay, scrollbackLimit: scrollback)
        case .local:
            return Room(name: file.label, nick: nick, display: display, scrollbackLimit: scrollback, location: file.location)
        case .network(_, let kind):
            return Room(
                name: file.label, nick: nick, display: display, kind: kind, scrollbackLimit: scrollback,
                location: file.location, sendRule: .showPending)
        }
    }

    /// What saving each room's draft and outbox has to say, room by room:
    /// saved when due (or, unless `onlyWhenDue`, whenever it changed); with
    /// `shownOnly`, that room's alone, the one shown, at `session.focus`.
    /// What the network confirmed leaves the outbox on disk.
    func save(
        _ session: Session, onlyWhenDue: Bool, shownOnly: RoomLink? = nil,
        at now: Moment
    ) -> [(event: Event, room: String)] {
        var said: [(event: Event, room: String)] = []
        // Through a buffer pointer, a room's parts are read where they are:
        // read by index from the array, the whole room is copied for each.
        session.rooms.withUnsafeBufferPointer { rooms in
            func save(_ file: RoomLink, at index: Int) {
                // Most rooms have nothing to save: told by two numbers, with nothing copied.
                if onlyWhenDue
                    && !file.mayNeedSaving(
                        draftRevision: rooms[index].unsentDraftRevision,
                        outboxRevision: rooms[index].outbox.revision)
                {
                    return
                }
                // Only the parts read are passed: a whole room copied costs a
                // retain and a release of each of its parts, for every room at every turn.
                if let problem = file.saveOutbox(rooms[index].outbox), file.isNewOutboxProblem(problem) {
                    said.append((.notice(.outboxNotKept(reason: problem.reason)), file.label))
                }
                guard
                    let event = file.saveDraft(
                        rooms[index].unsentDraft, shownProblem: rooms[index].draftProblem,
                        at: now, onlyWhenDue: onlyWhenDue)
                else { return }
                said.append((event, file.label))
            }
            if let shownOnly {
                save(shownOnly, at: session.focus)
                return
            }
            for (position, file) in files.enumerated() {
                // A room's files are most often at the room's own place.
                let atPosition = position < rooms.count && rooms[position].name == file.label
                guard let index = atPosition ? position : session.index(of: file.label) else { continue }
                save(file, at: index)
            }
        }
        return said
    }

    /// Closes the files of a room `/part` closed: its draft (`state`'s) is
    /// saved and kept for the next time it is opened.
    func close(_ label: String, state: Room?, at now: Moment) {
        guard let index = files.firstIndex(where: { $0.label == label }) else { return }
        if let state {
            _ = files[index].saveDraft(state.unsentDraft, shownProblem: state.draftProblem, at: now, onlyWhenDue: false)
        }
        files[index].removeKeptDrafts()
        files.remove(at: index)
    }

    /// Ends the run: quitting, the user has had the drafts taken over into
    /// the history; a process stopped by a signal keeps them for the next
    /// start. Each network says goodbye.
    func finish(stoppedBySignal: Bool) {
        if !stoppedBySignal {
            for file in files { file.removeKeptDrafts() }
        }
        for network in networks { network.finish() }
    }
}
