import ChatModel

/// The client side of one IRC connection, as a value: registration and
/// capability negotiation, what the server says turned into events for rooms,
/// and what the user does turned into lines. It does no I/O; the program
/// writes the lines it returns and feeds it each line that arrives.
public struct IRCClient: Sendable {
    public let identity: IRCIdentity
    /// The user's nick as the server knows it (or, before the welcome, as last asked for).
    public private(set) var nick: String
    /// True once the server welcomed the user (001).
    public private(set) var isRegistered = false
    /// What the server said it supports (`ISUPPORT`).
    public private(set) var features = ServerFeatures()
    /// The capabilities the server offers, with their values (`""` for none).
    public private(set) var offered: [String: String] = [:]
    /// The capabilities in use.
    public private(set) var enabled: Set<String> = []
    /// The channels the user is in, by folded name.
    public private(set) var channels: [String: Channel] = [:]
    /// The channels to join once registered.
    public private(set) var autoJoin: [String]

    /// True while `CAP LS` has been sent and `CAP END` not yet.
    private var negotiating = false
    /// Multi-line batches being received, by reference.
    private var batches: [String: IncomingBatch] = [:]
    /// What the user sent that the server has not echoed back yet.
    private var awaitingEcho: [AwaitedEcho] = []
    private var nextLabel = 1
    /// The channels whose `NAMES` the user asked to see, by folded name.
    private var namesAsked: Set<String> = []
    /// `nick!user@host` as the server shows the user to others, once seen.
    private var ownSource: String?

    /// The capabilities chat-tui asks for when the server offers them.
    public static let wanted = ["server-time", "message-tags", "echo-message", "batch", "labeled-response",
                                "multi-prefix", "draft/multiline"]
    static let multilineBatch = "draft/multiline"
    static let concatTag = "draft/multiline-concat"

    public init(identity: IRCIdentity, channels: [String]) {
        self.identity = identity
        nick = identity.nick
        autoJoin = channels
    }

    /// The lines that open the connection: capability negotiation, then the
    /// password, nick and user.
    public mutating func start() -> [IRCMessage] {
        negotiating = true
        var lines = [IRCMessage(command: "CAP", parameters: ["LS", "302"])]
        if let password = identity.password { lines.append(IRCMessage(command: "PASS", parameters: [password])) }
        lines.append(IRCMessage(command: "NICK", parameters: [nick]))
        lines.append(IRCMessage(command: "USER", parameters: [identity.user, "0", "*", identity.realName]))
        return lines
    }

    /// True when the server echoes the user's messages back, so a message is
    /// sent once echoed rather than once written.
    public var echoes: Bool { enabled.contains("echo-message") }

    /// The limits of a multi-line message, when the server takes them.
    public var multiline: MultilineLimits? {
        guard enabled.contains(Self.multilineBatch) else { return nil }
        return offered[Self.multilineBatch].flatMap(MultilineLimits.init(capabilityValue:))
    }

    /// True when `a` and `b` are one nick or channel on this server.
    public func same(_ a: String, _ b: String) -> Bool {
        features.caseMapping.same(a, b)
    }

    /// The channel named `name`, in the server's case mapping.
    public func channel(_ name: String) -> Channel? {
        channels[features.caseMapping.folded(name)]
    }

    // MARK: What the server says

