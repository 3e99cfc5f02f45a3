import ChatCore
import ChatIO
import Glibc
import TUI

/// The run loop: keys, resizes, the room file and a replayed transcript in,
/// through the state machine, frames out.
struct ChatApp {
    let options: Options
    let environment: [String: String]

    /// Lines of the room read at start (at least three screens' worth), and then
    /// each time the user reads back near the first one held.
    static let historyLines = 100
    static let olderHistoryLines = 1000
    /// How often the room file is looked at for other processes' messages.
    static let followIntervalMilliseconds: Int32 = 250
    /// The most messages a replay holds (about 15 MB); older ones are forgotten
    /// as a terminal's scrollback forgets. A room has no limit: it is read back
    /// from its file a screen at a time.
    static let replayScrollback = 100_000
    /// The shortest time between frames while a replay pours in.
    static let pourFrameSeconds = 0.04

    /// Runs the chat screen until the user quits, or until a signal asks it to
    /// stop (returned, for the caller to end the process with once the terminal
    /// is restored). The terminal is restored and every room's draft saved on
    /// every way out.
    func run() throws(StartupError) -> Int32? {
        let wallClock = try SystemClock(environment: environment)
        let stopSignals = StopSignals()
        let clock = SystemClock.localClockFace
        // Everything that can fail is opened before the terminal is taken over,
        // so a failure is a plain message on a plain terminal.
        let replay = try options.replay.map { (source) throws(StartupError) in
            try ReplayInput(source: source, sender: options.replaySender, speed: options.speed, clock: clock,
                            wallClock: wallClock)
        }
        var links: [RoomLink] = []
        for (index, name) in options.rooms.enumerated() {
            // A replay is shown in the first room; what is sent there still goes to its file.
            let label = index == 0 && replay != nil ? "\(name.value) · replay" : name.value
            do {
                links.append(try RoomLink(name: name, label: label, environment: environment, clock: clock,
                                          wallClock: wallClock))
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
        let replayLabel = replay == nil ? nil : links[0].label
        /// A new room's state, at the terminal's size and with the rules learned.
        func newRoom(_ link: RoomLink, rules: WidthRules) -> ChatState {
            let isReplay = link.label == replayLabel
            return ChatState(room: link.label, nick: options.nick, size: terminal.size, rules: rules, clock: clock,
                             dateStyle: Self.dateStyle(environment: environment), messageStyle: options.style,
                             scrollbackLimit: isReplay ? Self.replayScrollback : nil, isReplay: isReplay,
                             senderColumnLimit: options.nickWidth, location: isReplay ? nil : link.location)
        }
        var session = Session(rooms: links.map { newRoom($0, rules: rules) })
        for link in links { link.restoreDrafts(into: &session) }
        func link(of room: String) -> RoomLink? { links.first { $0.label == room } }
        /// Saves each room's draft when due (or, with `now` nil, whenever it
        /// changed). Returns true when what the screen says about one changed.
        @discardableResult
        func saveDrafts(now: Double?) -> Bool {
            var changed = false
            for link in links {
                guard let index = session.index(of: link.label),
                      let event = link.saveDraft(of: session.rooms[index], now: now) else { continue }
                session.apply(event, to: link.label, now: wallClock.now())
                changed = true
            }
            return changed
        }
        defer { saveDrafts(now: nil) }
        screen.draw(view.frame(for: session))

        // History comes after the first frame, so a large room never delays it.
        // A replay shows the transcript alone.
        for link in links where link.label != replayLabel {
            session.apply(link.history(count: max(Self.historyLines, 3 * terminal.size.rows)), to: link.label,
                          now: wallClock.now())
        }
        /// Loads older lines of the room shown while the user reads back towards them.
        func loadOlderHistory() {
            // A chunk at a time: one is more than the margin that asked for it.
            let room = session.focused
            if room.room != replayLabel, let link = link(of: room.room),
               let older = link.olderHistory(for: room, count: Self.olderHistoryLines) {
                session.apply(older, to: room.room, now: wallClock.now())
            }
        }
        /// Opens a room `/join` asked for, or says in the room shown why it cannot.
        func open(_ name: RoomName) {
            do {
                let opened = try RoomLink(name: name, label: name.value, environment: environment, clock: clock,
                                          wallClock: wallClock)
                links.append(opened)
                session.open(newRoom(opened, rules: session.focused.rules))
                opened.restoreDrafts(into: &session)
                session.apply(opened.history(count: max(Self.historyLines, 3 * terminal.size.rows)), to: opened.label,
                              now: wallClock.now())
            } catch {
                session.apply(.notice("cannot open room \(name): \(error)"), now: wallClock.now())
            }
        }
        /// Closes a room `/part` closed: its draft is saved and kept for the next
        /// time it is opened.
        func close(_ room: String, state: ChatState?) {
            guard let index = links.firstIndex(where: { $0.label == room }) else { return }
            if let state { _ = links[index].saveDraft(of: state, now: nil) }
            links[index].removeKeptDrafts()
            links.remove(at: index)
        }

        var changed = true
        var drawn = 0.0
        var pouring = false
        var stopSignal: Int32?
        while !session.isFinished {
            // An idle turn (only the room files looked at) draws nothing. While a
            // replay pours in faster than the eye follows, frames are drawn at
            // most every `pourFrameSeconds`; keys are always drawn at once.
            var timeout = Self.followIntervalMilliseconds
            if changed {
                let since = SystemClock.monotonicSeconds() - drawn
                if pouring && since < Self.pourFrameSeconds {
                    timeout = Int32(((Self.pourFrameSeconds - since) * 1000).rounded(.up))
                } else {
                    screen.draw(view.frame(for: session))
                    drawn = SystemClock.monotonicSeconds()
                    changed = false
                }
            }
            let monotonic = SystemClock.monotonicSeconds()
            if let due = replay?.millisecondsUntilDue(now: monotonic) { timeout = min(timeout, due) }
            for link in links {
                if let due = link.secondsUntilDraftDue(now: monotonic) {
                    timeout = min(timeout, Int32((due * 1000).rounded(.up)))
                }
            }
            let ready = terminal.wait(for: [replay?.descriptor, stopSignals.descriptor], timeoutMilliseconds: timeout)
            if ready.others[1], let signal = stopSignals.received() {
                stopSignal = signal
                break
            }
            pouring = ready.others[0] && !ready.keyboard

            // Each event with the room it is for; nil is the room shown.
            var events: [(event: Event, room: String?)] = ready.keyboard ? input.readPending().map { ($0, nil) } : []
            if let answer = input.takeProbeAnswer(), let learned = probe.learn(answer) {
                screen.invalidate()
                events.append((.widthRulesLearned(learned), nil))
            }
            if let replay, let replayLabel {
                events += replay.read(now: SystemClock.monotonicSeconds(), readable: ready.others[0]).map { ($0, replayLabel) }
            }
            for link in links where link.label != replayLabel {
                events += link.newMessages().map { ($0, link.label) }
            }
            if !events.isEmpty { changed = true } else { pouring = false }
            for (event, room) in events {
                if case .resize = event { screen.invalidate() }
                for roomEffect in session.apply(event, to: room, now: wallClock.now()) {
                    let target = roomEffect.room
                    switch roomEffect.effect {
                    case .suspend:
                        terminal.suspend()
                        // Drawn at once when continued, at the size the window has now.
                        screen.invalidate()
                        if let size = terminal.takeResize() { session.apply(.resize(size), now: wallClock.now()) }
                        changed = true
                    case .send(let message):
                        guard let link = link(of: target) else { continue }
                        let answer = link.store(message)
                        session.apply(answer, to: target, now: wallClock.now())
                        guard answer == .delivered else { continue }
                        do {
                            try output?.write(message)
                        } catch {
                            output = nil
                            session.apply(.outputClosed(error.reason), now: wallClock.now())
                        }
                    case .openRoom(let name):
                        open(name)
                    case .closeRoom(let name):
                        close(name, state: session.closed)
                    case .bell:
                        terminal.bell()
                    }
                }
                if session.isFinished { break }
                // After each event, not each batch: a burst of Page Ups goes on
                // into the history it asks for instead of stopping at what is held.
                loadOlderHistory()
            }
            if saveDrafts(now: SystemClock.monotonicSeconds()) { changed = true }
        }
        // Quitting, the user has had the drafts taken over into the history;
        // a process stopped by a signal keeps them for the next start.
        if stopSignal == nil { links.forEach { $0.removeKeptDrafts() } }
        return stopSignal
    }

    /// Japanese day names when the user's locale for dates is Japanese.
    static func dateStyle(environment: [String: String]) -> ClockFace.DateStyle {
        let locale = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        return locale.hasPrefix("ja") ? .japanese : .english
    }
}
