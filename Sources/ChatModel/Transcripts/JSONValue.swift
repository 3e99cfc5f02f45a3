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

    static func encode(string: String, into output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"  // line breaks to some readers
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    output += "\\u00"
                    output.unicodeScalars.append(hexDigits[Int(scalar.value >> 4)])
                    output.unicodeScalars.append(hexDigits[Int(scalar.value & 0xF)])
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
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