    /// Takes in one line from the server, `now` standing in for a time it does
    /// not give; returns the lines to send back and what happened.
    public mutating func receive(_ message: IRCMessage, now: Timestamp) -> (send: [IRCMessage], events: [IRCEvent]) {
        var reply = Reply()
        if let reference = message.tag("batch"), batches[reference] != nil, message.command != "BATCH" {
            batches[reference]!.add(message)
            return ([], [])
        }
        let time = message.tag("time").flatMap { Timestamp(rfc3339: Substring($0)) } ?? now
        let parameters = message.parameters
        switch message.command {
        case "PING":
            reply.send.append(IRCMessage(command: "PONG", parameters: parameters))
        case "CAP":
            negotiate(message, &reply)
        case "001":
            isRegistered = true
            if let welcomed = parameters.first { nick = welcomed }
            reply.events.append(.registered(nick: nick))
            reply.server(Self.text(of: message), time: time)
            if !autoJoin.isEmpty { reply.send.append(IRCMessage(command: "JOIN", parameters: [autoJoin.joined(separator: ",")])) }
        case "005":
            features.apply(isupport: message)
        case "433":
            let taken = parameters.count > 1 ? parameters[1] : nick
            if isRegistered {
                reply.server("the nick \(taken) is taken", time: time)
            } else {
                nick = taken + "_"
                reply.send.append(IRCMessage(command: "NICK", parameters: [nick]))
                reply.server("the nick \(taken) is taken; trying \(nick)", time: time)
            }
        case "PRIVMSG", "NOTICE":
            said(message, time: time, &reply)
        case "JOIN":
            joined(message, time: time, &reply)
        case "PART":
            guard let name = parameters.first, let who = message.sourceNick else { break }
            let reason = parameters.count > 1 && !parameters[1].isEmpty ? " (\(parameters[1]))" : ""
            reply.message(Message(sender: who, text: "has left \(name)\(reason)", time: time, kind: .part,
                                  isOwn: same(who, nick)), .channel(channel(name)?.name ?? name))
            leave(name, who: who, &reply)
        case "KICK":
            guard parameters.count >= 2, let by = message.sourceNick else { break }
            let reason = parameters.count > 2 && !parameters[2].isEmpty ? " (\(parameters[2]))" : ""
            reply.message(Message(sender: parameters[1], text: "was kicked from \(parameters[0]) by \(by)\(reason)",
                                  time: time, kind: .part, isOwn: same(parameters[1], nick)),
                          .channel(channel(parameters[0])?.name ?? parameters[0]))
            leave(parameters[0], who: parameters[1], &reply)
        case "QUIT":
            guard let who = message.sourceNick else { break }
            let reason = parameters.first.map { $0.isEmpty ? "" : " (\($0))" } ?? ""
            let key = features.caseMapping.folded(who)
            for name in channels.keys.sorted() where channels[name]!.members[key] != nil {
                channels[name]!.members[key] = nil
                reply.message(Message(sender: who, text: "has quit\(reason)", time: time, kind: .part),
                              .channel(channels[name]!.name))
            }
            reply.message(Message(sender: who, text: "has quit\(reason)", time: time, kind: .part), .query(who))
        case "NICK":
            renamed(message, time: time, &reply)
        case "TOPIC":
            guard parameters.count >= 2, let who = message.sourceNick else { break }
            let text = parameters[1].isEmpty ? "\(who) cleared the topic" : "\(who) set the topic: \(parameters[1])"
            reply.message(Message(sender: "", text: text, time: time, kind: .system), .channel(channel(parameters[0])?.name ?? parameters[0]))
        case "332":
            guard parameters.count >= 3 else { break }
            reply.message(Message(sender: "", text: "topic: \(parameters[2])", time: time, kind: .system),
                          .channel(channel(parameters[1])?.name ?? parameters[1]))
        case "MODE":
            guard let target = parameters.first else { break }
            let who = message.sourceNick ?? "the server"
            let text = "\(who) sets mode \(parameters.dropFirst().joined(separator: " "))"
            let place: IRCTarget = features.isChannel(target) ? .channel(channel(target)?.name ?? target) : .server
            reply.message(Message(sender: "", text: text, time: time, kind: .system), place)
        case "353":
            guard parameters.count >= 4 else { break }
            let key = features.caseMapping.folded(parameters[2])
            guard channels[key] != nil else { break }
            let symbols = Set(features.prefixes.map(\.symbol))
            for entry in parameters[3].split(separator: " ") {
                let ranks = String(entry.prefix { symbols.contains($0) })
                let member = String(entry.dropFirst(ranks.count).prefix { $0 != "!" })
                channels[key]!.members[features.caseMapping.folded(member)] = (member, ranks)
            }
        case "366":
            guard parameters.count >= 2 else { break }
            let key = features.caseMapping.folded(parameters[1])
            if namesAsked.remove(key) != nil, let channel = channels[key] {
                reply.events.append(.names(channel: channel.name, nicks: channel.namesList(rankOrder: features.prefixes.map(\.symbol))))
            }
        case "BATCH":
            batch(message, now: now, &reply)
        case "ERROR":
            let reason = parameters.first ?? "the server ended the connection"
            reply.events.append(.closing(reason))
            reply.server(reason, time: time)
        default:
            numeric(message, time: time, &reply)
        }
        return (reply.send, reply.events)
    }

