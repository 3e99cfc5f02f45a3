/// A moment in time, as whole seconds since 1970-01-01 00:00 UTC.
public struct Timestamp: Comparable, Hashable, Sendable {
    public var secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }
}
