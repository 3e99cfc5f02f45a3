/// How a server compares nicks and channel names, from its `CASEMAPPING`:
/// `#Chan` and `#chan` are one channel, and under `rfc1459` so are `[a]` and `{a}`.
public enum CaseMapping: String, Equatable, Sendable {
    /// A–Z are the upper case of a–z, nothing else.
    case ascii
    /// As `ascii`, and `[]\^` are the upper case of `{}|~` (the default).
    case rfc1459
    /// As `rfc1459` without `^` and `~`.
    case strictRFC1459 = "strict-rfc1459"

    /// `name` with every letter in its lower case under this mapping, for
    /// comparing and as a key. Other characters are left as they are.
    public func folded(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A: scalars.append(Unicode.Scalar(scalar.value + 0x20)!)
            case 0x5B...0x5D where self != .ascii: scalars.append(Unicode.Scalar(scalar.value + 0x20)!)  // [\] → {|}
            case 0x5E where self == .rfc1459: scalars.append("~")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// True when `a` and `b` name the same nick or channel on this server.
    public func same(_ a: String, _ b: String) -> Bool {
        folded(a) == folded(b)
    }
}
