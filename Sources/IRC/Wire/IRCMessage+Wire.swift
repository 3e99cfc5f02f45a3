extension IRCMessage {
    /// Parses one received line, its CR LF already taken off. Its bytes are
    /// read as UTF-8 or, when they are not valid UTF-8, as Latin-1 (what irssi
    /// and WeeChat do), so no line turns into `�`.
    public init(line bytes: some Collection<UInt8>) throws(IRCLineProblem) {
        try self.init(parsing: IRCText.decode(bytes))
    }

    /// Parses one line of text, without its CR LF.
    public init(parsing line: String) throws(IRCLineProblem) {
        if Self.breaksLine(line) { throw .lineBreakInside }
        var rest = Substring(line)
        var tags: [(key: String, value: String)] = []
        if rest.first == "@" {
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            let section = rest[rest.index(after: rest.startIndex)..<end]
            let bytes = section.utf8.count + 2
            guard bytes <= Self.maxTagBytes else { throw .tooLong(bytes: bytes, limit: Self.maxTagBytes) }
            for item in section.split(separator: ";") {
                let key = item.prefix { $0 != "=" }
                guard Self.isTagKey(key) else { throw .badTagKey(String(key)) }
                let value = item.dropFirst(key.count + 1)
                // A later value of the same key wins, as the specification says.
                tags.removeAll { $0.key == key }
                tags.append((String(key), Self.unescapedTagValue(value)))
            }
            rest = rest[end...]
        }
        rest = rest.drop { $0 == " " }
        let bodyBytes = rest.utf8.count
        guard bodyBytes <= Self.maxReceivedBodyBytes else {
            throw .tooLong(bytes: bodyBytes, limit: Self.maxReceivedBodyBytes)
        }
        var source: String?
        if rest.first == ":" {
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            source = String(rest[rest.index(after: rest.startIndex)..<end])
            rest = rest[end...].drop { $0 == " " }
        }
        let commandEnd = rest.firstIndex(of: " ") ?? rest.endIndex
        let command = rest[..<commandEnd]
        guard !command.isEmpty else { throw .noCommand }
        guard Self.isCommand(command) else { throw .badCommand(String(command)) }
        rest = rest[commandEnd...]
        var parameters: [String] = []
        while true {
            rest = rest.drop { $0 == " " }
            guard !rest.isEmpty else { break }
            if rest.first == ":" || parameters.count == Self.maxParameters - 1 {
                parameters.append(String(rest.first == ":" ? rest.dropFirst() : rest))
                break
            }
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            parameters.append(String(rest[..<end]))
            rest = rest[end...]
        }
        self.init(tags: tags, source: source, command: command.uppercased(), parameters: parameters)
    }

    /// The line to send, without its CR LF: the last parameter written after
    /// `:` when it must be. Refuses what the protocol cannot carry rather than
    /// sending something else: a line break inside, a middle parameter that
    /// is empty or holds a space, or a line longer than `limit` bytes with its
    /// CR LF (the server's `LINELEN`, 512 by default).
    public func encoded(limit: Int = IRCMessage.maxLineBytes) throws(IRCLineProblem) -> String {
        guard Self.isCommand(Substring(command)) else { throw .badCommand(command) }
        var line = ""
        if !tags.isEmpty {
            for tag in tags where !Self.isTagKey(Substring(tag.key)) { throw .badTagKey(tag.key) }
            line =
                "@"
                + tags.map { $0.value.isEmpty ? $0.key : $0.key + "=" + Self.escapedTagValue($0.value) }
                .joined(separator: ";")
            let bytes = line.utf8.count + 1
            guard bytes <= Self.maxTagBytes else { throw .tooLong(bytes: bytes, limit: Self.maxTagBytes) }
            line += " "
        }
        let tagBytes = line.utf8.count
        if let source { line += ":" + source + " " }
        line += command
        for (index, parameter) in parameters.enumerated() {
            if Self.breaksLine(parameter) { throw .lineBreakInside }
            let needsColon = parameter.isEmpty || parameter.first == ":" || parameter.contains(" ")
            if index < parameters.count - 1 {
                guard !needsColon else { throw .badParameter(parameter) }
                line += " " + parameter
            } else {
                line += needsColon ? " :" + parameter : " " + parameter
            }
        }
        let bytes = line.utf8.count - tagBytes + 2
        guard bytes <= limit else { throw .tooLong(bytes: bytes, limit: limit) }
        return line
    }

    /// The most bytes after the tags a received line may have: more than the
    /// 512 of the protocol, as a server's `LINELEN` may allow longer lines,
    /// but bounded so a hostile line costs little.
    static let maxReceivedBodyBytes = 8191

    /// True when `text` holds a CR, LF or NUL, which would end or cut a line.
    static func breaksLine(_ text: String) -> Bool {
        text.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
    }

    static func isCommand(_ command: Substring) -> Bool {
        command.allSatisfy { $0.isASCII && $0.isLetter }
            || command.count == 3 && command.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Letters, digits, `-`, `.` and `/` (vendor prefixes), after an optional `+` (client tags).
    static func isTagKey(_ key: Substring) -> Bool {
        let name = key.first == "+" ? key.dropFirst() : key
        return !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-./".contains($0)) }
    }

    /// A tag's value as sent: `;`, space, `\`, CR and LF escaped.
    static func escapedTagValue(_ value: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case ";": escaped.append(contentsOf: #"\:"#.unicodeScalars)
            case " ": escaped.append(contentsOf: #"\s"#.unicodeScalars)
            case "\\": escaped.append(contentsOf: #"\\"#.unicodeScalars)
            case "\r": escaped.append(contentsOf: #"\r"#.unicodeScalars)
            case "\n": escaped.append(contentsOf: #"\n"#.unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// A tag's value as meant: the escapes undone, an unknown one read as the
    /// character escaped, a lone `\` at the end dropped.
    static func unescapedTagValue(_ value: Substring) -> String {
        var result = String.UnicodeScalarView()
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                switch scalar {
                case ":": result.append(";")
                case "s": result.append(" ")
                case "r": result.append("\r")
                case "n": result.append("\n")
                default: result.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
