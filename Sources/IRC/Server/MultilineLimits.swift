/// What a server's `draft/multiline` capability allows in one batch:
/// `draft/multiline=max-bytes=4096,max-lines=24`.
public struct MultilineLimits: Equatable, Sendable {
    /// The most bytes of message text in one batch, line breaks counted.
    public var maxBytes: Int
    /// The most lines in one batch; nil when the server sets no limit.
    public var maxLines: Int?

    /// The fewest bytes a batch must carry: one code point, at its longest.
    static let leastBytes = 4

    /// Reads the capability's value; nil without `max-bytes`, which the
    /// specification requires, or with one too small for a code point: no
    /// batch could carry the text, so it goes line by line.
    public init?(capabilityValue value: String) {
        var bytes: Int?
        var lines: Int?
        for item in value.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let number = Int(parts[1]), number > 0 else { continue }
            if parts[0] == "max-bytes" { bytes = number }
            if parts[0] == "max-lines" { lines = number }
        }
        guard let bytes, bytes >= Self.leastBytes else { return nil }
        maxBytes = bytes
        maxLines = lines
    }
}
