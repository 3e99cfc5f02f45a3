import ChatCore
import ChatIO
import ChatModel
import ChatNet
import Glibc
import IRC
import TUI

/// The run loop: keys, resizes, the room file and a replayed transcript in,
/// through the state machine, frames out.
struct ChatApp {
    let options: Options
    let environment: [String: String]

    /// The shortest time between frames while a replay pours in.
    static let pourFrameSeconds = 0.04

    /// Runs the chat screen until the user quits, or until a signal asks it to
    /// stop (returned, for the caller to end the process with once the terminal
    /// is restored). The terminal is restored and every room's draft saved on
    /// every way out.
    func run() throws(StartupError) -> Int32? {
        let wallClock = try SystemClock(environment: environment)
        /// The clock as read for this turn of the loop; the only reads are here and at the end of each wait.
        var now = wallClock.read()
        let stopSignals = StopSignals()
        let clock = SystemClock.localClockFace
        // Everything that can fail is opened before the terminal is taken over,
        // so a failure is a plain message on a plain terminal.
        // A replay is shown in the first room; what is sent there still goes to its file.
        let replayLabel = options.replay == nil ? nil : "\(options.rooms[0].value) · replay"
        let replay = try options.replay.map { (source) throws(StartupError) in
            try ReplayInput(source: source, room: replayLabel ?? "", sender: options.replaySender, nick: options.nick,
                            speed: options.speed, clock: clock,
                            spoolFolder: ReplaySpool.folder(environment: environment), at: now)
        }
        // One inotify descriptor for all the room files followed.
        let watches = FileWatches()
        var ircLinks: [IRCLink] = []
        // Every source and sink of messages, the replay first: the run loop
        // knows them only as links. Made again when a room's link comes or
        // goes (the networks' come before their rooms'), not at every turn.
        var links: [Link] = []
        // What each turn waits on, asked of the links.
        var waits = TurnWaits()
        var roomLinks: [RoomLink] = [] {
            didSet {
                links = (replay.map { [$0] } ?? []) + roomLinks + ircLinks
                waits.forgetOtherRooms()
            }
        }
        for (index, name) in options.rooms.enumerated() {
            let label = index == 0 ? replayLabel ?? name.value : name.value
            do {
                roomLinks.append(try RoomLink(name: name, label: label, role: label == replayLabel ? .replay : .local,
                                              nick: options.nick, environment: environment, clock: clock, watches: watches, at: now))
            } catch {
                throw .storage(error)
            }
        }
        // Each network, with its own room for what the server says: they
        // connect once the loop runs, so the screen never waits for one.
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
            ircLinks.append(IRCLink(network: network, nick: options.nick, password: password, focusFirstChannel: index == 0,
                                    idleSeconds: Self.idleSeconds(environment: environment)))
        }
        for link in ircLinks {
            do {
                let file = try RoomLink(name: IRCLink.serverFile, label: link.serverRoom, role: .network(link.network, .server),
                                        nick: options.nick, environment: environment, clock: clock, watches: watches, at: now)
                link.attach(file, at: now)
                roomLinks.append(file)
            } catch {
                throw .storage(error)
            }
        }
        var output = TranscriptOutput.standardOutput()
        let terminal: Terminal
        do {
            terminal = try Terminal(colors: !options.noColor, environment: environment)
        } catch {
            throw .terminal(error)
        }
        defer { terminal.restore() }

        let input = InputReader(terminal: terminal)
        let probe = WidthProbing(environment: environment)
        let rules = probe.start(on: terminal, input: input, always: options.probe)
        if options.probe {
            input.awaitProbe(milliseconds: WidthProbing.patienceMilliseconds)
            let answer = input.takeProbeAnswer()
            terminal.restore()
            print(probe.report(answer))
            return nil
        }
        // Answers still on their way when chat-tui ends are read here, not typed
        // into the shell after it.
        defer {
            input.awaitProbe(milliseconds: WidthProbing.drainMilliseconds)
            if let answer = input.takeProbeAnswer() { _ = probe.learn(answer) }
        }

