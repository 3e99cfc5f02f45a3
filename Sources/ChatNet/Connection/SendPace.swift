/// How fast lines may go to a server that punishes floods: `burst` at once,
/// then one every `interval` seconds (irssi sends 5, then one every 2.2 s;
/// chat-tui 5, then one every 2 s). A token bucket: a token comes back every
/// `interval`, up to `burst`.
public struct SendPace: Equatable, Sendable {
    public static let burst = 5.0
    public static let interval = 2.0

    private var tokens: Double
    private var updated: Double
    /// True while the server promises not to punish a fast sender
    /// (`soju.im/SAFERATE`): every line may go at once. Tokens still come
    /// back meanwhile, so the pace is right again when the promise is taken back.
    public var isLifted = false

    /// A full bucket at `now` (monotonic seconds).
    public init(now: Double) {
        tokens = Self.burst
        updated = now
    }

    /// True, taking a token, when a line may go at `now`.
    public mutating func take(at now: Double) -> Bool {
        refill(at: now)
        if isLifted { return true }
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// When the next line may go, in monotonic seconds.
    public func nextAllowed(at now: Double) -> Double {
        var copy = self
        copy.refill(at: now)
        return copy.tokens >= 1 || isLifted ? now : now + (1 - copy.tokens) * Self.interval
    }

    private mutating func refill(at now: Double) {
        tokens = min(Self.burst, tokens + max(0, now - updated) / Self.interval)
        updated = now
    }
}
