/// A `draft/multiline` batch being received.
struct IncomingBatch: Sendable {
    let opening: IRCMessage
    let target: String
    var lines: [IRCMessage] = []

    init(opening: IRCMessage, target: String, lines: [IRCMessage] = []) {
        self.opening = opening
        self.target = target
        self.lines = lines
    }

    /// The most lines a batch gathers; past it, the rest are dropped.
    static let maxLines = 1000

    mutating func add(_ line: IRCMessage) {
        guard lines.count < Self.maxLines, line.command == "PRIVMSG" || line.command == "NOTICE" else { return }
        lines.append(line)
    }

    /// The batch as one message with its line breaks, carrying the opening's
    /// tags (time, msgid, label) and the first line's source; nil when empty.
    var message: IRCMessage? {
        guard let first = lines.first else { return nil }
        var text = ""
        for (index, line) in lines.enumerated() {
            let piece = line.parameters.count > 1 ? line.parameters[1] : ""
            if index > 0 && line.tag(IRCClient.concatTag) == nil { text += "\n" }
            text += piece
        }
        return IRCMessage(
            tags: opening.tags, source: opening.source ?? first.source, command: first.command,
            parameters: [target, text])
    }
}
