/// A model of an IRC server, as small as the session's promises need: one
/// client connection under test and other users it only pretends to have;
/// channels with members and bans; the rfc1459 case mapping (written here
/// again, not borrowed from the client); `echo-message` and
/// `labeled-response`, so each message is confirmed or refused by its label;
/// refusals as InspIRCd words them (401, 404, 432, 433, 442, 474). It speaks
/// in lines of text and forgets the client's state when the connection drops.
struct ModelServer {
    static let name = "irc.model"

    struct Channel {
        var name: String
        /// Members by folded nick: the nick as they spell it.
        var members: [String: String] = [:]
        /// Folded nicks that may not join.
        var banned: Set<String> = []
    }

    /// Whether the client under test is connected, and how far it registered.
    private(set) var connected = false
    private(set) var registered = false
    /// The client's nick: asked for, then held once registered.
    private(set) var clientNick: String?
    private var sentUser = false
    private var negotiating = false
    private var capabilities: Set<String> = []
    /// Other users, by folded nick.
    private(set) var others: [String: String] = [:]
    private(set) var channels: [String: Channel] = [:]
    /// Every message the client got through, in order: to whom, and what.
    private(set) var delivered: [(target: String, text: String)] = []
    /// Why each message refused was, by its text: the target, then the words.
    private(set) var refusals: [String: String] = [:]

