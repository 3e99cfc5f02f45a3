import ChatCore
import ChatIO
import ChatModel
import ChatNet
import IRC

/// What the server says: the connection opening, bytes read and the
/// connection closing, and each `IRCEvent` the session makes of a line,
/// turned into events for the network's rooms.
extension IRCLink {
    func take(_ happening: Connection.Happening, at now: Moment) -> [(event: Event, room: String?)] {
        switch happening {
        case .opened(let peer):
            write(session.connectionOpened(), at: now)
            return [(said(.connected(network: network, peer: peer, tls: address.tls), at: now), serverRoom)]
        case .received(let bytes):
            schedule.heard(at: now.monotonic)
            var events: [(event: Event, room: String?)] = []
            let droppedBefore = unreadableLines + wire.droppedLines
            for line in wire.lines(adding: bytes) {
                guard let message = try? IRCMessage(line: line) else {
                    unreadableLines += 1
                    continue
                }
                let answer = session.receive(message, now: now.wall)
                if !answer.send.isEmpty { write(answer.send, at: now) }
                for event in answer.events { events += take(event, at: now) }
            }
            wire.liftPace(client.features.isRateSafe)
            if let said = droppedNotice(from: droppedBefore, to: unreadableLines + wire.droppedLines, at: now) {
                events.append((said, serverRoom))
            }
            return events + networkRooms.completionNames(from: client)
        case .closed(let problem):
            let unconfirmed = ended(at: now, unconfirmed: .connectionLost)
            let ending = schedule.closed(problem, quit: quitting, jitter: Double.random(in: 0..<1), at: now.monotonic)
            let notice: NetworkNotice
            if let seconds = ending.retryInSeconds {
                if ending.sameAsBefore {
                    // The same refusal as the try before: said whole once, then in brief.
                    notice = .lostAgain(network: network, brief: problem.brief, retryInSeconds: seconds)
                } else if case .untrusted(let certificate) = problem {
                    notice = .untrusted(
                        network: network, problem: certificate.description, fingerprint: certificate.fingerprint,
                        file: settings.file, retryInSeconds: seconds)
                } else {
                    notice = .lost(network: network, wasUp: ending.wasUp, problem: problem.description, retryInSeconds: seconds)
                }
            } else {
                notice = .left(network: network)
            }
            var events: [(event: Event, room: String?)] = [(said(notice, at: now), serverRoom)]
            if !quitting { events.append((.notice(.connectionLost(network: network, reason: problem.description)), nil)) }
            return events + unconfirmed
        }
    }

    /// Says in the network's room that lines were dropped: at the first, the
    /// tenth, the hundredth and so on, so a hostile server cannot flood the room.
    private func droppedNotice(from before: Int, to count: Int, at now: Moment) -> Event? {
        var threshold = 1
        while threshold <= before { threshold *= 10 }
        guard count >= threshold else { return nil }
        return said(.linesDropped(count), at: now)
    }

