// libFuzzer target for the IRC line parser (`make fuzz`): any bytes, split into
// lines as a server's stream is. Besides not crashing on any line, a line that
// parses must encode (with no length limit) and parse back to the same
// message: what chat-tui reads it can always say again, and nothing changes.

import IRC

@_cdecl("LLVMFuzzerTestOneInput")
public func ircLineFuzzerInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
        let trimmed = line.last == 13 ? line.dropLast() : line[...]
        guard let message = try? IRCMessage(line: trimmed) else { continue }
        let encoded: String
        do {
            encoded = try message.encoded(limit: Int.max)
        } catch {
            fatalError("\(Array(trimmed)) parsed as \(message) but cannot be encoded: \(error)")
        }
        guard let back = try? IRCMessage(parsing: encoded), back == message else {
            fatalError("\(Array(trimmed)) parsed as \(message), encoded as \(encoded.debugDescription), read back differently")
        }
    }
    return 0
}