        let screen = Screen(terminal: terminal)
        let view = ChatView(clock: clock)
        /// A new room's state, for the session's display.
        func newRoom(_ link: RoomLink, display: Display, nick: String = options.nick) -> Room {
            switch link.role {
            case .replay:
                return Room(name: link.label, nick: nick, display: display, kind: .replay, scrollbackLimit: options.scrollback)
            case .local:
                return Room(name: link.label, nick: nick, display: display, scrollbackLimit: options.scrollback,
                            location: link.location)
            case .network(_, let kind):
                return Room(name: link.label, nick: nick, display: display, kind: kind, scrollbackLimit: options.scrollback,
                            location: link.location, sendRule: .showPending)
            }
        }
        var changed = true
        var drawn = 0.0
        var pouring = false
        var stopSignal: Int32?
        var running = true
        let display = Display(size: terminal.size, rules: rules, clock: clock,
                              dateStyle: Self.dateStyle(environment: environment), messageStyle: options.style,
                              senderColumnLimit: options.nickWidth)
        var session = Session(rooms: roomLinks.map { newRoom($0, display: display) }, display: display)
        for (index, link) in ircLinks.enumerated() {
            // A label another room has, or a channel an earlier network is to
            // join, gets the network's name, whichever server answers first.
            link.isLabelTaken = { label in
                session.index(of: label) != nil || ircLinks[..<index].contains { $0.joinsAtStart(label) }
            }
        }

