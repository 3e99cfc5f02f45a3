import ChatModel

/// The client side of one IRC connection, as a value: registration and
/// capability negotiation, what the server says turned into events for rooms,
/// and what the user does turned into lines. It does no I/O; the program
/// writes the lines it returns and feeds it each line that arrives.
public struct IRCClient: Sendable {
    public let identity: IRCIdentity
    /// The user's nick as the server knows it (or, before the welcome, as last asked for).
    public internal(set) var nick: String
    /// True once the server welcomed the user (001).
    public internal(set) var isRegistered = false
    /// What the server said it supports (`ISUPPORT`).
    public internal(set) var features = ServerFeatures()
    /// The capabilities the server offers, with their values (`""` for none).
    public internal(set) var offered: [String: String] = [:]
    /// The capabilities in use.
    public internal(set) var enabled: Set<String> = []
    /// The channels the user is in, by folded name.
    public internal(set) var channels: [String: Channel] = [:] {
        didSet { rosterRevision &+= 1 }
    }
    /// Changes each time who is in a channel, or which channels, changes: what
    /// Tab completes needs telling again.
    public private(set) var rosterRevision = 0
    /// The channels to join once registered.
    public internal(set) var autoJoin: [String]

    /// True while `CAP LS` has been sent and `CAP END` not yet.
    var negotiating = false
    /// True while a SASL login is under way.
    var loggingIn = false
    /// The `chathistory` and `znc.in/playback` batches being received, by
    /// reference: their lines were said before, not echoes of what the user just sent.
    var historyBatches: Set<String> = []
    /// The history asked for in each channel (by folded name) and not yet
    /// answered, in the order asked: the server answers in that order.
    var historyAsked: [String: [HistoryAsk]] = [:]
    /// Batches of older history being gathered, by reference, to be given whole.
    var olderBatches: [String: (channel: String, limit: Int, messages: [Message])] = [:]
    /// The nick the user wants: the identity's, or the last one `/nick` asked
    /// for. A nick lost to a collision is taken back when it frees up.
    var wantedNick: String
    /// Multi-line batches being received, by reference.
    var batches: [String: IncomingBatch] = [:]
    /// What the user sent that the server has not echoed back yet.
    var awaitingEcho: [AwaitedEcho] = []
    var nextLabel = 1
    /// The channels whose `NAMES` the user asked to see, by folded name.
    var namesAsked: Set<String> = []
    /// `nick!user@host` as the server shows the user to others, once seen.
    var ownSource: String?

    /// The capabilities chat-tui asks for when the server offers them.
    public static let wanted = [
        "server-time", "message-tags", "echo-message", "batch", "labeled-response",
        "multi-prefix", "draft/multiline", "draft/chathistory",
    ]
    static let multilineBatch = "draft/multiline"
    /// The batch ZNC plays its buffer back in when a client attaches.
    static let playbackBatch = "znc.in/playback"
    static let concatTag = "draft/multiline-concat"

