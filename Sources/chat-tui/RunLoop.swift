import ChatCore
import ChatIO
import ChatModel
import Glibc
import TUI

/// The run loop: keys, resizes, the room files, the networks and a replayed
/// transcript in, through the session, frames out. Each turn draws what
/// changed, saves what is due, waits on the terminal and every link, and
/// feeds what arrived to the session (`feed`), whose effects are carried out
/// (`RunLoop+Effects`).
final class RunLoop {
    /// The shortest time between frames while a replay pours in.
    static let pourFrameSeconds = 0.04

    /// Every room and what it shows: every change of it goes through `feed`.
    /// Read and changed several times a turn, by the loop alone and never
    /// while it is being changed (`Session.apply` calls nothing back, and its
    /// effects are carried out once it returns): its accesses are not checked
    /// at run time.
    @exclusivity(unchecked) private(set) var session: Session
    /// Every link, and what each room's files do for it.
    let roomLinks: RoomLinks
    let terminal: Terminal
    let screen: Screen
    private let view: ChatView
    private let input: InputReader
    private let probe: WidthProbing
    private let wallClock: SystemClock
    private let stopSignals: StopSignals
    /// The clock as read for this turn of the loop; the only reads are here and at the end of each wait.
    private(set) var now: Moment
    /// What each turn waits on, asked of the links: a value changed in place
    /// by its own methods, which call nothing back; its accesses are not
    /// checked at run time.
    @exclusivity(unchecked) var waits = TurnWaits()
    /// Where what the user sends is copied, when standard output is not a
    /// terminal; nil once it could not be written.
    var output = TranscriptOutput.standardOutput()
    /// True when the screen no longer shows the session.
    var changed = true
    /// When the last frame was drawn (monotonic seconds).
    private var drawn = 0.0
    /// True while a replay pours in faster than the eye follows.
    private var pouring = false
    /// False once the user quit.
    var running = true
    /// The signal that stopped the loop, if one did.
    private var stopSignal: Int32?

    init(
        roomLinks: RoomLinks, display: Display, terminal: Terminal, input: InputReader, probe: WidthProbing,
        wallClock: SystemClock, stopSignals: StopSignals, at now: Moment
    ) {
        self.roomLinks = roomLinks
        self.terminal = terminal
        self.input = input
        self.probe = probe
        self.wallClock = wallClock
        self.stopSignals = stopSignals
        self.now = now
        screen = Screen(terminal: terminal)
        view = ChatView(clock: display.clock)
        session = Session(rooms: roomLinks.files.map { roomLinks.room(for: $0, display: display) }, display: display)
        for (index, network) in roomLinks.networks.enumerated() {
            // A label another room has, or a channel an earlier network is to
            // join, gets the network's name, whichever server answers first.
            network.isLabelTaken = { [unowned self] label in
                session.index(of: label) != nil || self.roomLinks.networks[..<index].contains { $0.joinsAtStart(label) }
            }
        }
    }

    /// Lines of a room read when it opens: at least three screens' worth.
    var firstHistory: Int { max(RoomLink.historyLines, 3 * terminal.size.rows) }

    /// Runs until the user quits or a signal asks chat-tui to stop (returned).
    /// Every room's draft is saved on every way out.
    func run() -> Int32? {
        defer { saveDrafts(onlyWhenDue: false) }
        start()
        while running, turn() {}
        roomLinks.finish(stoppedBySignal: stopSignal != nil)
        return stopSignal
    }

    /// The first frame, then each room's history and outbox: history comes
    /// after the first frame, so a large room never delays it. A replay
    /// shows the transcript alone.
    private func start() {
        roomLinks.files.forEach(restoreDrafts)
        screen.draw(view.frame(for: session))
        for file in roomLinks.files where file.label != roomLinks.replayLabel {
            feed(file.history(count: firstHistory, at: now), to: file.label)
            for event in file.restoredOutbox() { feed(event, to: file.label) }
        }
    }

