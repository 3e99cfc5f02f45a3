/// What a server says of itself in `RPL_ISUPPORT` (005) that chat-tui uses:
/// how names compare, which characters start a channel's name, the prefixes
/// of a member's rank, and how long a line may be. Until the server says, the
/// defaults the IRC documents give.
public struct ServerFeatures: Equatable, Sendable {
    /// `CASEMAPPING`: how nicks and channel names compare.
    public var caseMapping = CaseMapping.rfc1459
    /// `CHANTYPES`: the characters a channel's name starts with.
    public var channelTypes: [Character] = ["#", "&"]
    /// `PREFIX`: the channel modes of a member's rank and the symbol each shows
    /// before a nick in `NAMES`, highest first.
    public var prefixes: [(mode: Character, symbol: Character)] = [("o", "@"), ("v", "+")]
    /// `LINELEN`: the most bytes of a line, CR LF included.
    public var lineLength = IRCMessage.maxLineBytes
    /// `soju.im/SAFERATE`: the server promises not to disconnect the user for
    /// sending fast (it slows them down instead), so chat-tui need not pace
    /// its lines. Only the bare token counts; one with a value does not.
    public var isRateSafe = false

    public init() {}

    public static func == (lhs: ServerFeatures, rhs: ServerFeatures) -> Bool {
        lhs.caseMapping == rhs.caseMapping && lhs.channelTypes == rhs.channelTypes && lhs.lineLength == rhs.lineLength
            && lhs.isRateSafe == rhs.isRateSafe
            && lhs.prefixes.elementsEqual(rhs.prefixes) { $0.mode == $1.mode && $0.symbol == $1.symbol }
    }

    /// True when `name` is a channel's rather than a nick's.
    public func isChannel(_ name: String) -> Bool {
        name.first.map(channelTypes.contains) ?? false
    }

    /// Takes in one `RPL_ISUPPORT` line (`005 nick TOKEN[=VALUE]… :are supported`):
    /// a token sets a feature, `-TOKEN` puts it back to its default. Values it
    /// cannot read leave the feature as it was.
    public mutating func apply(isupport message: IRCMessage) {
        guard message.command == "005", message.parameters.count >= 2 else { return }
        // The first parameter is the user's nick and the last the human text.
        for token in message.parameters.dropFirst().dropLast() {
            if token.hasPrefix("-") {
                reset(String(token.dropFirst()))
            } else if token.uppercased() == Self.safeRate {
                isRateSafe = true
            } else {
                let key = String(token.prefix { $0 != "=" })
                set(key, value: Self.unescaped(String(token.dropFirst(key.count + 1))))
            }
        }
    }

    private mutating func set(_ key: String, value: String) {
        switch key {
        case "CASEMAPPING":
            if let mapping = CaseMapping(rawValue: value.lowercased()) { caseMapping = mapping }
        case "CHANTYPES":
            channelTypes = Array(value)
        case "PREFIX":
            // (ov)@+: the modes in brackets, then their symbols in the same order.
            guard value.first == "(", let close = value.firstIndex(of: ")") else { return }
            let modes = value[value.index(after: value.startIndex)..<close]
            let symbols = value[value.index(after: close)...]
            guard modes.count == symbols.count else { return }
            prefixes = zip(modes, symbols).map { ($0, $1) }
        case "LINELEN":
            if let length = Int(value), length >= IRCMessage.maxLineBytes { lineLength = length }
        default:
            break
        }
    }

    private mutating func reset(_ key: String) {
        let defaults = ServerFeatures()
        switch key {
        case "CASEMAPPING": caseMapping = defaults.caseMapping
        case "CHANTYPES": channelTypes = defaults.channelTypes
        case "PREFIX": prefixes = defaults.prefixes
        case "LINELEN": lineLength = defaults.lineLength
        case _ where key.uppercased() == Self.safeRate: isRateSafe = false
        default: break
        }
    }

    /// The token of `isRateSafe`, as the server may write it in any case.
    private static let safeRate = "SOJU.IM/SAFERATE"

    /// An ISUPPORT value with its `\xHH` escapes undone.
    static func unescaped(_ value: String) -> String {
        guard value.contains("\\x") else { return value }
        var bytes: [UInt8] = []
        var utf8 = Array(value.utf8)[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "\\"), utf8.count >= 4, utf8.dropFirst().first == UInt8(ascii: "x"),
                let hex = UInt8(String(decoding: utf8.dropFirst(2).prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(hex)
                utf8 = utf8.dropFirst(4)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        return IRCText.decode(bytes)
    }
}