    /// rfc1459: ASCII letters, and `[]\~` as the capitals of `{}|^`.
    static func folded(_ name: String) -> String {
        String(
            name.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "A"..."Z": Character(Unicode.Scalar(scalar.value + 32)!)
                case "[": "{"
                case "]": "}"
                case "\\": "|"
                case "~": "^"
                default: Character(scalar)
                }
            })
    }

    /// The channels the client is in, by folded name.
    var clientChannels: Set<String> {
        guard let nick = clientNick, registered else { return [] }
        return Set(channels.filter { $0.value.members[Self.folded(nick)] != nil }.keys)
    }

    private var source: String { "\(clientNick ?? "*")!u@model" }

    // MARK: The connection

    mutating func accept() {
        connected = true
        registered = false
        clientNick = nil
        sentUser = false
        negotiating = false
        capabilities = []
    }

    /// The connection drops: the client is out of every channel, and
    /// channels nobody is in are gone.
    mutating func dropClient() {
        if let nick = clientNick, registered {
            for key in channels.keys { channels[key]!.members[Self.folded(nick)] = nil }
        }
        channels = channels.filter { !$0.value.members.isEmpty || !$0.value.banned.isEmpty }
        connected = false
        registered = false
        clientNick = nil
    }

    /// A restart: nothing is kept, not even the other users.
    mutating func restart() {
        dropClient()
        channels = [:]
        others = [:]
    }

    // MARK: What the client says

    /// The lines sent back for one line from the client.
    mutating func handle(_ line: String) -> [String] {
        guard connected else { return [] }
        let (tags, command, parameters) = Self.parse(line)
        let label = tags["label"].flatMap { capabilities.contains("labeled-response") ? $0 : nil }
        let me = clientNick ?? "*"
        func numeric(_ code: String, _ rest: String) -> String {
            (label.map { "@label=\($0) " } ?? "") + ":\(Self.name) \(code) \(me) \(rest)"
        }
        switch command {
        case "CAP":
            switch parameters.first {
            case "LS":
                negotiating = true
                return [":\(Self.name) CAP * LS :echo-message labeled-response sts"]
            case "REQ":
                let asked = parameters.last?.split(separator: " ").map(String.init) ?? []
                let known = asked.filter { ["echo-message", "labeled-response"].contains($0) }
                capabilities.formUnion(known)
                return [":\(Self.name) CAP \(me) ACK :\(known.joined(separator: " "))"]
            case "END":
                negotiating = false
                return welcomeIfReady()
            default: return []
            }
        case "NICK":
            guard let nick = parameters.first else { return [numeric("431", ":No nickname given")] }
            if nick.first.map({ $0.isNumber || $0 == "-" }) ?? true {
                return [numeric("432", "\(nick) :Erroneous Nickname")]
            }
            if others[Self.folded(nick)] != nil { return [numeric("433", "\(nick) :Nickname is already in use")] }
            guard registered, let old = clientNick else {
                clientNick = nick
                return welcomeIfReady()
            }
            if old == nick { return [] }
            for key in channels.keys where channels[key]!.members.removeValue(forKey: Self.folded(old)) != nil {
                channels[key]!.members[Self.folded(nick)] = nick
            }
            clientNick = nick
            return [":\(old)!u@model NICK :\(nick)"]
        case "USER":
            sentUser = true
            return welcomeIfReady()
        case "PING":
            return [":\(Self.name) PONG \(Self.name) :\(parameters.last ?? "")"]
        case "JOIN" where registered:
            guard let list = parameters.first else { return [] }
            return list.split(separator: ",").flatMap { join(String($0), numeric: numeric) }
        case "PART" where registered:
            guard let name = parameters.first, let nick = clientNick else { return [] }
            let key = Self.folded(name)
            guard channels[key]?.members.removeValue(forKey: Self.folded(nick)) != nil else {
                return [numeric("442", "\(name) :You're not on that channel")]
            }
            let reason = parameters.count > 1 ? " :\(parameters[1])" : ""
            return [":\(source) PART \(channels[key]!.name)\(reason)"]
        case "PRIVMSG" where registered:
            guard parameters.count == 2, let nick = clientNick else { return [] }
            let (target, text) = (parameters[0], parameters[1])
            let reached: Bool
            if target.hasPrefix("#") {
                guard let channel = channels[Self.folded(target)], channel.members[Self.folded(nick)] != nil else {
                    let words = "You cannot send external messages to this channel whilst the +n (noextmsg) mode is set."
                    refusals[text] = "\(target): \(words)"
                    return [numeric("404", "\(target) :\(words)")]
                }
                reached = true
            } else {
                reached = others[Self.folded(target)] != nil || Self.folded(target) == Self.folded(nick)
            }
            guard reached else {
                refusals[text] = "\(target): No such nick/channel"
                return [numeric("401", "\(target) :No such nick/channel")]
            }
            delivered.append((target, text))
            guard capabilities.contains("echo-message") else { return [] }
            return [(label.map { "@label=\($0) " } ?? "") + ":\(source) PRIVMSG \(target) :\(text)"]
        case "QUIT":
            dropClient()
            return ["ERROR :Closing link: (u@model) [Quit: \(parameters.first ?? "")]"]
        default:
            return []
        }
    }

    private mutating func welcomeIfReady() -> [String] {
        guard !registered, !negotiating, sentUser, let nick = clientNick else { return [] }
        registered = true
        return [
            ":\(Self.name) 001 \(nick) :Welcome to the model network \(nick)",
            ":\(Self.name) 005 \(nick) CASEMAPPING=rfc1459 CHANTYPES=# PREFIX=(o)@ :are supported by this server",
        ]
    }

    private mutating func join(_ name: String, numeric: (String, String) -> String) -> [String] {
        guard let nick = clientNick else { return [] }
        guard name.hasPrefix("#"), name.count > 1 else { return [numeric("403", "\(name) :No such channel")] }
        let key = Self.folded(name)
        if channels[key]?.banned.contains(Self.folded(nick)) == true {
            return [numeric("474", "\(channels[key]!.name) :Cannot join channel (you're banned)")]
        }
        if channels[key]?.members[Self.folded(nick)] != nil { return [] }
        channels[key, default: Channel(name: name)].members[Self.folded(nick)] = nick
        let channel = channels[key]!
        let names = channel.members.values.sorted().joined(separator: " ")
        return [
            ":\(source) JOIN :\(channel.name)", numeric("353", "= \(channel.name) :\(names)"),
            numeric("366", "\(channel.name) :End of /NAMES list."),
        ]
    }

    // MARK: What others do

    /// Another user connects as `nick`, if no one has it.
    mutating func otherConnects(_ nick: String) -> Bool {
        let key = Self.folded(nick)
        guard others[key] == nil, clientNick.map({ Self.folded($0) != key }) ?? true else { return false }
        others[key] = nick
        return true
    }

    /// Another user joins `channel`; the client sees it when it is there.
    mutating func otherJoins(_ nick: String, _ name: String) -> [String] {
        let key = Self.folded(name)
        guard others[Self.folded(nick)] != nil else { return [] }
        channels[key, default: Channel(name: name)].members[Self.folded(nick)] = nick
        return clientChannels.contains(key) ? [":\(nick)!o@model JOIN :\(channels[key]!.name)"] : []
    }

    /// Another user quits; the client sees it when they share a channel.
    mutating func otherQuits(_ nick: String) -> [String] {
        let key = Self.folded(nick)
        guard let spelled = others.removeValue(forKey: key) else { return [] }
        let shared = channels.contains { $0.value.members[key] != nil && clientChannels.contains($0.key) }
        for name in channels.keys { channels[name]!.members[key] = nil }
        return shared ? [":\(spelled)!o@model QUIT :Quit: bye"] : []
    }

    /// An operator kicks the client from `channel`, banning it first when `ban`.
    mutating func kickClient(from name: String, ban: Bool) -> [String] {
        let key = Self.folded(name)
        guard let nick = clientNick, registered, channels[key] != nil else { return [] }
        if ban { channels[key]!.banned.insert(Self.folded(nick)) }
        guard channels[key]!.members.removeValue(forKey: Self.folded(nick)) != nil else { return [] }
        return [":op!o@model KICK \(channels[key]!.name) \(nick) :\(ban ? "banned" : "behave")"]
    }

    // MARK: Lines

    /// A line's tags, command and parameters: enough of the grammar for what a client sends.
    static func parse(_ line: String) -> (tags: [String: String], command: String, parameters: [String]) {
        var rest = Substring(line)
        var tags: [String: String] = [:]
        if rest.hasPrefix("@") {
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            for tag in rest.dropFirst().prefix(upTo: end).split(separator: ";") {
                let parts = tag.split(separator: "=", maxSplits: 1)
                tags[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
            rest = rest[end...].drop { $0 == " " }
        }
        if rest.hasPrefix(":") { rest = rest.drop { $0 != " " }.drop { $0 == " " } }
        var words: [String] = []
        while !rest.isEmpty {
            if rest.hasPrefix(":") {
                words.append(String(rest.dropFirst()))
                break
            }
            let word = rest.prefix { $0 != " " }
            words.append(String(word))
            rest = rest.dropFirst(word.count).drop { $0 == " " }
        }
        return (tags, words.first?.uppercased() ?? "", Array(words.dropFirst()))
    }
}
