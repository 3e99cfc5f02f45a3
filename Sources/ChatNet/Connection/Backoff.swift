/// When to try connecting again after a connection failed or was lost: about
/// `first` seconds, then twice as long each time up to `longest`, each delay
/// moved by up to a fifth either way so that many clients cut off at once do
/// not come back at once; from the start again once a connection stayed up.
public struct Backoff: Equatable, Sendable {
    public static let first = 2.0
    public static let longest = 300.0
    /// How long a connection must stay up for the next failure to start again from `first`.
    public static let steady = 60.0

    /// Failures since the last connection that stayed up.
    public private(set) var failures = 0

    public init() {}

    /// The seconds to wait before the next try; `jitter` is a random number
    /// in 0..<1.
    public mutating func delay(jitter: Double) -> Double {
        var base = Self.first
        for _ in 0..<min(failures, 16) { base *= 2 }
        failures += 1
        base = min(base, Self.longest)
        return min(Self.longest, base * (0.8 + 0.4 * jitter))
    }

    /// A connection stayed up: the next failure waits `first` again.
    public mutating func reset() {
        failures = 0
    }
}
