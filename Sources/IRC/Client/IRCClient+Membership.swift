import ChatModel

/// Who is in which channel: the user and others joining, leaving, being
/// kicked and changing nick, each told in the rooms it concerns.
extension IRCClient {
    /// `JOIN`: the user in a channel, or someone joining one the user is in.
    mutating func joined(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
        guard let name = message.parameters.first, let who = message.sourceNick else { return }
        let key = features.caseMapping.folded(name)
        if same(who, nick) {
            ownSource = message.source
            if channels[key] == nil { channels[key] = Channel(name: name) }
            reply.events.append(.joined(name))
        }
        let member = features.caseMapping.folded(who)
        channels[key]?.members[member] = (who, "")
        reply.message(
            Message(sender: who, text: "has joined \(name)", time: time, kind: .join, isOwn: same(who, nick)),
            .channel(channels[key]?.name ?? name))
    }

    /// Someone, or the user, is no longer in `name`.
    mutating func leave(_ name: String, who: String, _ reply: inout Reply) {
        let key = features.caseMapping.folded(name)
        if same(who, nick) {
            channels[key] = nil
            reply.events.append(.left(name))
        } else {
            let member = features.caseMapping.folded(who)
            channels[key]?.members[member] = nil
        }
    }

    /// `NICK`: the user or someone in a channel with them has a new nick.
    mutating func renamed(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
        guard let new = message.parameters.first, let old = message.sourceNick else { return }
        let mapping = features.caseMapping
        let isOwn = same(old, nick)
        if isOwn {
            nick = new
            if let source = ownSource, let bang = source.firstIndex(of: "!") { ownSource = new + source[bang...] }
            reply.events.append(.nickChanged(new))
        }
        // The user's own new nick is told in every room once, by `nickChanged`.
        let text = "\(old) is now known as \(new)"
        for key in channels.keys.sorted() {
            guard let member = channels[key]!.members.removeValue(forKey: mapping.folded(old)) else { continue }
            channels[key]!.members[mapping.folded(new)] = (new, member.ranks)
            if !isOwn { reply.message(Message(sender: "", text: text, time: time, kind: .system), .channel(channels[key]!.name)) }
        }
        if !isOwn {
            reply.message(Message(sender: "", text: text, time: time, kind: .system), .query(old))
            reply.events.append(.renamed(from: old, to: new))
            takeBackNick(freedBy: old, &reply)
        }
    }

    /// The nick the user asked for, taken (433) when registering or lost in an
    /// outage, is asked for again as soon as its holder leaves it.
    mutating func takeBackNick(freedBy who: String, _ reply: inout Reply) {
        guard isRegistered, same(who, wantedNick), !same(nick, wantedNick) else { return }
        reply.send.append(IRCMessage(command: "NICK", parameters: [wantedNick]))
    }
}
