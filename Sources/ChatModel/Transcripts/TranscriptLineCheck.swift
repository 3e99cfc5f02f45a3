/// A byte-level look at a transcript line, for reading long transcripts fast:
/// a line it passes is one `Transcript.decode` reads (a JSON object with a
/// string `from` and `text`), found without making a string or a value.
///
/// It passes only lines in the plain form chat-tui and most tools write:
/// starting with `{`, ending with `}` and a newline, keys without escapes,
/// nesting no deeper than `maxDepth`. Any other line, readable or not, is
/// left to `TranscriptReader`, which decides, so that the count of unreadable
/// lines stays exact.
public enum TranscriptLineCheck {
    /// The deepest nesting passed; deeper lines are read the long way.
    static let maxDepth = 32

    /// The length of the line at the start of `bytes`, up to its `\n`, when
    /// it surely holds one of chat-tui's own messages; nil when it may not,
    /// or when its newline is not among `bytes` yet.
    public static func plainMessageLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        return writtenFormLength(base, count: bytes.count) ?? memberByMemberLength(base, count: bytes.count)
    }

    /// `plainMessageLength`, read member by member, whatever their order and spacing.
    static func memberByMemberLength(_ base: UnsafePointer<UInt8>, count: Int) -> Int? {
        var scanner = Scanner(base: base, end: count)
        guard scanner.message(), scanner.index < count, base[scanner.index] == 0x0A else { return nil }
        return scanner.index
    }

    /// The length of the line at `base` when it is in the form chat-tui
    /// writes a message said at a known time with no kind or other fields,
    /// `{"ts":"…","from":"…","text":"…"}` and its newline (`writtenForm`).
    /// Nil when it is not in that form, and the check reads it member by
    /// member. (Anything it passes, the member-by-member reading passes too.)
    static func writtenFormLength(_ base: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard let form = writtenForm(base, count: count), form.end < count, base[form.end] == 0x0A else { return nil }
        return form.end
    }

    /// Where the strings of a message in the written form are, in bytes
    /// that start with one.
    struct WrittenForm {
        /// The text between the quotes of `ts`, `from` and `text`.
        var time: Range<Int>
        var sender: Range<Int>
        var text: Range<Int>
        /// Whether any of the three holds an escape.
        var escaped: Bool
        /// Just past the object's closing brace.
        var end: Int
    }

    /// The written form's strings at the start of the `count` bytes at
    /// `base`: its keys are compared eight bytes at a time, and only its
    /// strings are read (as the check reads them: valid escapes, no control
    /// character). Nil when the bytes do not start with that form. Shared by
    /// the check and by `Transcript.decode`.
    static func writtenForm(_ base: UnsafePointer<UInt8>, count: Int) -> WrittenForm? {
        var scanner = Scanner(base: base, end: count)
        guard let time = scanner.stringMember(after: Self.writtenTime, length: 6),
            let sender = scanner.stringMember(after: Self.writtenFrom, length: 8),
            let text = scanner.stringMember(after: Self.writtenText, length: 8),
            scanner.index < count, base[scanner.index] == 0x7D  // }
        else { return nil }
        return WrittenForm(
            time: time.text, sender: sender.text, text: text.text,
            escaped: time.escaped || sender.escaped || text.escaped, end: scanner.index + 1)
    }

    /// `{"ts":`, `,"from":` and `,"text":`, each what comes before a member's
    /// string in the written form, read as little-endian numbers.
    static let writtenTime: UInt64 = 0x3A22_7374_227B
    static let writtenFrom: UInt64 = 0x3A22_6D6F_7266_222C
    static let writtenText: UInt64 = 0x3A22_7478_6574_222C

    private struct Scanner {
        let base: UnsafePointer<UInt8>
        let end: Int
        var index = 0

        private var byte: UInt8? { index < end ? base[index] : nil }

        /// "from" and "text", read as little-endian numbers.
        private static let fromKey: UInt32 = 0x6D6F_7266
        private static let textKey: UInt32 = 0x7478_6574

        /// The top-level object, with a string `from` and `text` among its members.
        mutating func message() -> Bool {
            guard byte == 0x7B else { return false }  // {
            index += 1
            var from = false
            var text = false
            skipSpace()
            if byte == 0x7D { return false }  // {} has neither
            while true {
                skipSpace()
                guard byte == 0x22 else { return false }
                let keyStart = index + 1
                guard string(), let keyEscaped = lastStringEscaped, !keyEscaped else { return false }
                let keyLength = index - 1 - keyStart
                skipSpace()
                guard byte == 0x3A else { return false }  // :
                index += 1
                skipSpace()
                if byte == 0x22, keyLength == 4 {
                    // The four bytes of the key, as a little-endian number.
                    let key = UInt32(littleEndian: UnsafeRawPointer(base + keyStart).loadUnaligned(as: UInt32.self))
                    if key == Self.fromKey { from = true }
                    if key == Self.textKey { text = true }
                }
                guard value(depth: 1) else { return false }
                skipSpace()
                switch byte {
                case 0x2C: index += 1  // ,
                case 0x7D:  // }
                    index += 1
                    return from && text
                default: return false
                }
            }
        }

        /// Spaces and tabs; a carriage return, which a line may end in, is left to the long way.
        private mutating func skipSpace() {
            while let next = byte, next == 0x20 || next == 0x09 { index += 1 }
        }

        private mutating func value(depth: Int) -> Bool {
            guard let first = byte else { return false }
            switch first {
            case 0x22: return string()
            case 0x7B: return container(close: 0x7D, keyed: true, depth: depth + 1)
            case 0x5B: return container(close: 0x5D, keyed: false, depth: depth + 1)
            case 0x74: return literal("true")
            case 0x66: return literal("false")
            case 0x6E: return literal("null")
            default: return number()
            }
        }

        private mutating func container(close: UInt8, keyed: Bool, depth: Int) -> Bool {
            guard depth <= TranscriptLineCheck.maxDepth else { return false }
            index += 1
            skipSpace()
            if byte == close {
                index += 1
                return true
            }
            while true {
                skipSpace()
                if keyed {
                    guard byte == 0x22, string() else { return false }
                    skipSpace()
                    guard byte == 0x3A else { return false }
                    index += 1
                    skipSpace()
                }
                guard value(depth: depth) else { return false }
                skipSpace()
                guard let next = byte else { return false }
                if next == close {
                    index += 1
                    return true
                }
                guard next == 0x2C else { return false }
                index += 1
            }
        }

        /// When the next `length` bytes (eight at most) are those of `start`,
        /// read as a little-endian number, and a string follows: the string's
        /// text and whether it holds an escape, past it. Nil otherwise, and
        /// with fewer than eight bytes left.
        mutating func stringMember(after start: UInt64, length: Int) -> (text: Range<Int>, escaped: Bool)? {
            guard index + 8 <= end else { return nil }
            let next = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let mask: UInt64 = length == 8 ? ~0 : (1 << (8 * length)) - 1
            guard next & mask == start else { return nil }
            index += length
            let opening = index
            guard byte == 0x22, string(), let escaped = lastStringEscaped else { return nil }
            return (opening + 1..<index - 1, escaped)
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= end else { return false }
            for offset in 0..<count where base[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        private mutating func digits() -> Int {
            let from = index
            while let next = byte, next >= 0x30, next <= 0x39 { index += 1 }
            return index - from
        }

        /// RFC 8259's number, as `JSONParser` reads it.
        private mutating func number() -> Bool {
            if byte == 0x2D { index += 1 }  // -
            if byte == 0x30 {
                index += 1
            } else if digits() == 0 {
                return false
            }
            if byte == 0x2E {  // .
                index += 1
                guard digits() > 0 else { return false }
            }
            if byte == 0x65 || byte == 0x45 {  // e E
                index += 1
                if byte == 0x2B || byte == 0x2D { index += 1 }
                guard digits() > 0 else { return false }
            }
            return true
        }

        /// Whether the last string read held an escape; nil before any was read.
        private(set) var lastStringEscaped: Bool?

        /// A string from its opening quote, its text sixteen bytes at a time
        /// while none of them ends it, escapes or is a control character.
        private mutating func string() -> Bool {
            index += 1
            var escaped = false
            let quote = SIMD16<UInt8>(repeating: 0x22)
            let backslash = SIMD16<UInt8>(repeating: 0x5C)
            let space = SIMD16<UInt8>(repeating: 0x20)
            while true {
                while index + 16 <= end {
                    let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                    let stops = (chunk .== quote) .| (chunk .== backslash) .| (chunk .< space)
                    if any(stops) {
                        // Straight to the first byte that stops the run.
                        let marks = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: stops)
                        let halves = unsafeBitCast(marks, to: (UInt64, UInt64).self)
                        index += halves.0 != 0 ? halves.0.trailingZeroBitCount / 8 : 8 + halves.1.trailingZeroBitCount / 8
                        break
                    }
                    index += 16
                }
                guard let next = byte else { return false }
                switch next {
                case 0x22:
                    index += 1
                    lastStringEscaped = escaped
                    return true
                case 0x5C:
                    escaped = true
                    index += 1
                    guard escape() else { return false }
                case 0x00..<0x20:
                    return false
                default:
                    index += 1
                }
            }
        }

        /// The escape after a backslash, as `JSONParser` reads it: a UTF-16
        /// surrogate only as the first of a pair.
        private mutating func escape() -> Bool {
            guard let next = byte else { return false }
            index += 1
            switch next {
            case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: return true  // " \ / b f n r t
            case 0x75:  // u
                guard let first = hex4() else { return false }
                if first >= 0xDC00 && first < 0xE000 { return false }
                guard first >= 0xD800 && first < 0xDC00 else { return true }
                guard byte == 0x5C else { return false }
                index += 1
                guard byte == 0x75 else { return false }
                index += 1
                guard let second = hex4() else { return false }
                return second >= 0xDC00 && second < 0xE000
            default: return false
            }
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= end else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let next = base[index]
                let digit: UInt8
                switch next {
                case 0x30...0x39: digit = next - 0x30
                case 0x41...0x46: digit = next - 0x41 + 10
                case 0x61...0x66: digit = next - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
