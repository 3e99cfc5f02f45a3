/// When one network's connections are made, given up and tried again, as a
/// value fed the monotonic clock: the connection's deadline (looking up,
/// connecting, the handshake and registration together), the quiet after
/// which a registered server is asked whether it is there and declared dead,
/// the delay before the next try (`Backoff`, reset once a link stayed up),
/// and how long the link was down. It does no I/O; the link asks it what is
/// due and tells it what happened.
public struct LinkSchedule: Sendable {
    /// The longest looking up, connecting, the handshake and registration may take.
    public static let connectSeconds = 30
    /// Seconds of quiet before the server is asked whether it is there, and
    /// as many again before the connection is declared dead.
    public let idleSeconds: Double
    private var backoff = Backoff()
    /// When the next try is due, while there is no connection.
    public private(set) var retryAt: Double?
    /// Whether the quiet connection is still alive; nil until registered.
    private var liveness: Liveness?
    /// When connecting started; nil until the first turn.
    private var connectingSince: Double?
    /// When the connection registered, to reset the backoff once it stayed up.
    private var registeredAt: Double?
    /// When the last registered connection was lost, until a new one registers.
    private var downSince: Double?
    /// Why the last connection ended, until one registers.
    public private(set) var lastProblem: ConnectionProblem?

    public init(idleSeconds: Double = 30) {
        self.idleSeconds = idleSeconds
    }

    /// What is due on a turn.
    public enum Due: Equatable, Sendable {
        /// Ask the quiet server whether it is there.
        case ask
        /// Give the connection up, for this reason.
        case abandon(ConnectionProblem)
    }

    /// The first turn starts connecting: true that once.
    public mutating func start(at now: Double) -> Bool {
        guard connectingSince == nil else { return false }
        connectingSince = now
        return true
    }

    /// True when the next try is due.
    public func mayRetry(at now: Double) -> Bool {
        retryAt.map { now >= $0 } ?? false
    }

    /// A new connection starts now (a try, or `/reconnect`).
    public mutating func connecting(at now: Double) {
        retryAt = nil
        liveness = nil
        registeredAt = nil
        connectingSince = now
    }

    /// `/reconnect`: the next tries start again from the first delay, and the
    /// connection dropped is not one that stayed up.
    public mutating func reconnectingNow() {
        backoff.reset()
        registeredAt = nil
    }

    /// What is due now, for a connection `registered` or not and `open` or not.
    public mutating func due(at now: Double, registered: Bool, open: Bool) -> Due? {
        // Registration counts: a server that takes the connection and says nothing is given up on too.
        if let since = connectingSince, !registered, open, now - since >= Double(Self.connectSeconds) {
            return .abandon(.timedOut(seconds: Self.connectSeconds))
        }
        switch liveness?.check(at: now) {
        case .ask?: return .ask
        case .dead?: return .abandon(.noAnswer(seconds: Int(2 * idleSeconds)))
        default: return nil
        }
    }

    /// When the link is next due, if at all: each second while it waits to
    /// try again (the room bar counts down), when a quiet server is to be
    /// asked, or when connecting is to be given up.
    public func nextDue(at now: Double, registered: Bool, open: Bool) -> Double? {
        if retryAt != nil { return now + 1 }
        if let liveness { return liveness.due }
        guard let since = connectingSince, !registered, open else { return nil }
        return since + Double(Self.connectSeconds)
    }

    /// The server said something.
    public mutating func heard(at now: Double) {
        liveness?.heard(at: now)
    }

    /// The server welcomed the user: how many seconds the link was down
    /// before, when a registered link was lost.
    public mutating func registered(at now: Double) -> Int? {
        registeredAt = now
        lastProblem = nil
        liveness = Liveness(idle: idleSeconds, now: now)
        defer { downSince = nil }
        return downSince.map { Int((now - $0).rounded()) }
    }

    /// What `closed` makes of a connection's end.
    public struct Ending: Equatable, Sendable {
        /// The connection had registered.
        public let wasUp: Bool
        /// It ended as the try before did, without registering: said in brief.
        public let sameAsBefore: Bool
        /// When the next try is, in whole seconds; nil when the user quit.
        public let retryInSeconds: Int?
    }

    /// The connection ended with `problem`; unless the user `quit`, the next
    /// try is scheduled (`jitter`, from 0 up to 1, spreads it).
    public mutating func closed(_ problem: ConnectionProblem, quit: Bool, jitter: Double, at now: Double) -> Ending {
        liveness = nil
        let wasUp = registeredAt != nil
        if wasUp, !quit { downSince = now }
        if let registeredAt, now - registeredAt >= Backoff.steady { backoff.reset() }
        registeredAt = nil
        guard !quit else { return Ending(wasUp: wasUp, sameAsBefore: false, retryInSeconds: nil) }
        let delay = backoff.delay(jitter: jitter)
        retryAt = now + delay
        let same = !wasUp && problem == lastProblem
        lastProblem = problem
        return Ending(wasUp: wasUp, sameAsBefore: same, retryInSeconds: Int(delay.rounded(.up)))
    }

    /// Seconds until the next try, at least 1, while one is scheduled.
    public func secondsUntilRetry(at now: Double) -> Int? {
        retryAt.map { max(1, Int(($0 - now).rounded(.up))) }
    }
}
