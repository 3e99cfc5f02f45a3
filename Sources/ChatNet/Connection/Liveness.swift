/// Whether a quiet connection is still alive, when the socket cannot tell (a
/// server frozen, a route gone): after `idle` seconds with nothing heard, the
/// server is asked (IRC's `PING`), and after `idle` more without an answer
/// the connection is dead.
public struct Liveness: Equatable, Sendable {
    /// What to do now.
    public enum Verdict: Equatable, Sendable {
        case fine
        /// Ask the server for an answer; said once per quiet spell.
        case ask
        /// No answer came: the connection is dead.
        case dead
    }

    public let idle: Double
    private var lastHeard: Double
    private var askedAt: Double?

    /// Starts watching at `now` (monotonic seconds).
    public init(idle: Double, now: Double) {
        self.idle = idle
        lastHeard = now
    }

    /// Something arrived at `now`.
    public mutating func heard(at now: Double) {
        lastHeard = now
        askedAt = nil
    }

    /// What to do at `now`.
    public mutating func check(at now: Double) -> Verdict {
        if let askedAt { return now - askedAt >= idle ? .dead : .fine }
        guard now - lastHeard >= idle else { return .fine }
        askedAt = now
        return .ask
    }

    /// When `check` next has something to say, in monotonic seconds.
    public var due: Double {
        (askedAt ?? lastHeard) + idle
    }
}