    /// What a `receive` answers: lines to send and events.
    private struct Reply {
        var send: [IRCMessage] = []
        var events: [IRCEvent] = []

        mutating func message(_ message: Message, _ target: IRCTarget) {
            events.append(.message(message, target))
        }

        mutating func server(_ text: String, time: Timestamp, kind: MessageKind = .system, from sender: String = "") {
            events.append(.message(Message(sender: sender, text: text, time: time, kind: kind), .server))
        }
    }

    /// A numeric reply: a refusal of something labelled is said where it was
    /// sent; the rest goes to the network's room.
    private mutating func numeric(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
        guard message.command.count == 3, let code = Int(message.command) else { return }
        let text = Self.text(of: message)
        if (400..<600).contains(code) {
            if let label = message.tag("label"), let index = awaitingEcho.firstIndex(where: { $0.label == label }) {
                awaitingEcho.remove(at: index)
                reply.events.append(.refused(label: label, reason: text))
                return
            }
            // Cannot send to a channel (404) and the like name where; without a
            // label, the oldest message awaiting its echo there is the one refused.
            if message.parameters.count >= 3, features.isChannel(message.parameters[1]) {
                let name = message.parameters[1]
                if code == 404, let index = awaitingEcho.firstIndex(where: { same($0.target, name) }) {
                    let refused = awaitingEcho.remove(at: index)
                    reply.events.append(.refused(label: refused.label, reason: message.parameters.last ?? text))
                    return
                }
                if channel(name) != nil {
                    reply.message(Message(sender: "", text: text, time: time, kind: .system), .channel(channel(name)!.name))
                    return
                }
            }
        }
        // The end of a list says nothing a person needs.
        if [315, 318, 366, 369].contains(code) { return }
        reply.server(text, time: time)
    }

    /// A numeric's words: its parameters after the user's nick.
    static func text(of message: IRCMessage) -> String {
        message.parameters.dropFirst().joined(separator: " ")
    }

    /// `CAP LS`, `ACK`, `NAK`, `NEW` and `DEL`.
    private mutating func negotiate(_ message: IRCMessage, _ reply: inout Reply) {
        let parameters = message.parameters
        guard parameters.count >= 3 else { return }
        let more = parameters.count >= 4 && parameters[2] == "*"
        let list = parameters[parameters.count - 1].split(separator: " ").map(String.init)
        switch parameters[1].uppercased() {
        case "LS", "NEW":
            for item in list {
                let name = String(item.prefix { $0 != "=" })
                offered[name] = String(item.dropFirst(name.count + 1))
            }
            guard !more else { return }
            let request = Self.wanted.filter { offered[$0] != nil && !enabled.contains($0) }
            if request.isEmpty {
                if negotiating { end(&reply) }
            } else {
                reply.send.append(IRCMessage(command: "CAP", parameters: ["REQ", request.joined(separator: " ")]))
            }
        case "ACK":
            for item in list {
                if item.hasPrefix("-") { enabled.remove(String(item.dropFirst())) } else { enabled.insert(item) }
            }
            if negotiating && !more { end(&reply) }
        case "NAK":
            if negotiating && !more { end(&reply) }
        case "DEL":
            for item in list {
                offered[item] = nil
                enabled.remove(item)
            }
        default:
            break
        }
    }

