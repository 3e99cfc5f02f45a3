/// A JSON value, as read from or written to a transcript line. Objects keep their
/// members in order, and numbers keep their text, so a value read and written
/// again comes out as it went in.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, kept as written.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The string inside a `.string`, else nil.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as compact JSON text on one line: newlines inside strings are
    /// escaped, and nothing else is added.
    public var encoded: String {
        var output = ""
        encode(into: &output)
        return output
    }

    func encode(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.encode(string: text, into: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.encode(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.encode(string: member.key, into: &output)
                output += ":"
                member.value.encode(into: &output)
            }
            output += "}"
        }
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)

    /// Writes `string` quoted, escaping what would end or break the line.
    /// Runs of bytes that need no escape (most text) are copied whole.
    static func encode(string: String, into output: inout String) {
        output += "\""
        let utf8 = string.utf8
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            let escaped: (text: String, length: Int)?
            switch byte {
            case 0x22: escaped = ("\\\"", 1)
            case 0x5C: escaped = ("\\\\", 1)
            case 0x0A: escaped = ("\\n", 1)
            case 0x0D: escaped = ("\\r", 1)
            case 0x09: escaped = ("\\t", 1)
            case 0xE2: escaped = lineSeparator(in: utf8, at: index)  // line breaks to some readers
            case ..<0x20, 0x7F:
                let hex = String(String.UnicodeScalarView([hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]))
                escaped = ("\\u00" + hex, 1)
            default: escaped = nil
            }
            guard let escaped else {
                index = utf8.index(after: index)
                continue
            }
            output += string[runStart..<index]
            output += escaped.text
            index = utf8.index(index, offsetBy: escaped.length)
            runStart = index
        }
        output += string[runStart..<index]
        output += "\""
    }

    /// U+2028 or U+2029 (E2 80 A8 or A9) at `index`, escaped.
    private static func lineSeparator(in utf8: String.UTF8View, at index: String.Index) -> (text: String, length: Int)? {
        let second = utf8.index(after: index)
        guard second != utf8.endIndex, utf8[second] == 0x80 else { return nil }
        let third = utf8.index(after: second)
        guard third != utf8.endIndex else { return nil }
        switch utf8[third] {
        case 0xA8: return ("\\u2028", 3)
        case 0xA9: return ("\\u2029", 3)
        default: return nil
        }
    }
}

/// One member of a JSON object: a key and its value.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
