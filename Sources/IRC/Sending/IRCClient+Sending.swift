import ChatModel

/// What the user does, as lines to send: messages cut to what the server
/// takes, or batched where it takes `draft/multiline`, and the commands.
extension IRCClient {
    /// The lines that send `text` to `target` (a channel or a nick) as a
    /// message, an action or a notice, and the label its confirmation names.
    /// A multi-line text goes as `draft/multiline` batches where the server
    /// takes them, else one line per line of text with blank lines skipped;
    /// a line too long for the server is cut where the 512 bytes leave room.
    /// `confirmedAtOnce` is true when the server will not echo it back.
    public mutating func say(_ text: String, to target: String, kind: MessageKind = .message)
        -> (label: String, lines: [IRCMessage], confirmedAtOnce: Bool)
    {
        let label = "ct\(nextLabel)"
        nextLabel += 1
        let command = kind == .notice ? "NOTICE" : "PRIVMSG"
        // Any line break ends a line: LF, CR, CR LF (one Character) and the rest.
        let textLines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(MessageSplitter.wireSafe)
        let labelTags: [(key: String, value: String)] = enabled.contains("labeled-response") ? [("label", label)] : []
        var lines: [IRCMessage] = []
        var echoed: [String] = []
        if let limits = multiline, kind != .action, textLines.count > 1 {
            for batch in Self.batches(of: textLines, limits: limits, budget: budget(for: target, command: command)) {
                let reference = "ml\(label)\(echoed.count)"
                lines.append(
                    IRCMessage(
                        tags: echoed.isEmpty ? labelTags : [], command: "BATCH",
                        parameters: ["+" + reference, Self.multilineBatch, target]))
                for piece in batch {
                    var tags: [(key: String, value: String)] = [("batch", reference)]
                    if piece.concat { tags.append((Self.concatTag, "")) }
                    lines.append(IRCMessage(tags: tags, command: command, parameters: [target, String(piece.text)]))
                }
                lines.append(IRCMessage(command: "BATCH", parameters: ["-" + reference]))
                echoed.append(Self.joined(batch))
            }
        } else {
            let budget = budget(for: target, command: command) - (kind == .action ? 9 : 0)
            for line in textLines where !line.allSatisfy(\.isWhitespace) {
                for piece in MessageSplitter.pieces(of: line, budget: budget) {
                    let wire = kind == .action ? "\u{1}ACTION \(piece)\u{1}" : String(piece)
                    lines.append(IRCMessage(tags: lines.isEmpty ? labelTags : [], command: command, parameters: [target, wire]))
                    echoed.append(wire)
                }
            }
        }
        if echoes && !echoed.isEmpty { awaitingEcho.append(AwaitedEcho(label: label, target: target, pieces: echoed)) }
        return (label, lines, !echoes || echoed.isEmpty)
    }

    /// Stops awaiting the echo of what was said under `label`: it was never
    /// sent (the program found a line of it IRC cannot carry).
    public mutating func forgetEcho(label: String) {
        awaitingEcho.removeAll { $0.label == label }
    }

    /// The most bytes of text one `command` line to `target` may carry, so that
    /// the line the server relays, with the user's `nick!user@host` in front,
    /// still fits its line length.
    func budget(for target: String, command: String) -> Int {
        // Before the server has shown it: the longest user (10) and host (63).
        let source = ownSource.map { $0.utf8.count } ?? (nick.utf8.count + 1 + 10 + 1 + 63)
        let overhead = 1 + source + 1 + command.utf8.count + 1 + target.utf8.count + 2 + 2
        return max(16, features.lineLength - overhead)
    }

    /// One piece of a multi-line message: its text and whether it continues the line before.
    struct BatchLine {
        let text: Substring
        let concat: Bool
    }