    private mutating func end(_ reply: inout Reply) {
        negotiating = false
        reply.send.append(IRCMessage(command: "CAP", parameters: ["END"]))
    }

    /// `JOIN`: the user in a channel, or someone joining one the user is in.
    private mutating func joined(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
        guard let name = message.parameters.first, let who = message.sourceNick else { return }
        let key = features.caseMapping.folded(name)
        if same(who, nick) {
            ownSource = message.source
            if channels[key] == nil { channels[key] = Channel(name: name) }
            reply.events.append(.joined(name))
        }
        channels[key]?.members[features.caseMapping.folded(who)] = (who, "")
        reply.message(Message(sender: who, text: "has joined \(name)", time: time, kind: .join, isOwn: same(who, nick)),
                      .channel(channels[key]?.name ?? name))
    }

    /// Someone, or the user, is no longer in `name`.
    private mutating func leave(_ name: String, who: String, _ reply: inout Reply) {
        let key = features.caseMapping.folded(name)
        if same(who, nick) {
            channels[key] = nil
            reply.events.append(.left(name))
        } else {
            channels[key]?.members[features.caseMapping.folded(who)] = nil
        }
    }

    /// `NICK`: the user or someone in a channel with them has a new nick.
    private mutating func renamed(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
        guard let new = message.parameters.first, let old = message.sourceNick else { return }
        let mapping = features.caseMapping
        let isOwn = same(old, nick)
        if isOwn {
            nick = new
            if let source = ownSource, let bang = source.firstIndex(of: "!") { ownSource = new + source[bang...] }
            reply.events.append(.nickChanged(new))
        }
        let text = isOwn ? "you are now known as \(new)" : "\(old) is now known as \(new)"
        for key in channels.keys.sorted() {
            guard let member = channels[key]!.members.removeValue(forKey: mapping.folded(old)) else { continue }
            channels[key]!.members[mapping.folded(new)] = (new, member.ranks)
            reply.message(Message(sender: "", text: text, time: time, kind: .system), .channel(channels[key]!.name))
        }
        if isOwn {
            reply.server(text, time: time)
        } else {
            reply.message(Message(sender: "", text: text, time: time, kind: .system), .query(old))
        }
    }

    /// `PRIVMSG` and `NOTICE`, CTCP `ACTION` among them; the user's own echoed
    /// back confirm what was sent instead of showing twice.
    private mutating func said(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
        guard message.parameters.count >= 2 else { return }
        let target = message.parameters[0]
        var text = Substring(message.parameters[1])
        let sender = message.sourceNick ?? ""
        let fromUser = message.source?.contains("!") ?? false
        var kind: MessageKind = message.command == "NOTICE" ? .notice : .message
        if text.first == "\u{1}" {
            let body = text.dropFirst().prefix { $0 != "\u{1}" }
            let verb = body.prefix { $0 != " " }
            if verb.uppercased() == "ACTION" {
                kind = .action
                text = body.dropFirst(verb.count).drop { $0 == " " }
            } else if kind == .message, verb.uppercased() == "VERSION", fromUser {
                reply.send.append(IRCMessage(command: "NOTICE", parameters: [sender, "\u{1}VERSION chat-tui\u{1}"]))
                return
            } else if kind == .notice {
                text = "CTCP reply: " + body
            } else {
                return  // other CTCP requests are not answered
            }
        }
        let isOwn = fromUser && same(sender, nick)
        if isOwn, echoes, confirmEcho(of: message.parameters[1], to: target, label: message.tag("label"),
                                     serverID: message.tag("msgid"), &reply) {
            return
        }
        let place: IRCTarget
        if features.isChannel(target) {
            place = .channel(channel(target)?.name ?? target)
        } else if !fromUser || !isRegistered {
            place = .server
        } else {
            place = .query(isOwn ? target : sender)
        }
        let (plain, runs) = IRCFormatting.parse(text)
        reply.message(Message(sender: fromUser ? sender : (sender.isEmpty ? "server" : sender), text: plain, time: time,
                              kind: kind, isOwn: isOwn, formatting: runs, serverID: message.tag("msgid")), place)
    }

