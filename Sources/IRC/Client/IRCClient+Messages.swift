import ChatModel

/// What people say: messages, notices and actions, the user's own echoed
/// back, and multi-line batches gathered into one message.
extension IRCClient {
    /// `PRIVMSG` and `NOTICE`, CTCP `ACTION` among them; the user's own echoed
    /// back confirm what was sent instead of showing twice.
    mutating func said(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
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
                // Answered, and who asked is said: the user sees what was told about them.
                reply.send.append(IRCMessage(command: "NOTICE", parameters: [sender, "\u{1}VERSION chat-tui\u{1}"]))
                reply.server("\(sender) asked which program you use (CTCP VERSION), and was told chat-tui", time: time)
                return
            } else if kind == .notice {
                text = "CTCP reply: " + body
            } else {
                // Other requests are not answered, and who asked is said.
                if fromUser { reply.server("\(sender) sent a CTCP \(verb.uppercased()) request, not answered", time: time) }
                return
            }
        }
        let isOwn = fromUser && same(sender, nick)
        let older = message.tag("batch").flatMap { olderBatches[$0] != nil ? $0 : nil }
        let isHistory = older != nil || (message.tag("batch").map(historyBatches.contains) ?? false)
        if isOwn, echoes, !isHistory,
            confirmEcho(
                of: message.parameters[1], to: target, label: message.tag("label"),
                serverID: message.tag("msgid"), time: time, &reply)
        {
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
        let said = Message(
            sender: fromUser ? sender : (sender.isEmpty ? "server" : sender), text: plain, time: time,
            kind: kind, isOwn: isOwn, formatting: runs, serverID: message.tag("msgid"))
        if let older {
            olderBatches[older]!.messages.append(said)
        } else {
            reply.events.append(isHistory ? .replayed(said, place) : .message(said, place))
        }
    }

    /// Marks off an echo of what the user sent, by its label or else by its
    /// text; true when it was one.
    mutating func confirmEcho(
        of text: String, to target: String, label: String?, serverID: String?, time: Timestamp?,
        _ reply: inout Reply
    ) -> Bool {
        let index =
            awaitingEcho.firstIndex { awaited in
                same(awaited.target, target) && (label != nil ? awaited.label == label : awaited.pieces.first == text)
            } ?? awaitingEcho.firstIndex { same($0.target, target) && $0.pieces.first == text }
        guard let index else { return false }
        awaitingEcho[index].pieces.removeFirst()
        if awaitingEcho[index].pieces.isEmpty {
            let done = awaitingEcho.remove(at: index)
            reply.events.append(.confirmed(label: done.label, serverID: serverID, time: time))
        }
        return true
    }

    /// `BATCH +ref type …` and `BATCH -ref`: a multi-line message is gathered
    /// and taken in whole when it ends; other batches' lines are taken one by one.
    mutating func batch(_ message: IRCMessage, now: Timestamp, _ reply: inout Reply) {
        guard let reference = message.parameters.first, reference.count > 1 else { return }
        let id = String(reference.dropFirst())
        if reference.hasPrefix("+") {
            // History, and a bouncer's playback of what was said meanwhile (or again).
            if message.parameters.count >= 2, message.parameters[1].hasSuffix("chathistory") {
                // The answer to the oldest question still open in its channel.
                let channel = message.parameters.count >= 3 ? message.parameters[2] : ""
                let key = features.caseMapping.folded(channel)
                let ask = historyAsked[key]?.first
                if ask != nil { historyAsked[key]!.removeFirst() }
                if let ask, ask.older {
                    olderBatches[id] = (channel, ask.limit, [])
                } else {
                    historyBatches.insert(id)
                }
                return
            }
            if message.parameters.count >= 2, message.parameters[1] == Self.playbackBatch {
                historyBatches.insert(id)
                return
            }
            guard message.parameters.count >= 3, message.parameters[1] == Self.multilineBatch else { return }
            batches[id] = IncomingBatch(opening: message, target: message.parameters[2])
        } else if reference.hasPrefix("-"), historyBatches.remove(id) != nil {
            return
        } else if reference.hasPrefix("-"), let gathered = olderBatches.removeValue(forKey: id) {
            reply.events.append(
                .older(
                    channel: channel(gathered.channel)?.name ?? gathered.channel,
                    messages: gathered.messages, reachedStart: gathered.messages.count < gathered.limit))
        } else if reference.hasPrefix("-"), let gathered = batches.removeValue(forKey: id), let whole = gathered.message {
            let (send, events) = receive(whole, now: now)
            reply.send += send
            reply.events += events
        }
    }

    /// `FAIL CHATHISTORY …`: the server will not give the history asked for
    /// in the channel named; older history then has nothing more to give.
    mutating func historyRefused(_ message: IRCMessage, _ reply: inout Reply) {
        for parameter in message.parameters.dropFirst() {
            let key = features.caseMapping.folded(parameter)
            guard let ask = historyAsked[key]?.first else { continue }
            historyAsked[key]!.removeFirst()
            if ask.older {
                reply.events.append(.older(channel: channel(parameter)?.name ?? parameter, messages: [], reachedStart: true))
            }
            return
        }
    }
}

/// History asked for in a channel: older messages (Page Up) or what came
/// after the last one held, and how many at most.
struct HistoryAsk: Sendable {
    let older: Bool
    let limit: Int
}