    /// `lines` as batches within `limits`, long lines cut into pieces joined
    /// with `draft/multiline-concat`; a batch that would pass a limit ends and
    /// the next begins, so nothing is lost.
    static func batches(of lines: [Substring], limits: MultilineLimits, budget: Int) -> [[BatchLine]] {
        var batches: [[BatchLine]] = []
        var current: [BatchLine] = []
        var bytes = 0
        for line in lines {
            let pieces = line.isEmpty ? [line] : MessageSplitter.pieces(of: line, budget: min(budget, limits.maxBytes))
            for (index, piece) in pieces.enumerated() {
                let concat = index > 0
                let cost = piece.utf8.count + (current.isEmpty || concat ? 0 : 1)
                if !current.isEmpty, bytes + cost > limits.maxBytes || current.count == limits.maxLines ?? Int.max {
                    batches.append(current)
                    current = []
                    bytes = 0
                }
                // A batch never starts with a continuation: it would join the batch before.
                current.append(BatchLine(text: piece, concat: concat && !current.isEmpty))
                bytes += piece.utf8.count + (current.count > 1 && !concat ? 1 : 0)
            }
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    /// A batch's text as the server will echo it back whole.
    static func joined(_ batch: [BatchLine]) -> String {
        var text = ""
        for (index, line) in batch.enumerated() {
            if index > 0 && !line.concat { text += "\n" }
            text += line.text
        }
        return text
    }

    /// The line that joins `channels`; before the server welcomed the user,
    /// none: they are joined once it does.
    public mutating func join(_ channels: [String]) -> [IRCMessage] {
        guard isRegistered else {
            autoJoin += channels
            return []
        }
        return [IRCMessage(command: "JOIN", parameters: [channels.joined(separator: ",")])]
    }

    /// True when the server keeps history and gives it (`draft/chathistory`).
    public var offersHistory: Bool { enabled.contains("draft/chathistory") }

    /// True when the server is a bouncer that plays back what was said while
    /// the user was away (ZNC offers its `znc.in/` capabilities).
    public var playsBack: Bool { offered.keys.contains { $0.hasPrefix("znc.in/") } }

    /// The line that asks for what was said in `channel` after the last
    /// message held (by its id, else its time), or, with none, the latest.
    /// Its answer comes as `.replayed` messages.
    public mutating func history(
        of channel: String, after last: (serverID: String?, time: Timestamp?)?,
        limit: Int = 100
    ) -> IRCMessage {
        asked(history: HistoryAsk(older: false, limit: limit), in: channel)
        return IRCMessage(command: "CHATHISTORY", parameters: Self.historyParameters("AFTER", channel, last, limit))
    }

    /// The line that asks for what was said in `channel` before the first
    /// message held (by its id, else its time), or, with none, the latest:
    /// Page Up past the start of the room file. Its answer comes whole, as
    /// one `.older` event.
    public mutating func history(
        of channel: String, before first: (serverID: String?, time: Timestamp?)?,
        limit: Int = 100
    ) -> IRCMessage {
        asked(history: HistoryAsk(older: true, limit: limit), in: channel)
        return IRCMessage(command: "CHATHISTORY", parameters: Self.historyParameters("BEFORE", channel, first, limit))
    }

    private mutating func asked(history ask: HistoryAsk, in channel: String) {
        historyAsked[features.caseMapping.folded(channel), default: []].append(ask)
    }

    /// `AFTER`/`BEFORE` a message by its id, else its time; `LATEST` with neither.
    private static func historyParameters(
        _ direction: String, _ channel: String,
        _ reference: (serverID: String?, time: Timestamp?)?, _ limit: Int
    ) -> [String] {
        if let id = reference?.serverID { return [direction, channel, "msgid=" + id, String(limit)] }
        if let time = reference?.time {
            return [direction, channel, "timestamp=" + time.rfc3339.dropLast() + ".000Z", String(limit)]
        }
        return ["LATEST", channel, "*", String(limit)]
    }

    /// The line that leaves `channel`, with the reason others see.
    public func part(_ channel: String, reason: String?) -> IRCMessage {
        IRCMessage(command: "PART", parameters: [channel] + (reason.map { [String(MessageSplitter.wireSafe($0[...]))] } ?? []))
    }

    /// The line that asks for the nick `new`.
    public mutating func changeNick(to new: String) -> IRCMessage {
        wantedNick = new
        return IRCMessage(command: "NICK", parameters: [new])
    }

    /// The line that asks for `channel`'s topic, or sets it to `text`.
    public func topic(of channel: String, to text: String?) -> IRCMessage {
        IRCMessage(command: "TOPIC", parameters: [channel] + (text.map { [String(MessageSplitter.wireSafe($0[...]))] } ?? []))
    }

    /// The line that asks who is in `channel`, whose answer `names` reports.
    public mutating func names(in channel: String) -> IRCMessage {
        namesAsked.insert(features.caseMapping.folded(channel))
        return IRCMessage(command: "NAMES", parameters: [channel])
    }

    /// The line that leaves the network, with the reason others see.
    public func quit(reason: String?) -> IRCMessage {
        IRCMessage(command: "QUIT", parameters: [String(MessageSplitter.wireSafe((reason ?? "chat-tui")[...]))])
    }
}
