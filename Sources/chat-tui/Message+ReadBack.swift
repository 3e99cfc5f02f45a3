import ChatModel
import Glibc

/// Finding the oldest message a room holds among a file's lines, where
/// reading back goes on from: a room's file and a replay's spool.
extension Message {
    /// True when `line` may hold this message: it names its server id, or
    /// else its sender, and its text when `byText` (lines read as they are,
    /// not stripped of IRC formatting as a room's file is). A quick look at
    /// the line's bytes before it is read whole; a name or text that some
    /// writers escape in JSON is not looked for, so no line that holds the
    /// message is passed over.
    func mayBe(inLine line: String, byText: Bool = false) -> Bool {
        if let serverID { return Self.line(line, mayHold: serverID) }
        return Self.line(line, mayHold: sender) && (!byText || Self.line(line, mayHold: text))
    }

    /// True when `line`, a message read from a file, is this one: by its
    /// server's id, or by time, sender and text.
    func isSame(as line: Message) -> Bool {
        if let id = serverID, line.serverID == id { return true }
        return line.time == time && line.sender == sender && line.text == text
    }

    /// False only when `line` cannot hold `value` as a JSON string: `value`
    /// is written the same by every JSON writer (printable ASCII that none
    /// escapes) and its bytes are not in the line.
    private static func line(_ line: String, mayHold value: String) -> Bool {
        guard value.utf8.allSatisfy(writtenAsItIs) else { return true }
        var line = line
        var value = value
        return line.withUTF8 { haystack in value.withUTF8 { needle in contains(haystack, needle) } }
    }

    /// True when `needle`'s bytes are in `haystack`: each place its first byte
    /// is (`memchr`) compared whole.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard let base = haystack.baseAddress, let wanted = needle.baseAddress, haystack.count >= needle.count else {
            return false
        }
        var start = 0
        while start <= haystack.count - needle.count {
            guard let found = memchr(base + start, Int32(first), haystack.count - needle.count - start + 1) else {
                return false
            }
            if memcmp(found, wanted, needle.count) == 0 { return true }
            start = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
        }
        return false
    }

    /// Printable ASCII that no JSON writer escapes: not `"`, `\`, `/`, nor the
    /// `<`, `>`, `&` and `'` that some escape for HTML.
    private static func writtenAsItIs(_ byte: UInt8) -> Bool {
        (0x20..<0x7F).contains(byte) && !"\"\\/<>&'".utf8.contains(byte)
    }
}