        /// Lines of a room read when it opens: at least three screens' worth.
        var firstHistory: Int { max(RoomLink.historyLines, 3 * terminal.size.rows) }
        /// Feeds `event` to the session (for `room`, or the room shown) and
        /// carries out what it asks: every change of state goes through here.
        func feed(_ event: Event, to room: String? = nil) {
            if let room, room != session.rooms[session.focus].name { waits.forgetOtherRooms() }
            for roomEffect in session.apply(event, to: room, now: now.wall) {
                carryOut(roomEffect)
            }
        }
        /// Does what a room asked: the terminal's part here, the rest by the room's links.
        func carryOut(_ roomEffect: Session.RoomEffect) {
            let target = roomEffect.room
            if target != session.rooms[session.focus].name { waits.forgetOtherRooms() }
            switch roomEffect.effect {
            case .suspend:
                terminal.suspend()
                // Drawn at once when continued, at the size the window has now.
                screen.invalidate()
                if let size = terminal.takeResize() { feed(.resize(size)) }
                changed = true
            case .send, .loadOlderMessages, .loadNewerMessages, .letGoOfNewer, .request:
                // A network room's outbox is on disk before anything is sent:
                // a message that could not be kept there is held, and says why.
                if case .send(let id, _) = roomEffect.effect, let index = session.index(of: target),
                   let link = roomLinks.first(where: { $0.label == target }), let problem = link.saveOutbox(session.rooms[index].outbox) {
                    _ = link.isNewOutboxProblem(problem)
                    feed(.deliveryFailed(id, "it could not be kept on disk first (\(problem.reason))"), to: target)
                    return
                }
                // The first link of the room that carries such effects out answers.
                let answers = carriedOut(roomEffect) ?? []
                for answer in answers { feed(answer, to: target) }
                guard case .send(let id, let message) = roomEffect.effect, answers.contains(.delivered(id)) else { return }
                do throws(StorageError) {
                    try output?.write(message)
                } catch {
                    output = nil
                    feed(.outputClosed(error.reason))
                }
            case .quit:
                running = false
            case .openRoom(let name):
                // A network's room opens the network's channel or private room.
                guard let answers = carriedOut(roomEffect) else { return open(name) }
                for answer in answers { feed(answer, to: target) }
            case .closeRoom(let name):
                close(name, state: session.closed)
            case .bell:
                terminal.bell()
            }
        }
        /// What the first link of the effect's room that carries it out
        /// answers; nil when none does. Rooms a network link asks for on the way are opened.
        func carriedOut(_ roomEffect: Session.RoomEffect) -> [Event]? {
            for link in links where link.rooms.contains(roomEffect.room) {
                guard let answers = link.carryOut(roomEffect.effect, for: roomEffect.room, at: now) else { continue }
                openRooms(askedBy: link)
                return answers
            }
            return nil
        }
        /// Opens the rooms a link asked for: a network's channel joined, a private conversation.
        func openRooms(askedBy link: Link) {
            for opening in link.takeOpenings() {
                let label = opening.label
                // A room the network has already: shown, as the user asked.
                if session.index(of: label) != nil {
                    if opening.focus { session.show(label) }
                    continue
                }
                do {
                    let file = try RoomLink(name: opening.file, label: label, role: .network(opening.network, opening.kind),
                                            nick: options.nick, environment: environment, clock: clock, watches: watches, at: now)
                    // Read before the network has it: its history goes on from the last line held.
                    let history = file.history(count: firstHistory, at: now)
                    link.attach(file, at: now)
                    roomLinks.append(file)
                    session.open(newRoom(file, display: session.display, nick: opening.nick), focus: opening.focus)
                    restoreDrafts(of: file)
                    feed(history, to: file.label)
                    for event in file.restoredOutbox() { feed(event, to: file.label) }
                } catch {
                    feed(.notice(.cannotOpenRoom(opening.file, reason: error.reason)))
                }
            }
        }
        /// Saves each room's draft when due (or, unless `onlyWhenDue`, whenever
        /// it changed); with `shownOnly`, that room's alone, the one shown,
        /// at `session.focus`. Returns true when what the screen says about one changed.
        @discardableResult
        func saveDrafts(onlyWhenDue: Bool, shownOnly: RoomLink? = nil) -> Bool {
            var changed = false
            // The session read once: read through this closure, it would be
            // copied at each use, for every room at every turn.
            let current = session
            // Through a buffer pointer, a room's parts are read where they are:
            // read by index from the array, the whole room is copied for each.
            current.rooms.withUnsafeBufferPointer { rooms in
                func save(_ link: RoomLink, at index: Int) {
                    // Most rooms have nothing to save: told by two numbers, with nothing copied.
                    if onlyWhenDue && !link.mayNeedSaving(draftRevision: rooms[index].unsentDraftRevision,
                                                          outboxRevision: rooms[index].outbox.revision) {
                        return
                    }
                    // What the network confirmed leaves the outbox on disk. Only the
                    // parts read are passed: a whole room copied costs a retain and a
                    // release of each of its parts, for every room at every turn.
                    if let problem = link.saveOutbox(rooms[index].outbox), link.isNewOutboxProblem(problem) {
                        feed(.notice(.outboxNotKept(reason: problem.reason)), to: link.label)
                        changed = true
                    }
                    guard let event = link.saveDraft(rooms[index].unsentDraft, shownProblem: rooms[index].draftProblem,
                                                     at: now, onlyWhenDue: onlyWhenDue) else { return }
                    feed(event, to: link.label)
                    changed = true
                }
                if let shownOnly {
                    save(shownOnly, at: current.focus)
                    return
                }
                for (position, link) in roomLinks.enumerated() {
                    // A link's room is most often at the link's own place.
                    let atPosition = position < rooms.count && rooms[position].name == link.label
                    guard let index = atPosition ? position : current.index(of: link.label) else { continue }
                    save(link, at: index)
                }
            }
            return changed
        }
        defer { saveDrafts(onlyWhenDue: false) }
        /// Opens a room `/join` asked for, or says in the room shown why it cannot.
        func open(_ name: RoomName) {
            do {
                let opened = try RoomLink(name: name, label: name.value, nick: session.focused.nick,
                                          environment: environment, clock: clock, watches: watches, at: now)
                roomLinks.append(opened)
                session.open(newRoom(opened, display: session.display))
                restoreDrafts(of: opened)
                feed(opened.history(count: firstHistory, at: now), to: opened.label)
            } catch {
                feed(.notice(.cannotOpenRoom(name, reason: error.reason)))
            }
        }
        /// Closes a room `/part` closed: its draft is saved and kept for the next
        /// time it is opened.
        func close(_ room: String, state: Room?) {
            guard let index = roomLinks.firstIndex(where: { $0.label == room }) else { return }
            if let state {
                _ = roomLinks[index].saveDraft(state.unsentDraft, shownProblem: state.draftProblem, at: now,
                                               onlyWhenDue: false)
            }
            roomLinks[index].removeKeptDrafts()
            roomLinks.remove(at: index)
        }

        /// Puts the drafts a room's link took over into the room, then starts autosaving them.
        func restoreDrafts(of link: RoomLink) {
            for event in link.restoredDrafts() { feed(event, to: link.label) }
            if let index = session.index(of: link.label) { link.startAutosave(from: session.rooms[index]) }
        }