    func take(_ event: IRCEvent, at now: Moment) -> [(event: Event, room: String?)] {
        switch event {
        case .registered:
            let downFor = schedule.registered(at: now.monotonic)
            wire.startPacing(at: now.monotonic)
            var sentNow: [(event: Event, room: String?)] = []
            for entry in session.takeWaiting() {
                guard let target = target(of: entry.room) else { continue }
                sentNow += say(entry.message, to: target, room: entry.room, id: entry.id.map { LocalID(value: $0) }, at: now)
                    .map { ($0, entry.room) }
            }
            // What was said while the link was down is not here (unless the
            // server gives its history, or plays it back): the rooms say so,
            // but those of channels the user is out of (kicked, refused).
            if let downFor, !client.offersHistory, !client.playsBack {
                let gap = NetworkNotice.gap(seconds: downFor)
                for label in networkRooms.all where label != serverRoom && isIn(label) {
                    sentNow.append((said(gap, in: label, at: now), label))
                }
            }
            let lineByLine = client.multiline == nil
            return rooms.flatMap { room -> [(event: Event, room: String?)] in
                [(.lineByLine(lineByLine), room)]
            } + sentNow
        case .message(let message, let target):
            guard let room = room(for: target, kind: message.kind) else { return [] }
            return room == serverRoom ? [(received(message), room)] : arrived(message, in: room, replayed: false)
        case .replayed(let message, let target):
            guard let room = room(for: target, kind: message.kind) else { return [] }
            return room == serverRoom ? [(received(message), room)] : arrived(message, in: room, replayed: true)
        case .delivered(var entry, let serverID, let time):
            // Kept with the time the server gave it, as the others (and a bouncer's playback) have it.
            if let time { entry.message.time = time }
            return confirmed(entry, serverID: serverID).map { ($0, entry.room) }
        case .notDelivered(let entry, let reason):
            guard let id = entry.id else {
                return [(said(.messageNotSent(target: entry.room, reason: reason), at: now), serverRoom)]
            }
            return [(.deliveryFailed(LocalID(value: id), reason), entry.room)]
        case .confirmed, .refused:
            return []  // the session's `delivered` and `notDelivered` say them
        case .joined(let channel):
            let key = client.features.caseMapping.folded(channel)
            let label = networkRooms.room(
                for: .channel(channel), focus: networkRooms.takeShowOnJoin(key), mapping: client.features.caseMapping)
            // What was said since the last message held, or the latest for a new room.
            if client.offersHistory {
                if let file = networkRooms.file(of: label) {
                    write(
                        [session.withClient { $0.history(of: channel, after: file.lastStored.map { ($0.serverID, $0.time) }) }],
                        at: now)
                } else {
                    serverHistory.want(key)
                }
            }
            return []
        case .older(let channel, let messages, let reachedStart):
            guard let room = networkRooms.label(forKey: client.features.caseMapping.folded(channel)),
                serverHistory.answered(in: room, first: messages.first)
            else { return [] }
            // Shown, not stored: the room file keeps what was said in the order it came.
            let recent = networkRooms.file(of: room)?.recent
            let new = messages.filter { !(recent?.holds($0, byContent: true) ?? false) }
            if new.isEmpty, !messages.isEmpty, !reachedStart, let target = target(of: room) {
                // All held already (asked from a message newer than the history held): on, from the first given.
                askOlder(in: room, of: target, before: serverHistory.reference(in: room, first: nil), at: now)
                return []
            }
            return [(.history(new, reachedStart: reachedStart), room)]
        case .left, .kicked:
            return []
        case .joinRefused(let channel, _):
            _ = networkRooms.takeShowOnJoin(client.features.caseMapping.folded(channel))
            return []
        case .nickChanged(let nick):
            return rooms.map { (.nickChanged(nick), $0) }
        case .renamed(let old, let new):
            let mapping = client.features.caseMapping
            networkRooms.follow(mapping.folded(old), to: new, key: mapping.folded(new))
            return []
        case .names(let channel, let nicks):
            guard let room = networkRooms.label(forKey: client.features.caseMapping.folded(channel)) else { return [] }
            return [(.notice(.names(channel: channel, nicks: nicks)), room)]
        case .closing(let reason):
            return quitting ? [] : [(.notice(.connectionLost(network: network, reason: reason)), nil)]
        }
    }

    /// False for the room of a channel the user is out of (kicked, or
    /// refused, and not asked to join again); true for any other.
    private func isIn(_ room: String) -> Bool {
        guard let target = target(of: room), client.features.isChannel(target) else { return true }
        return session.membership(of: target)?.isWanted ?? true
    }

    /// What arrived for a channel or private room, given to it once its
    /// file is open, unless the file holds it already.
    private func arrived(_ message: Message, in room: String, replayed: Bool) -> [(event: Event, room: String?)] {
        networkRooms.arrived(message, in: room, replayed: replayed).map { [(.received($0), room)] } ?? []
    }
}
