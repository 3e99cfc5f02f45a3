/// Base64 (RFC 4648, with padding), as SASL's `AUTHENTICATE` carries credentials.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    static func encode(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value =
                (UInt32(chunk[0]) << 16) | (UInt32(chunk.count > 1 ? chunk[1] : 0) << 8) | UInt32(chunk.count > 2 ? chunk[2] : 0)
            for position in 0..<4 {
                text.append(position <= chunk.count ? alphabet[Int((value >> (18 - 6 * UInt32(position))) & 63)] : "=")
            }
            index += 3
        }
        return text
    }
}