    public init(identity: IRCIdentity, channels: [String]) {
        self.identity = identity
        nick = identity.nick
        wantedNick = identity.nick
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
            negotiate(message, time: time, &reply)
        case "AUTHENTICATE":
            authenticate(message, &reply)
        case "903", "902", "904", "905", "906":
            loginEnded(message, time: time, &reply)
        case "900":
            reply.server(message.parameters.last ?? "logged in", time: time)
        case "001":
            isRegistered = true
            if let welcomed = parameters.first { nick = welcomed }
            reply.events.append(.registered(nick: nick))
            reply.server(Self.text(of: message), time: time)
            if !autoJoin.isEmpty { reply.send.append(IRCMessage(command: "JOIN", parameters: [autoJoin.joined(separator: ",")])) }
        case "005":
            features.apply(isupport: message)
        case "FAIL" where parameters.first == "CHATHISTORY":
            historyRefused(message, &reply)
        case "433":
            let taken = parameters.count > 1 ? parameters[1] : nick
            if isRegistered {
                reply.server("the nick \(taken) is taken: /nick NAME chooses another", time: time)
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
            reply.message(
                Message(
                    sender: who, text: "has left \(name)\(reason)", time: time, kind: .part,
                    isOwn: same(who, nick)), .channel(channel(name)?.name ?? name))
            leave(name, who: who, &reply)
        case "KICK":
            guard parameters.count >= 2, let by = message.sourceNick else { break }
            let reason = parameters.count > 2 && !parameters[2].isEmpty ? parameters[2] : nil
            let why = reason.map { " (\($0))" } ?? ""
            let name = channel(parameters[0])?.name ?? parameters[0]
            let place = IRCTarget.channel(name)
            guard same(parameters[1], nick) else {
                reply.message(
                    Message(
                        sender: parameters[1], text: "was kicked from \(parameters[0]) by \(by)\(why)",
                        time: time, kind: .part), place)
                leave(parameters[0], who: parameters[1], &reply)
                break
            }
            // Said to the user as what happened to them: they are out of the channel.
            reply.message(
                Message(
                    sender: "",
                    text: "you were kicked from \(parameters[0]) by \(by)\(why); "
                        + "/join \(parameters[0]) joins it again", time: time, kind: .system), place)
            channels[features.caseMapping.folded(parameters[0])] = nil
            reply.events.append(.kicked(channel: name, by: by, reason: reason))
        case "QUIT":
            guard let who = message.sourceNick else { break }
            let reason = parameters.first.map { $0.isEmpty ? "" : " (\($0))" } ?? ""
            let key = features.caseMapping.folded(who)
            for name in channels.keys.sorted() where channels[name]!.members[key] != nil {
                channels[name]!.members[key] = nil
                reply.message(
                    Message(sender: who, text: "has quit\(reason)", time: time, kind: .part),
                    .channel(channels[name]!.name))
            }
            reply.message(Message(sender: who, text: "has quit\(reason)", time: time, kind: .part), .query(who))
            takeBackNick(freedBy: who, &reply)
        case "NICK":
            renamed(message, time: time, &reply)
        case "TOPIC":
            guard parameters.count >= 2, let who = message.sourceNick else { break }
            let text = parameters[1].isEmpty ? "\(who) cleared the topic" : "\(who) set the topic: \(parameters[1])"
            reply.message(
                Message(sender: "", text: text, time: time, kind: .system),
                .channel(channel(parameters[0])?.name ?? parameters[0]))
        case "332":
            guard parameters.count >= 3 else { break }
            reply.message(
                Message(sender: "", text: "topic: \(parameters[2])", time: time, kind: .system),
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
                let folded = features.caseMapping.folded(member)
                channels[key]!.members[folded] = (member, ranks)
            }
        case "366":
            guard parameters.count >= 2 else { break }
            let key = features.caseMapping.folded(parameters[1])
            if namesAsked.remove(key) != nil, let channel = channels[key] {
                reply.events.append(
                    .names(channel: channel.name, nicks: channel.namesList(rankOrder: features.prefixes.map(\.symbol))))
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
    struct Reply {
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
    mutating func numeric(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
        guard message.command.count == 3, let code = Int(message.command) else { return }
        if worded(message, time: time, &reply) { return }
        let text = Self.text(of: message)
        if (400..<600).contains(code) {
            // What the refusal names, then its words: `nobody: No such nick`.
            let reason =
                message.parameters.count >= 3
                ? "\(message.parameters[1]): \(message.parameters.dropFirst(2).joined(separator: " "))" : text
            if let label = message.tag("label"), let index = awaitingEcho.firstIndex(where: { $0.label == label }) {
                awaitingEcho.remove(at: index)
                reply.events.append(.refused(label: label, reason: reason))
                return
            }
            // Cannot send to a channel (404) and the like name where; without a
            // label, the oldest message awaiting its echo there is the one refused.
            if message.parameters.count >= 3, features.isChannel(message.parameters[1]) {
                let name = message.parameters[1]
                if code == 404, let index = awaitingEcho.firstIndex(where: { same($0.target, name) }) {
                    let refused = awaitingEcho.remove(at: index)
                    reply.events.append(.refused(label: refused.label, reason: reason))
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
}