    /// One turn: a frame if one is due, the saves due, the wait, and what
    /// arrived fed in. False when a signal or a terminal gone stops the loop.
    private func turn() -> Bool {
        let timeout = drawIfDue()
        // After a turn of keys in the room shown, only its links are asked.
        let shownName = session.rooms[session.focus].name
        let askAll = waits.mustAskAll(showing: shownName, now: now)
        // Drafts are saved once the frame is out, so a save never delays
        // the key that made it due; what a save has to say is drawn at once.
        if saveDrafts(onlyWhenDue: true, shownOnly: askAll ? nil : waits.shownRoom) {
            changed = true
            return true
        }
        // The links, asked in one pass when each is next due and what to
        // wait on: the links' descriptors, then the stop signals'.
        waits.gather(
            roomLinks.links, askAll: askAll, showing: shownName, timeout: timeout, stop: stopSignals.descriptor,
            at: now)
        let ready = terminal.wait(for: waits.descriptors, writing: waits.writing, timeoutMilliseconds: waits.timeout ?? -1)
        if ready.ready.contains(stopSignals.descriptor), let signal = stopSignals.received() {
            stopSignal = signal
            return false
        }
        pouring = ready.ready.contains { $0 != stopSignals.descriptor } && !ready.keyboard
        now = wallClock.read()
        // Each event is fed as it is read, with the room it is for (nil: the
        // room shown): the keyboard's first, then each link's.
        var fed = false
        if ready.keyboard {
            for event in input.readPending() where running { take(event, fed: &fed) }
            // A terminal gone without a signal stops chat-tui as SIGHUP would.
            if terminal.hasHungUp {
                stopSignal = SIGHUP
                return false
            }
        }
        if let answer = input.takeProbeAnswer(), let learned = probe.learn(answer) {
            screen.invalidate()
            take(.widthRulesLearned(learned), fed: &fed)
        }
        // A turn that read keys draws them before anything else is taken
        // in: what the links have waits for the next turn, which comes at once.
        // A link's turn may change what it waits for: every link is asked at the next.
        if !ready.keyboard {
            waits.forgetOtherRooms()
            takeLinks(ready: ready.ready, fed: &fed)
        }
        if fed { changed = true } else { pouring = false }
        return true
    }

    /// Draws the session when it changed: at once after keys, and at most
    /// every `pourFrameSeconds` while a replay pours in. Returns how long the
    /// wait may last before a frame held back is due; nil when none is. An
    /// idle turn (the wait timed out, nothing arrived) draws nothing.
    private func drawIfDue() -> Int32? {
        guard changed else { return nil }
        if pouring && now.monotonic - drawn < Self.pourFrameSeconds {
            return now.milliseconds(until: drawn + Self.pourFrameSeconds)
        }
        screen.draw(view.frame(for: session))
        drawn = now.monotonic
        changed = false
        return nil
    }

    /// What each link has this turn, fed in; the rooms they ask for opened.
    private func takeLinks(ready: Set<Int32>, fed: inout Bool) {
        for link in roomLinks.links where running {
            let events = link.events(ready: ready, at: now)
            openRooms(askedBy: link)
            for (event, room) in events where running {
                // What the user must see wherever they are is already in the
                // network's room when they are looking at it.
                if room == nil, let own = link.ownRoom, session.focused.name == own { continue }
                take(event, for: room, fed: &fed)
            }
        }
    }

    /// Feeds an event read this turn.
    private func take(_ event: Event, for room: String? = nil, fed: inout Bool) {
        fed = true
        if case .resize = event { screen.invalidate() }
        feed(event, to: room)
    }

    /// Feeds `event` to the session (for `room`, or the room shown) and
    /// carries out what it asks: every change of state goes through here.
    func feed(_ event: Event, to room: String? = nil) {
        if let room, room != session.rooms[session.focus].name { waits.forgetOtherRooms() }
        for roomEffect in session.apply(event, to: room, now: now.wall) {
            carryOut(roomEffect)
        }
    }

    /// Shows the room labelled `label`.
    func show(_ label: String) {
        session.show(label)
    }

    /// Opens a room in the session for `file`, shown when `focus`, and
    /// puts its drafts in it.
    func open(_ file: RoomLink, nick: String? = nil, focus: Bool = true) {
        waits.forgetOtherRooms()
        session.open(roomLinks.room(for: file, display: session.display, nick: nick), focus: focus)
        restoreDrafts(of: file)
    }

    /// Puts the drafts a room's files took over into the room, then starts autosaving them.
    private func restoreDrafts(of file: RoomLink) {
        for event in file.restoredDrafts() { feed(event, to: file.label) }
        if let index = session.index(of: file.label) { file.startAutosave(from: session.rooms[index]) }
    }

    /// Saves each room's draft and outbox when due (or, unless `onlyWhenDue`,
    /// whenever they changed), and feeds in what saving had to say. Returns
    /// true when it said something.
    @discardableResult
    private func saveDrafts(onlyWhenDue: Bool, shownOnly: RoomLink? = nil) -> Bool {
        let said = roomLinks.save(session, onlyWhenDue: onlyWhenDue, shownOnly: shownOnly, at: now)
        for (event, room) in said { feed(event, to: room) }
        return !said.isEmpty
    }
}
