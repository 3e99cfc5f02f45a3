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
    /// is restored). The terminal is restored and the draft saved on every way out.
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
        let room: RoomFile
        do {
            room = try RoomFile(folder: DataFolders.rooms(environment: environment), room: options.room.value)
        } catch {
            throw .storage(error)
        }
        var output = TranscriptOutput.standardOutput()
        // This process's own draft file; drafts that processes now gone left in
        // the room are taken over.
        var draftFolder: DraftFolder?
        let savedDrafts: Result<[String], StorageError>
        do {
            let folder = try DraftFolder(drafts: DataFolders.drafts(environment: environment), room: options.room.value)
            draftFolder = folder
            savedDrafts = .success(try folder.adoptOrphans())
        } catch {
            savedDrafts = .failure(error)
        }
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
        let label = replay == nil ? options.room.value : "\(options.room.value) · replay"
        var state = ChatState(room: label, nick: options.nick, size: terminal.size, rules: rules, clock: clock,
                              dateStyle: Self.dateStyle(environment: environment), messageStyle: options.style,
                              scrollbackLimit: replay == nil ? nil : Self.replayScrollback, isReplay: replay != nil,
                              senderColumnLimit: options.nickWidth,
                              location: replay == nil ? Self.homeRelative(room.path, environment: environment) : nil)
        switch savedDrafts {
        case .success(let texts):
            if let newest = texts.first { state.apply(.draftRestored(newest), now: wallClock.now()) }
            if texts.count > 1 { state.apply(.unsentDraftsRestored(Array(texts.dropFirst())), now: wallClock.now()) }
        case .failure(let error):
            state.apply(.draftStorage(problem: "not read: \(error.reason)"), now: wallClock.now())
        }
        var autosave = AutosaveSchedule(savedRevision: state.composer.draft.revision)
        /// Writes the draft to disk when it is due, or with `now` nil whenever it
        /// changed. Returns true when what the screen says about it changed.
        @discardableResult
        func saveDraft(now: Double?) -> Bool {
            // Spaces and newlines alone are not worth keeping.
            let draft = state.unsentDraft
            if let now {
                guard autosave.isDue(revision: draft.revision, isEmpty: draft.isBlank, now: now) else { return false }
            } else if autosave.isSaved(revision: draft.revision) {
                return false
            }
            let problem: String?
            do throws(StorageError) {
                guard let draftFile = draftFolder?.draft else {
                    if case .failure(let error) = savedDrafts { throw error }
                    return false
                }
                try draftFile.save(utf8: draft.isBlank ? [] : draft.utf8)
                autosave.saved(revision: draft.revision)
                problem = nil
            } catch {
                autosave.failed(now: SystemClock.monotonicSeconds())
                problem = "not saved: \(error.reason)"
            }
            guard problem != state.draftProblem else { return false }
            state.apply(.draftStorage(problem: problem), now: wallClock.now())
            return true
        }
        defer { saveDraft(now: nil) }
        screen.draw(view.frame(for: state))

        // History comes after the first frame, so a large room never delays it.
        // A replay shows the transcript alone; what is sent still goes to the room.
        var roomReader = TranscriptReader(source: options.room.value, clock: clock,
                                          today: clock.civilTime(wallClock.now()))
        if replay == nil {
            let now = wallClock.now()
            let recent = room.recentLines(max(Self.historyLines, 3 * terminal.size.rows))
            state.apply(.history(recent.compactMap { roomReader.read($0[...], now: now) }), now: now)
        }
        /// Loads older lines of the room while the user reads back towards them.
        func loadOlderHistory() {
            // A chunk at a time: one is more than the margin that asked for it.
            if replay == nil, state.wantsOlderMessages, room.hasOlderLines {
                let now = wallClock.now()
                let older = room.olderLines(Self.olderHistoryLines)
                state.apply(.history(older.compactMap { roomReader.read($0[...], now: now) }), now: now)
            }
        }

        var changed = true
        var drawn = 0.0
        var pouring = false
        var stopSignal: Int32?
        while !state.isFinished {
            // An idle turn (only the room file looked at) draws nothing. While a
            // replay pours in faster than the eye follows, frames are drawn at
            // most every `pourFrameSeconds`; keys are always drawn at once.
            var timeout = Self.followIntervalMilliseconds
            if changed {
                let since = SystemClock.monotonicSeconds() - drawn
                if pouring && since < Self.pourFrameSeconds {
                    timeout = Int32(((Self.pourFrameSeconds - since) * 1000).rounded(.up))
                } else {
                    screen.draw(view.frame(for: state))
                    drawn = SystemClock.monotonicSeconds()
                    changed = false
                }
            }
            if let due = replay?.millisecondsUntilDue(now: SystemClock.monotonicSeconds()) { timeout = min(timeout, due) }
            if let due = autosave.secondsUntilDue(now: SystemClock.monotonicSeconds()) {
                timeout = min(timeout, Int32((due * 1000).rounded(.up)))
            }
            let ready = terminal.wait(for: [replay?.descriptor, stopSignals.descriptor], timeoutMilliseconds: timeout)
            if ready.others[1], let signal = stopSignals.received() {
                stopSignal = signal
                break
            }
            pouring = ready.others[0] && !ready.keyboard

            var events = ready.keyboard ? input.readPending() : []
            if let answer = input.takeProbeAnswer(), let learned = probe.learn(answer) {
                screen.invalidate()
                events.append(.widthRulesLearned(learned))
            }
            if let replay {
                events += replay.read(now: SystemClock.monotonicSeconds(), readable: ready.others[0])
            }
            if replay == nil {
                let now = wallClock.now()
                events += room.newLines().compactMap { roomReader.read($0[...], now: now) }.map(Event.received)
            }
            if !events.isEmpty { changed = true } else { pouring = false }
            for event in events {
                if case .resize = event { screen.invalidate() }
                let effects = state.apply(event, now: wallClock.now())
                if effects.contains(.suspend) {
                    terminal.suspend()
                    // Drawn at once when continued, at the size the window has now.
                    screen.invalidate()
                    if let size = terminal.takeResize() { state.apply(.resize(size), now: wallClock.now()) }
                    changed = true
                }
                for case .send(let message) in effects {
                    do {
                        try room.append(Transcript.encode(message))
                        state.apply(.delivered, now: wallClock.now())
                    } catch {
                        state.apply(.deliveryFailed(error.reason), now: wallClock.now())
                        continue
                    }
                    do {
                        try output?.write(message)
                    } catch {
                        output = nil
                        state.apply(.outputClosed(error.reason), now: wallClock.now())
                    }
                }
                if state.isFinished { break }
                // After each event, not each batch: a burst of Page Ups goes on
                // into the history it asks for instead of stopping at what is held.
                loadOlderHistory()
            }
            if saveDraft(now: SystemClock.monotonicSeconds()) { changed = true }
        }
        // Quitting, the user has had the drafts taken over into the history;
        // a process stopped by a signal keeps them for the next start.
        if stopSignal == nil { draftFolder?.removeKept() }
        return stopSignal
    }

    /// `path` with the home folder written `~`, as the user would write it.
    static func homeRelative(_ path: String, environment: [String: String]) -> String {
        guard let home = environment["HOME"], home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// Japanese day names when the user's locale for dates is Japanese.
    static func dateStyle(environment: [String: String]) -> ClockFace.DateStyle {
        let locale = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        return locale.hasPrefix("ja") ? .japanese : .english
    }
}