        roomLinks.forEach(restoreDrafts)
        screen.draw(view.frame(for: session))
        // History comes after the first frame, so a large room never delays it.
        // A replay shows the transcript alone.
        for link in roomLinks where link.label != replayLabel {
            feed(link.history(count: firstHistory, at: now), to: link.label)
            for event in link.restoredOutbox() { feed(event, to: link.label) }
        }

        while running {
            // An idle turn (the wait timed out, nothing arrived) draws nothing. While a
            // replay pours in faster than the eye follows, frames are drawn at
            // most every `pourFrameSeconds`; keys are always drawn at once.
            // With nothing due, the wait lasts until something arrives: every
            // link says when it is next due, and an idle chat-tui does not wake.
            var timeout: Int32?
            if changed {
                let since = now.monotonic - drawn
                if pouring && since < Self.pourFrameSeconds {
                    timeout = now.milliseconds(until: drawn + Self.pourFrameSeconds)
                } else {
                    screen.draw(view.frame(for: session))
                    drawn = now.monotonic
                    changed = false
                }
            }
            // After a turn of keys in the room shown, only its links are asked.
            let shownName = session.rooms[session.focus].name
            let askAll = waits.mustAskAll(showing: shownName, now: now)
            // Drafts are saved once the frame is out, so a save never delays
            // the key that made it due; what a save has to say is drawn at once.
            if saveDrafts(onlyWhenDue: true, shownOnly: askAll ? nil : waits.shownRoom) {
                changed = true
                continue
            }
            // The links, asked in one pass when each is next due and what to
            // wait on: the links' descriptors, then the stop signals'.
            waits.gather(links, askAll: askAll, showing: shownName, timeout: timeout, stop: stopSignals.descriptor,
                         at: now)
            let ready = terminal.wait(for: waits.descriptors, writing: waits.writing, timeoutMilliseconds: waits.timeout ?? -1)
            if ready.ready.contains(stopSignals.descriptor), let signal = stopSignals.received() {
                stopSignal = signal
                break
            }
            pouring = ready.ready.contains { $0 != stopSignals.descriptor } && !ready.keyboard
            now = wallClock.read()

            // Each event is fed as it is read, with the room it is for (nil: the
            // room shown): the keyboard's first, then each link's.
            var fed = false
            func take(_ event: Event, for room: String?) {
                fed = true
                if case .resize = event { screen.invalidate() }
                feed(event, to: room)
            }
            if ready.keyboard {
                for event in input.readPending() where running { take(event, for: nil) }
                // A terminal gone without a signal stops chat-tui as SIGHUP would.
                if terminal.hasHungUp {
                    stopSignal = SIGHUP
                    break
                }
            }
            if let answer = input.takeProbeAnswer(), let learned = probe.learn(answer) {
                screen.invalidate()
                take(.widthRulesLearned(learned), for: nil)
            }
            // A turn that read keys draws them before anything else is taken
            // in: what the links have waits for the next turn, which comes at once.
            // A link's turn may change what it waits for: every link is asked at the next.
            if !ready.keyboard { waits.forgetOtherRooms() }
            let turnLinks = ready.keyboard ? [] : links
            for link in turnLinks where running {
                let events = link.events(ready: ready.ready, at: now)
                openRooms(askedBy: link)
                for (event, room) in events where running {
                    // What the user must see wherever they are is already in the
                    // network's room when they are looking at it.
                    if room == nil, let own = link.ownRoom, session.focused.name == own { continue }
                    take(event, for: room)
                }
            }
            if fed { changed = true } else { pouring = false }
        }
        // Quitting, the user has had the drafts taken over into the history;
        // a process stopped by a signal keeps them for the next start.
        if stopSignal == nil { roomLinks.forEach { $0.removeKeptDrafts() } }
        ircLinks.forEach { $0.finish() }
        return stopSignal
    }

    /// Seconds of quiet before an IRC server is asked whether it is there
    /// (and as many again before the link is dead): 30, or for tests
    /// `CHAT_TUI_IRC_IDLE_SECONDS`, so a frozen server is noticed in seconds.
    static func idleSeconds(environment: [String: String]) -> Double {
        environment["CHAT_TUI_IRC_IDLE_SECONDS"].flatMap(Double.init).map { max(1, $0) } ?? 30
    }

    /// Japanese day names when the user's locale for dates is Japanese.
    static func dateStyle(environment: [String: String]) -> ClockFace.DateStyle {
        let locale = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        return locale.hasPrefix("ja") ? .japanese : .english
    }
}
