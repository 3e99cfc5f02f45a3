import ChatNet

/// The lines waiting to go to a network at the pace it tolerates
/// (`SendPace`): what the user sent ahead of what chat-tui sends on its own,
/// and, for a message of many lines, how far it has gone.
struct OutgoingQueue {
    /// Lines that go out under one token: one line, or a whole multi-line
    /// batch (the server takes it as one message).
    struct Unit {
        let bytes: [UInt8]
        /// True for the user's lines, which go ahead of chat-tui's own.
        let own: Bool
        /// The message it is part of (its label), the room, and which part of how many.
        let label: String?
        let room: String?
        let part: Int
        let parts: Int
    }

    /// The pace, once the network registered the user (nil before: nothing is held).
    private(set) var pace: SendPace?
    private var units: [Unit] = []
    /// What each room's place in the room bar should say (`sending 12/30`; ""
    /// once the message is out), and what it was last told.
    private var progress: [String: String] = [:]
    private var progressTold: [String: String] = [:]

    /// Starts pacing at `now`: the network registered the user.
    mutating func start(at now: Double) {
        pace = SendPace(now: now)
    }

    /// Lifts the pace while the server says it needs none (`soju.im/SAFERATE`).
    mutating func lift(_ lifted: Bool) {
        pace?.isLifted = lifted
    }

    /// Stops pacing (the link is lost) and returns what was not sent, in order.
    mutating func stop() -> [Unit] {
        pace = nil
        defer { units = [] }
        for room in progress.keys { progress[room] = "" }
        return units
    }

    /// Queues `new` behind the user's other lines, and ahead of chat-tui's own
    /// when they are the user's.
    mutating func add(_ new: [Unit]) {
        if new.first?.own == true {
            units.insert(contentsOf: new, at: units.firstIndex { !$0.own } ?? units.endIndex)
        } else {
            units += new
        }
    }

    /// Takes the units the pace lets go at `now`, in order, noting the
    /// progress of long messages.
    mutating func due(at now: Double) -> [Unit] {
        guard var current = pace else { return [] }
        var taken: [Unit] = []
        while let unit = units.first, current.take(at: now) {
            units.removeFirst()
            taken.append(unit)
            if let room = unit.room, unit.parts > Int(SendPace.burst) {
                progress[room] = unit.part < unit.parts ? "sending \(unit.part)/\(unit.parts)" : ""
            }
        }
        pace = current
        return taken
    }

    /// When the next unit may go, in monotonic seconds; nil with none waiting.
    func nextDue(at now: Double) -> Double? {
        guard let pace, !units.isEmpty else { return nil }
        return pace.nextAllowed(at: now)
    }

    /// What each room's place in the room bar says now, for the rooms where it changed.
    mutating func progressChanges() -> [(room: String, status: String?)] {
        var changes: [(room: String, status: String?)] = []
        for (room, text) in progress where progressTold[room, default: ""] != text {
            changes.append((room, text.isEmpty ? nil : text))
            progressTold[room] = text
        }
        progress = progress.filter { !$0.value.isEmpty }
        progressTold = progressTold.filter { !$0.value.isEmpty }
        return changes
    }
}
