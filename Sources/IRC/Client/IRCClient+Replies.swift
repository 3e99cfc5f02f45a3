import ChatModel

/// The replies a person asks for, worded as sentences: who someone is
/// (`WHOIS`), who set a channel's topic. Times read as how long ago, so
/// nothing depends on the time zone; the rest of the numerics are shown as
/// the server words them.
extension IRCClient {
    /// Says `message` as a sentence when it is one of the replies worded
    /// here; false for any other.
    mutating func worded(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) -> Bool {
        let parameters = message.parameters
        func parameter(_ index: Int) -> String? { parameters.count > index ? parameters[index] : nil }
        let text: String
        var place = IRCTarget.server
        switch message.command {
        case "333":  // RPL_TOPICWHOTIME: channel, who, when
            guard let name = parameter(1), let who = parameter(2) else { return false }
            let setter = who.prefix { $0 != "!" }
            text = "topic set by \(setter)" + (parameter(3).flatMap { Int64($0) }.map { " \(Self.ago($0, from: time))" } ?? "")
            place = .channel(channel(name)?.name ?? name)
        case "317":  // RPL_WHOISIDLE: nick, seconds idle, signed on
            guard let nick = parameter(1), let idle = parameter(2).flatMap({ Int64($0) }) else { return false }
            let signon = parameter(3).flatMap { Int64($0) }.map { ", and connected \(Self.ago($0, from: time))" } ?? ""
            text = "\(nick) has been idle \(Self.duration(idle))\(signon)"
        case "311":  // RPL_WHOISUSER: nick, user, host, *, real name
            guard let nick = parameter(1), let user = parameter(2), let host = parameter(3) else { return false }
            text = "\(nick) is \(user)@\(host)" + (parameters.count > 5 ? " (\(parameters[5]))" : "")
        case "312":  // RPL_WHOISSERVER: nick, server, its description
            guard let nick = parameter(1), let server = parameter(2) else { return false }
            text = "\(nick) is on \(server)" + (parameter(3).map { " (\($0))" } ?? "")
        case "319":  // RPL_WHOISCHANNELS: nick, channels
            guard let nick = parameter(1), let channels = parameter(2) else { return false }
            text = "\(nick) is in \(channels.split(separator: " ").joined(separator: " "))"
        case "330":  // RPL_WHOISACCOUNT: nick, account
            guard let nick = parameter(1), let account = parameter(2) else { return false }
            text = "\(nick) is logged in as \(account)"
        case "432":  // ERR_ERRONEUSNICKNAME: the nick refused, the server's words
            guard let nick = parameter(1) else { return false }
            text =
                "\(nick) cannot be a nick on this server (\(parameters.count > 2 ? parameters[parameters.count - 1] : "refused")): "
                + "/nick NAME chooses another"
        case "301":  // RPL_AWAY: nick, message
            guard let nick = parameter(1), let away = parameter(2) else { return false }
            text = "\(nick) is away: \(away)"
        default:
            return false
        }
        reply.message(Message(sender: "", text: text, time: time, kind: .system), place)
        return true
    }

    /// `seconds` as a person says it, in its two largest units: `1 min 53 s`,
    /// `2 h 5 min`, `3 days 4 h` (a unit with nothing in it left out).
    static func duration(_ seconds: Int64) -> String {
        let units: [(size: Int64, one: String, many: String)] = [
            (86_400, "day", "days"), (3_600, "h", "h"),
            (60, "min", "min"), (1, "s", "s"),
        ]
        var rest = max(0, seconds)
        guard let largest = units.firstIndex(where: { rest >= $0.size }) else { return "0 s" }
        var parts: [String] = []
        for unit in units[largest..<min(largest + 2, units.count)] {
            let count = rest / unit.size
            rest %= unit.size
            if count > 0 { parts.append("\(count) \(count == 1 ? unit.one : unit.many)") }
        }
        return parts.joined(separator: " ")
    }

    /// How long before `now` the time `secondsSinceEpoch` was: `3 min ago`, or `just now`.
    static func ago(_ secondsSinceEpoch: Int64, from now: Timestamp) -> String {
        let seconds = now.secondsSinceEpoch - secondsSinceEpoch
        return seconds < 1 ? "just now" : "\(duration(seconds)) ago"
    }
}
