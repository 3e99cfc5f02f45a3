import ChatCore
import ChatNet
import IRC

/// A network's bytes: one connection at a time, the lines cut from what it
/// reads, and what is written to it, encoded and, once the user is
/// registered, at the pace the server tolerates (a paste must not get the
/// user thrown out for flooding). It decides nothing about the protocol:
/// `IRCLink` tells it what to write and reads what it hears.
final class IRCWire {
    /// The connection now, replaced by a new one on each reconnection.
    private var connection: Connection
    /// How the network was given: where it is, how to trust it.
    private let settings: Network
    /// The bytes read, cut into lines; an overlong one is dropped and counted.
    private var lines = LineBuffer()
    /// What waits to go at the server's pace.
    private var outgoing = OutgoingQueue()
    /// What happened while writing, taken in at the next turn.
    private var deferred: [Connection.Happening] = []
    /// What could not be sent, in words, to say in the network's room at the next turn.
    private var unsendable: [NetworkNotice] = []

    init(settings: Network) {
        self.settings = settings
        connection = Self.connection(to: settings)
    }

    /// A new connection to the network, as its settings say: over TLS or not,
    /// trusting what they trust, showing their certificate.
    private static func connection(to settings: Network) -> Connection {
        Connection(
            host: settings.address.host, port: settings.address.port,
            trust: settings.address.tls ? settings.trust : nil, certificate: settings.certificate)
    }

    /// True while the connection is not closed.
    var isOpen: Bool { connection.phase != .closed }
    /// True when a turn is due at once: something happened while writing,
    /// something could not be sent, or a read stopped at its limit.
    var hasSomethingToTake: Bool { !deferred.isEmpty || !unsendable.isEmpty || connection.hasMoreToRead }
    /// True while the pace holds back chat-tui's own lines (the user is registered).
    var isPaced: Bool { outgoing.pace != nil }

    /// What the run loop waits on for the connection, with `milliseconds` at most.
    func wait(milliseconds: Int32?) -> LinkWait {
        LinkWait(descriptor: connection.descriptor, writes: connection.wantsWrite, milliseconds: milliseconds)
    }

    /// When the next line held back by the pace may go, in monotonic seconds.
    func nextDue(at now: Double) -> Double? {
        outgoing.nextDue(at: now)
    }

    /// Starts a new connection; what the old one had read is let go of.
    func reconnect() {
        connection.close()
        lines = LineBuffer()
        connection = Self.connection(to: settings)
    }

    /// Gives up the connection for `problem`; the end comes at the next turn.
    func abandon(_ problem: ConnectionProblem) {
        connection.abandon(problem)
        deferred += connection.advance()
    }

    /// Writes `messages` at once, whatever the pace: before the connection
    /// is closed, say. Each line is at most `lineLength` bytes, as the server said.
    func writeNow(_ messages: [IRCMessage], lineLength: Int) {
        connection.send(encoded(messages, lineLength: lineLength))
    }

    /// Closes the connection.
    func close() {
        connection.close()
    }

    /// What happened since the last turn: what writing brought, and what
    /// the connection has when its descriptor is `ready` (or more was left to read).
    func happenings(ready: Set<Int32>) -> [Connection.Happening] {
        var happenings = deferred
        deferred = []
        if let descriptor = connection.descriptor, ready.contains(descriptor) || connection.hasMoreToRead {
            happenings += connection.advance()
        }
        return happenings
    }

    /// The complete lines in `bytes` with what came before; an overlong line
    /// is dropped and counted in `droppedLines`.
    func lines(adding bytes: [UInt8]) -> [[UInt8]] {
        lines.lines(adding: bytes)
    }

    /// How many lines were dropped for being too long, on this connection.
    var droppedLines: Int { lines.dropped }

    /// What could not be sent, taken to be said.
    func takeUnsendable() -> [NetworkNotice] {
        defer { unsendable = [] }
        return unsendable
    }

    // MARK: Pace

    /// Starts pacing at `now`: the network registered the user.
    func startPacing(at now: Double) {
        outgoing.start(at: now)
    }

    /// Lifts the pace while the server says it needs none.
    func liftPace(_ lifted: Bool) {
        outgoing.lift(lifted)
    }

    /// Stops pacing (the connection ended) and returns the labels of the
    /// user's messages none of whose lines went out.
    func stopPacing() -> [String] {
        outgoing.stop().filter { $0.part == 1 }.compactMap(\.label)
    }

    /// What each room's place in the room bar says of a long message's progress, where it changed.
    func progressChanges() -> [(room: String, status: String?)] {
        outgoing.progressChanges()
    }

    /// Writes what chat-tui sends on its own: at once before registration and
    /// for what keeps the link alive or ends it, else at the pace, behind the
    /// user's lines.
    func write(_ messages: [IRCMessage], lineLength: Int) {
        let paced = isPaced
        let atOnce = messages.filter { !paced || Self.neverHeld.contains($0.command) }
        if !atOnce.isEmpty {
            connection.send(encoded(atOnce, lineLength: lineLength))
            deferred += connection.advance()
        }
        let later = messages.filter { paced && !Self.neverHeld.contains($0.command) }
        if !later.isEmpty {
            outgoing.add(
                later.map {
                    OutgoingQueue.Unit(
                        bytes: encoded([$0], lineLength: lineLength), own: false, label: nil, room: nil, part: 1, parts: 1)
                })
        }
    }

    /// What keeps the link alive or ends it: never held back by the pace.
    private static let neverHeld: Set<String> = ["PONG", "PING", "QUIT"]

    /// Queues the lines of the user's message `label` in `room`, ahead of
    /// chat-tui's own: a multi-line batch goes under one token.
    func send(_ lines: [IRCMessage], label: String, room: String, lineLength: Int) {
        let units = Self.units(of: lines)
        outgoing.add(
            units.enumerated().map { index, unit in
                OutgoingQueue.Unit(
                    bytes: encoded(unit, lineLength: lineLength), own: true, label: label, room: room, part: index + 1,
                    parts: units.count)
            })
    }

    /// Writes the queued lines the pace allows now, and returns the labels
    /// of the user's messages whose last line went.
    func pump(at now: Double) -> [String] {
        let due = outgoing.due(at: now)
        var written: [String] = []
        for unit in due {
            connection.send(unit.bytes)
            if unit.part == unit.parts, let label = unit.label { written.append(label) }
        }
        if !due.isEmpty { deferred += connection.advance() }
        return written
    }

    /// `lines` as what goes out under one token each: a line, or a whole batch.
    private static func units(of lines: [IRCMessage]) -> [[IRCMessage]] {
        var units: [[IRCMessage]] = []
        var batch: [IRCMessage]?
        for line in lines {
            if line.command == "BATCH", line.parameters.first?.hasPrefix("+") == true {
                batch = [line]
            } else if batch != nil {
                batch!.append(line)
                if line.command == "BATCH" {
                    units.append(batch!)
                    batch = nil
                }
            } else {
                units.append([line])
            }
        }
        if let batch { units.append(batch) }
        return units
    }

    /// The bytes of `messages`, each a line with its CR LF. A line IRC
    /// cannot carry is left out and said in the network's room at the next
    /// turn (`unsendable`), never dropped quietly.
    private func encoded(_ messages: [IRCMessage], lineLength: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for message in messages {
            do throws(IRCLineProblem) {
                bytes += Array((try message.encoded(limit: lineLength) + "\r\n").utf8)
            } catch {
                unsendable.append(.lineNotSent(command: message.command, problem: error.description))
            }
        }
        return bytes
    }
}
