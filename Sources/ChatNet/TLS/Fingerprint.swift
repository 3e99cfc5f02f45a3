/// The SHA-256 digest of a certificate, as `--tls-fingerprint` takes it and
/// chat-tui shows it: `SHA256:` and 32 bytes in hexadecimal, with or without
/// colons (the form `openssl x509 -fingerprint -sha256` prints).
public struct Fingerprint: Equatable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads `SHA256:AB:CD:…`, in any case; nil when it is not 32 bytes of hexadecimal.
    public init?(_ text: String) {
        var rest = Substring(text)
        for prefix in ["SHA256:", "sha256:", "SHA256=", "sha256="] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
        }
        let digits = rest.filter { $0 != ":" }
        guard digits.count == 64, digits.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.bytes = bytes
    }

    public var description: String {
        "SHA256:"
            + bytes.map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: ":")
    }
}
