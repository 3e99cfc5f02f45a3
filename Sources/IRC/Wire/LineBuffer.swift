/// Cuts the bytes a server sends into lines: each ends at LF, a CR before it
/// is dropped. A line that grows past `limit` bytes without ending is dropped
/// and counted, so a hostile server cannot make chat-tui hold without bound.
public struct LineBuffer: Sendable {
    /// The most bytes a line may have: the tags' 8191 and the body's 8191.
    public static let limit = IRCMessage.maxTagBytes + 8191 + 2
    private var pending: [UInt8] = []
    /// True while the bytes of an overlong line are being skipped to its end.
    private var skipping = false
    /// Lines dropped for being too long.
    public private(set) var dropped = 0

    public init() {}

    /// The whole lines `bytes` completes, in order, without their CR LF.
    public mutating func lines(adding bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: 10) {
            if skipping {
                skipping = false
            } else {
                pending += bytes[start..<newline]
                if pending.last == 13 { pending.removeLast() }
                if pending.count > Self.limit {
                    dropped += 1
                } else if !pending.isEmpty {
                    lines.append(pending)
                }
            }
            pending.removeAll(keepingCapacity: true)
            start = newline + 1
        }
        if !skipping {
            pending += bytes[start...]
            if pending.count > Self.limit {
                dropped += 1
                skipping = true
                pending = []
            }
        }
        return lines
    }
}
