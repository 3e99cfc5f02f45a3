/// Gathers the bytes of a bracketed paste, read straight from the terminal in
/// large blocks, until the end marker (`ESC [ 201 ~`). A megabyte pasted through
/// curses one key at a time costs a system call per byte; this costs a few.
struct PasteCollector {
    static let endMarker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    private var bytes: [UInt8] = []
    /// What arrived after the end marker, which is typing again, not paste.
    private(set) var leftover: [UInt8] = []

    /// Adds a block read from the terminal. Returns the pasted text once the end
    /// marker has arrived; bytes that are not UTF-8 become U+FFFD.
    mutating func add(_ block: some Collection<UInt8>) -> String? {
        // The marker may straddle two blocks, so the search starts a little back.
        let searchFrom = max(0, bytes.count - (Self.endMarker.count - 1))
        bytes.append(contentsOf: block)
        guard let end = Self.find(Self.endMarker, in: bytes, from: searchFrom) else { return nil }
        leftover = Array(bytes[(end + Self.endMarker.count)...])
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// What has arrived of a paste whose end will not come (the terminal
    /// hung up), as text, without the part of the end marker that came.
    var collected: String {
        var end = bytes.count
        for length in stride(from: min(Self.endMarker.count - 1, bytes.count), to: 0, by: -1)
        where bytes[(bytes.count - length)...].elementsEqual(Self.endMarker[..<length]) {
            end = bytes.count - length
            break
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    private static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        var index = start
        while index <= bytes.count - marker.count {
            if bytes[index] == marker[0], bytes[index..<index + marker.count].elementsEqual(marker) { return index }
            index += 1
        }
        return nil
    }
}