    /// Marks off an echo of what the user sent, by its label or else by its
    /// text; true when it was one.
    private mutating func confirmEcho(of text: String, to target: String, label: String?, serverID: String?,
                                      _ reply: inout Reply) -> Bool {
        let index = awaitingEcho.firstIndex { awaited in
            same(awaited.target, target) && (label != nil ? awaited.label == label : awaited.pieces.first == text)
        } ?? awaitingEcho.firstIndex { same($0.target, target) && $0.pieces.first == text }
        guard let index else { return false }
        awaitingEcho[index].pieces.removeFirst()
        if awaitingEcho[index].pieces.isEmpty {
            let done = awaitingEcho.remove(at: index)
            reply.events.append(.confirmed(label: done.label, serverID: serverID))
        }
        return true
    }

    /// `BATCH +ref type …` and `BATCH -ref`: a multi-line message is gathered
    /// and taken in whole when it ends; other batches' lines are taken one by one.
    private mutating func batch(_ message: IRCMessage, now: Timestamp, _ reply: inout Reply) {
        guard let reference = message.parameters.first, reference.count > 1 else { return }
        let id = String(reference.dropFirst())
        if reference.hasPrefix("+") {
            guard message.parameters.count >= 3, message.parameters[1] == Self.multilineBatch else { return }
            batches[id] = IncomingBatch(opening: message, target: message.parameters[2])
        } else if reference.hasPrefix("-"), let gathered = batches.removeValue(forKey: id), let whole = gathered.message {
            let (send, events) = receive(whole, now: now)
            reply.send += send
            reply.events += events
        }
    }

    // MARK: What the user does

    /// The lines that send `text` to `target` (a channel or a nick) as a
    /// message, an action or a notice, and the label its confirmation names.
    /// A multi-line text goes as `draft/multiline` batches where the server
    /// takes them, else one line per line of text with blank lines skipped;
    /// a line too long for the server is cut where the 512 bytes leave room.
    /// `confirmedAtOnce` is true when the server will not echo it back.
    public mutating func say(_ text: String, to target: String, kind: MessageKind = .message)
        -> (label: String, lines: [IRCMessage], confirmedAtOnce: Bool) {
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
                lines.append(IRCMessage(tags: echoed.isEmpty ? labelTags : [], command: "BATCH",
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

    /// The line that joins `channels`.
    public func join(_ channels: [String]) -> IRCMessage {
        IRCMessage(command: "JOIN", parameters: [channels.joined(separator: ",")])
    }

    /// The line that leaves `channel`, with the reason others see.
    public func part(_ channel: String, reason: String?) -> IRCMessage {
        IRCMessage(command: "PART", parameters: [channel] + (reason.map { [String(MessageSplitter.wireSafe($0[...]))] } ?? []))
    }

    /// The line that asks for the nick `new`.
    public func changeNick(to new: String) -> IRCMessage {
        IRCMessage(command: "NICK", parameters: [new])
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

/// What the user sent to one target, waiting for the server's echo: the
/// label, and the texts still to be echoed (one per line or batch).
struct AwaitedEcho: Sendable {
    let label: String
    let target: String
    var pieces: [String]
}

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
        return IRCMessage(tags: opening.tags, source: opening.source ?? first.source, command: first.command,
                          parameters: [target, text])
    }
}
