import ChatCore
import ChatIO
import ChatModel
import ChatNet
import IRC

/// What the rooms ask of the network: the user's commands, and the
/// messages they send, handed to the session and written at the pace.
extension IRCLink {
    func carryOut(_ request: NetworkRequest, for room: String, at now: Moment) -> [Event] {
        let target = target(of: room)
        switch request {
        case .message(let nick, let text):
            let query = self.room(for: .query(nick), focus: false)
            let message = Message(sender: client.nick, text: text, time: now.wall, isOwn: true)
            for event in say(message, to: nick, room: query, id: nil, at: now) { waiting.append((event, query)) }
            return []
        case .join(let name):
            let joining = session.join(name)
            let key = client.features.caseMapping.folded(joining.channel)
            if joining.alreadyIn, networkRooms.label(forKey: key) != nil {
                _ = self.room(for: .channel(joining.channel), focus: true)
            } else {
                networkRooms.showOnJoin(key)
            }
            write(joining.send, at: now)
        case .query(let nick):
            _ = self.room(for: .query(nick), focus: true)
        case .nick(let nick):
            write(session.changeNick(to: nick), at: now)
        case .part(let reason):
            if let target, client.features.isChannel(target) { write(session.part(target, reason: reason), at: now) }
            networkRooms.forget(room)
        case .quit(let reason):
            write([session.quit(reason: reason)], at: now)
            quitting = true
        case .reconnect:
            reconnectNow(at: now)
        case .topic(let text):
            guard let target, client.features.isChannel(target) else {
                return [.notice(.commandProblem(.usage("/topic works in a channel")))]
            }
            write([client.topic(of: target, to: text)], at: now)
        case .names:
            guard let target, client.features.isChannel(target) else {
                return [.notice(.commandProblem(.usage("/names works in a channel")))]
            }
            guard session.membership(of: target)?.state == .joined else {
                return [.notice(.commandProblem(.notInChannel(target)))]
            }
            write([session.withClient { $0.names(in: target) }], at: now)
        case .quote(let line):
            do throws(IRCLineProblem) {
                write([try IRCMessage(parsing: line)], at: now)
            } catch {
                return [.notice(.commandProblem(.usage("/quote LINE: \(error)")))]
            }
        }
        return []
    }

    /// Sends what the user wrote in `room` to `target`: confirmed at once when
    /// the server does not echo, else when its echo comes back.
    func say(_ message: Message, to target: String, room: String, id: LocalID?, at now: Moment) -> [Event] {
        let reason: String
        switch session.say(SentMessage(room: room, id: id?.value, message: message), to: target) {
        case .waiting:
            return []  // shown as pending meanwhile, and sent in order once registered
        case .sent(let label, let lines):
            wire.send(lines, label: label, room: room, lineLength: client.features.lineLength)
            pump(at: now)
            return []
        case .notInChannel(let channel):
            // The server would refuse it: said here, with the way back in.
            reason = Command.Problem.notInChannel(channel).description
        case .cannotCarry(let problem):
            // Refused here, with why, never dropped on the way.
            reason = NotSentReason.cannotCarry(problem: "\(problem)").text
        }
        guard let id else {
            // Not the user's typing (a `/msg`): said in the network's room.
            waiting.append((said(.messageNotSent(target: target, reason: reason), at: now), serverRoom))
            return []
        }
        return [.deliveryFailed(id, reason)]
    }
}
