/// Reads one JSON value from UTF-8 bytes (RFC 8259), strictly: anything after the
/// value but whitespace, a trailing comma or a lone surrogate is an error. Small
/// and without Foundation, so reading transcripts costs no start-up time.
struct JSONParser {
    /// Why a line is not JSON.
    struct SyntaxError: Error, Equatable {
        /// The byte offset where reading stopped.
        var offset: Int
    }

    /// How deep arrays and objects may nest before the input is refused.
    static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses `text` as exactly one JSON value.
    static func parse(_ text: Substring) throws(SyntaxError) -> JSONValue {
        var text = text
        let result: Result<JSONValue, SyntaxError> = text.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(SyntaxError) {
                let value = try parser.value()
                parser.skipWhitespace()
                guard parser.index == buffer.count else { throw parser.error() }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func error() -> SyntaxError { SyntaxError(offset: index) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: StaticString) throws(SyntaxError) {
        for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard current == byte else { throw error() }
            index += 1
        }
    }

    private mutating func value() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = current else { throw error() }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default: return .number(try number())
        }
    }

    private mutating func nested<T>(_ body: (inout JSONParser) throws(SyntaxError) -> T) throws(SyntaxError) -> T {
        depth += 1
        guard depth <= Self.maxDepth else { throw error() }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func object() throws(SyntaxError) -> JSONValue {
        try nested { (parser: inout JSONParser) throws(SyntaxError) -> JSONValue in
            parser.index += 1
            var members: [JSONMember] = []
            parser.skipWhitespace()
            if parser.current == UInt8(ascii: "}") {
                parser.index += 1
                return .object(members)
            }
            while true {
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: "\"") else { throw parser.error() }
                let key = try parser.string()
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: ":") else { throw parser.error() }
                parser.index += 1
                members.append(JSONMember(key, try parser.value()))
                parser.skipWhitespace()
                switch parser.current {
                case UInt8(ascii: ","): parser.index += 1
                case UInt8(ascii: "}"):
                    parser.index += 1
                    return .object(members)
                default: throw parser.error()
                }
            }
        }
    }

    private mutating func array() throws(SyntaxError) -> JSONValue {
        try nested { (parser: inout JSONParser) throws(SyntaxError) -> JSONValue in
            parser.index += 1
            var values: [JSONValue] = []
            parser.skipWhitespace()
            if parser.current == UInt8(ascii: "]") {
                parser.index += 1
                return .array(values)
            }
            while true {
                values.append(try parser.value())
                parser.skipWhitespace()
                switch parser.current {
                case UInt8(ascii: ","): parser.index += 1
                case UInt8(ascii: "]"):
                    parser.index += 1
                    return .array(values)
                default: throw parser.error()
                }
            }
        }
    }

    private mutating func number() throws(SyntaxError) -> String {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while let byte = parser.current, byte >= 0x30, byte <= 0x39 { parser.index += 1 }
            return parser.index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw error()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error() }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func string() throws(SyntaxError) -> String {
        index += 1  // the opening quote
        // Most strings have no escapes and become one string in one step.
        var result = ""
        var runStart = index
        func flushRun(_ parser: JSONParser) {
            if runStart < parser.index {
                result += String(decoding: UnsafeBufferPointer(rebasing: parser.bytes[runStart..<parser.index]), as: UTF8.self)
            }
        }
        while true {
            guard let byte = current else { throw error() }
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(self)
                index += 1
                return result
            case UInt8(ascii: "\\"):
                flushRun(self)
                index += 1
                result.unicodeScalars.append(try escaped())
                runStart = index
            case 0x00..<0x20:
                throw error()  // raw control characters are not allowed in strings
            default:
                index += 1
            }
        }
    }

    private mutating func escaped() throws(SyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error() }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hex4()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\") else { throw error() }
                index += 1
                guard current == UInt8(ascii: "u") else { throw error() }
                index += 1
                let second = try hex4()
                guard (0xDC00..<0xE000).contains(second) else { throw error() }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw error() }
            return scalar
        default:
            index -= 1
            throw error()
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error() }
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error()
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
