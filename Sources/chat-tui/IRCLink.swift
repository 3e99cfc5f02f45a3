import ChatCore
import ChatIO
import ChatModel
import ChatNet
import IRC

/// One IRC network: its connection, the protocol client, and the rooms it
/// serves (its own room for what the server says, each channel and each
/// private conversation). It turns what arrives into events for those rooms,
/// stores their messages in their room files, and carries out what they ask.
final class IRCLink: Link {
    let address: IRCAddress
    /// The network's name: its room's label and its folder of room files.
    let network: String
    /// The label of the network's own room.
    let serverRoom: String
    /// The connection now, replaced by a new one on each reconnection.
    private var connection: Connection
    private var lines = LineBuffer()
    /// The network's state across connections: phase, nick, channels, and the user's messages on their way.
    private var session: IRCSession
    /// The protocol's state on the connection now.
    private var client: IRCClient { session.client }
    /// How the network was given: who to be, how to trust it.
    private let settings: Network
    /// When connections are made, given up and tried again.
    private var schedule: LinkSchedule
    /// What the network's room's status last said, so it is said again only when it changes.
    private var status: String?
    /// What waits to go to the server at the pace it tolerates: a paste must
    /// not get the user thrown out for flooding.
    private var outgoing = OutgoingQueue()
    /// The rooms of this network, their labels and files.
    private var networkRooms: NetworkRooms
    /// Channels the user asked to join, by folded name, to show once joined.
    private var focusOnJoin: Set<String> = []
    /// What happened while carrying out an effect, taken in at the next turn.
    private var deferred: [Connection.Happening] = []
    /// Events for rooms that had to be opened first, given at the next turn.
    private var waiting: [(event: Event, room: String?)] = []
    /// What arrived for rooms whose file is not open yet, in order (and
    /// whether it was said before): given once the file is, less what it holds.
    private var held: [String: [(message: Message, replayed: Bool)]] = [:]
    /// True once the user quit the network.
    private var quitting = false
    /// Lines the server sent that could not be read, dropped and counted.
    private(set) var unreadableLines = 0
    /// What the network's room says as the first turn starts connecting,
    /// with that turn's time (the room's file is open by then, and its
    /// history read: each is said and kept once).
    private var startNotes: [NetworkNotice]

    /// Connects to `network` as its nick or else `nick`, with its password if
    /// it has one; `focusFirstChannel` shows its first channel once joined
    /// (the first network's, so typing goes there at once).
    init(network settings: Network, nick: String, password: Secret?, focusFirstChannel: Bool, idleSeconds: Double = 30) {
        self.settings = settings
        schedule = LinkSchedule(idleSeconds: idleSeconds)
        address = settings.address
        network = settings.name
        serverRoom = address.tls ? settings.name : settings.name + " (no TLS)"
        var identity = IRCIdentity(nick: settings.nick ?? nick, user: settings.user,
                                   realName: settings.realName ?? "chat-tui user")
        var refusal: NetworkNotice?
        switch settings.login {
        case .serverPassword:
            identity.password = password?.value
            // The certificate is the credential: SASL EXTERNAL asks the server to take it.
            if settings.certificate != nil, settings.address.tls { identity.sasl = .external }
        case .sasl(let account):
            // SASL PLAIN shows the password to whoever reads the line: only over TLS.
            if let password, settings.address.tls {
                identity.sasl = .plain(account: account ?? identity.nick, password: password.value)
            } else if password != nil {
                refusal = .plainLoginRefused
            }
        }
        session = IRCSession(identity: identity, channels: address.channels)
        connection = Self.connection(to: settings)
        networkRooms = NetworkRooms(network: settings.name, serverRoom: serverRoom)
        startNotes = [refusal, .connecting(host: address.host, port: address.port, tls: address.tls)].compactMap { $0 }
        if focusFirstChannel, let first = address.channels.first { focusOnJoin.insert(client.features.caseMapping.folded(first)) }
    }

    /// A new connection to the network, as its settings say: over TLS or not,
    /// trusting what they trust, showing their certificate.
    private static func connection(to settings: Network) -> Connection {
        Connection(host: settings.address.host, port: settings.address.port,
                   trust: settings.address.tls ? settings.trust : nil, certificate: settings.certificate)
    }

    /// The user's nick on the network, as the server last confirmed it.
    var nick: String { client.nick }

    /// The network room's file name in the network's folder.
    static let serverFile = try! RoomName("%server")  // `%` starts no other file: it is written %25

    /// Whether a room label is taken by another room (or another network's
    /// channel): set by the program, asked when a room is to open.
    var isLabelTaken: (String) -> Bool {
        get { networkRooms.isLabelTaken }
        set { networkRooms.isLabelTaken = newValue }
    }

    /// Channels joined whose history is to be asked for once their file is open.
    private var historyWanted: Set<String> = []

    /// Hands the link the file of a room it asked for (or of its own room),
    /// its history already read.
    func attach(_ file: RoomLink, at now: Moment) {
        defer { writeStored() }
        // Where the file ended before what arrived meanwhile is stored in it.
        let last = file.lastStored
        networkRooms.attach(file)
        for entry in held.removeValue(forKey: file.label) ?? [] {
            waiting += arrived(entry.message, in: file.label, replayed: entry.replayed)
        }
        if let key = networkRooms.key(of: file.label), historyWanted.remove(key) != nil,
           let channel = client.channel(key) {
            write([session.withClient { $0.history(of: channel.name, after: last.map { ($0.serverID, $0.time) }) }], at: now)
        }
        if session.isRegistered { waiting.append((.lineByLine(client.multiline == nil), file.label)) }
    }

    /// True when `channel` is among those this network joins at start.
    func joinsAtStart(_ channel: String) -> Bool {
        address.channels.contains { client.same($0, channel) }
    }

    /// The rooms the program should open now, each once.
    func takeOpenings() -> [RoomOpening] {
        networkRooms.takeOpenings(nick: nick)
    }

    /// Everything the link says is said in the network's room.
    var ownRoom: String? { serverRoom }

    // MARK: Link

    var rooms: [String] { networkRooms.all }

    /// The connection's descriptor, for output too while output is queued,
    /// and a wait that ends when the link has something to do.
    func wait(at now: Moment) -> LinkWait {
        LinkWait(descriptor: connection.descriptor, writes: connection.wantsWrite,
                 milliseconds: millisecondsUntilDue(at: now))
    }

    /// At once when something waits to be taken in; else when it is time to
    /// give up connecting, to ask a quiet server whether it is there, or to
    /// say how long until the next try (each second).
    private func millisecondsUntilDue(at now: Moment) -> Int32? {
        if !deferred.isEmpty || !waiting.isEmpty || !unsendable.isEmpty || connection.hasMoreToRead { return 0 }
        if let next = outgoing.nextDue(at: now.monotonic) { return now.milliseconds(until: next) }
        let due = schedule.nextDue(at: now.monotonic, registered: session.isRegistered, open: connection.phase != .closed)
        return due.map { now.milliseconds(until: $0) }
    }

    func events(ready: Set<Int32>, at now: Moment) -> [(event: Event, room: String?)] {
        var events = waiting
        waiting = []
        if schedule.retryAt != nil {
            guard schedule.mayRetry(at: now.monotonic) else { return events + statusEvents(at: now) }
            reconnect(at: now)
        }
        if schedule.start(at: now.monotonic) {
            for notice in startNotes { events.append((said(notice, at: now), serverRoom)) }
            startNotes = []
        }
        switch schedule.due(at: now.monotonic, registered: session.isRegistered, open: connection.phase != .closed) {
        case .ask?:
            write([IRCMessage(command: "PING", parameters: ["chat-tui"])], at: now)
        case .abandon(let problem)?:
            connection.abandon(problem)
            deferred += connection.advance()
        case nil:
            break
        }
        var happenings = deferred
        deferred = []
        pump(at: now)
        if let descriptor = connection.descriptor, ready.contains(descriptor) || connection.hasMoreToRead {
            happenings += connection.advance()
        }
        for happening in happenings { events += take(happening, at: now) }
        for notice in unsendable { events.append((said(notice, at: now), serverRoom)) }
        unsendable = []
        writeStored()
        events += waiting
        waiting = []
        return events + statusEvents(at: now)
    }

    /// Starts a new connection, as the first did: the session joins again the
    /// channels the user is in and asks for the nick wanted, the private
    /// rooms stay, and what was queued is sent once registered.
    private func reconnect(at now: Moment) {
        connection.close()
        lines = LineBuffer()
        schedule.connecting(at: now.monotonic)
        connection = Self.connection(to: settings)
        waiting.append((said(.connectingAgain(host: address.host, port: address.port), at: now), serverRoom))
    }

    /// What the network's room's place in the room bar says, when it changed:
    /// while connecting, or how long until the next try.
    private func statusEvents(at now: Moment) -> [(event: Event, room: String?)] {
        let current: String?
        if let seconds = schedule.secondsUntilRetry(at: now.monotonic) {
            current = NetworkNotice.reconnectingStatus(seconds: seconds, brief: schedule.lastProblem?.brief).text
        } else if session.isRegistered || quitting {
            current = nil
        } else {
            current = NetworkNotice.connectingStatus.text
        }
        var events: [(event: Event, room: String?)] = []
        for change in outgoing.progressChanges() { events.append((.linkStatus(change.status), change.room)) }
        guard current != status else { return events }
        status = current
        return events + [(.linkStatus(current), serverRoom)]
    }

    /// Tries again at once (`/reconnect`), whatever the connection is doing.
    private func reconnectNow(at now: Moment) {
        schedule.reconnectingNow()
        if session.isRegistered { connection.send(encoded([client.quit(reason: "reconnecting")])) }
        if connection.phase != .closed {
            waiting += ended(at: now, unconfirmed: "the connection was closed (/reconnect) before the server echoed it")
        }
        reconnect(at: now)
    }

    /// What the end of the connection now does to what was on its way, by
    /// loss or by `/reconnect`: the session is offline; a message none of
    /// whose lines went out is sent again after reconnecting, in its place;
    /// one that went out and was not echoed is marked not confirmed, for
    /// `/resend` (the server may have it: it is not sent again behind the
    /// user's back); older history asked for will not come.
    private func ended(at now: Moment, unconfirmed reason: String) -> [(event: Event, room: String?)] {
        let lost = session.connectionClosed(unwritten: outgoing.stop().filter { $0.part == 1 }.compactMap(\.label))
        var events: [(event: Event, room: String?)] = lost.compactMap { entry in
            entry.id.map { (.deliveryUnconfirmed(LocalID(value: $0), reason), entry.room) }
        }
        for room in olderWaiting { events.append((.history([], reachedStart: false), room)) }
        olderWaiting = []
        return events
    }

    func carryOut(_ effect: Effect, for room: String, at now: Moment) -> [Event]? {
        defer { writeStored() }
        switch effect {
        case .send(let id, let message):
            guard let target = target(of: room) else {
                return [.deliveryFailed(id, "this room talks to the server: /quote LINE sends it a line")]
            }
            return say(message, to: target, room: room, id: id, at: now)
        case .request(let request):
            return carryOut(request, for: room, at: now)
        case .loadOlderMessages(let first):
            return olderHistory(of: room, before: first, at: now)
        default:
            return nil
        }
    }

    /// Where each room's older history from the server goes on from: the
    /// first message of the last answer.
    private var olderFrom: [String: Message] = [:]
    /// Rooms waiting for older history from the server.
    private var olderWaiting: Set<String> = []

    /// Page Up past the start of a channel's room file: what the server keeps
    /// from before `first` (or from before what it gave last), asked for and
    /// given when it comes; nothing older where the server keeps no history.
    private func olderHistory(of room: String, before first: Message?, at now: Moment) -> [Event] {
        guard client.offersHistory, session.isRegistered, let target = target(of: room), client.features.isChannel(target)
        else { return [.history([], reachedStart: true)] }
        askOlder(in: room, of: target, before: olderFrom[room] ?? first, at: now)
        return []
    }

    /// Asks the server what `target` (the channel of `room`) had before
    /// `reference`, and waits for the answer.
    private func askOlder(in room: String, of target: String, before reference: Message?, at now: Moment) {
        write([session.withClient { $0.history(of: target, before: reference.map { ($0.serverID, $0.time) }) }], at: now)
        olderWaiting.insert(room)
    }

    /// Writes what the rooms stored this turn, a read's worth in one flush; a
    /// room whose file could not take it says so at the next turn.
    private func writeStored() {
        for (room, problem) in networkRooms.writeStored() {
            waiting.append((.notice(.notKept(reason: problem.reason)), room))
        }
    }

    /// Ends the session with the network: says goodbye, unless the user already did.
    func finish() {
        writeStored()
        if !quitting, session.isRegistered { connection.send(encoded([client.quit(reason: nil)])) }
        quitting = true
        connection.close()
    }

    // MARK: What the rooms ask

    private func carryOut(_ request: NetworkRequest, for room: String, at now: Moment) -> [Event] {
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
                focusOnJoin.insert(key)
            }
            write(joining.send, at: now)
        case .query(let nick):
            _ = self.room(for: .query(nick), focus: true)
        case .nick(let nick):
            write(session.changeNick(to: nick), at: now)
        case .part(let reason):
            if let target, client.features.isChannel(target) { write(session.part(target, reason: reason), at: now) }
            networkRooms.forget(room)
            held[room] = nil
        case .quit(let reason):
            write([session.quit(reason: reason)], at: now)
            quitting = true
        case .reconnect:
            reconnectNow(at: now)
        case .topic(let text):
            guard let target, client.features.isChannel(target) else { return [.notice(.commandProblem(.usage("/topic works in a channel")))] }
            write([client.topic(of: target, to: text)], at: now)
        case .names:
            guard let target, client.features.isChannel(target) else { return [.notice(.commandProblem(.usage("/names works in a channel")))] }
            guard session.membership(of: target)?.state == .joined else { return [.notice(.commandProblem(.notInChannel(target)))] }
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
    private func say(_ message: Message, to target: String, room: String, id: LocalID?, at now: Moment) -> [Event] {
        let reason: String
        switch session.say(SentMessage(room: room, id: id?.value, message: message), to: target) {
        case .waiting:
            return []  // shown as pending meanwhile, and sent in order once registered
        case .sent(let label, let lines):
            let units = Self.units(of: lines)
            enqueue(units.enumerated().map { index, unit in
                OutgoingQueue.Unit(bytes: encoded(unit), own: true, label: label, room: room, part: index + 1, parts: units.count)
            }, at: now)
            return []
        case .notInChannel(let channel):
            // The server would refuse it: said here, with the way back in.
            reason = Command.Problem.notInChannel(channel).description
        case .cannotCarry(let problem):
            // Refused here, with why, never dropped on the way.
            reason = "IRC cannot carry it: \(problem)"
        }
        guard let id else {
            unsendable.append(.messageNotSent(target: target, reason: reason))
            return []
        }
        return [.deliveryFailed(id, reason)]
    }

    /// `lines` as what goes out under one token each: a line, or a whole batch.
    private static func units(of lines: [IRCMessage]) -> [[IRCMessage]] {
        var units: [[IRCMessage]] = []
        var batch: [IRCMessage]?
        for line in lines {
            if line.command == "BATCH", line.parameters.first?.hasPrefix("+") == true {
                batch = [line]
            } else if batch != nil {
                batch!.append(line)
                if line.command == "BATCH" {
                    units.append(batch!)
                    batch = nil
                }
            } else {
                units.append([line])
            }
        }
        if let batch { units.append(batch) }
        return units
    }

    /// Queues `units` behind the user's other lines (and ahead of chat-tui's
    /// own, when they are the user's), then writes what the pace allows.
    private func enqueue(_ units: [OutgoingQueue.Unit], at now: Moment) {
        outgoing.add(units)
        pump(at: now)
    }

    /// Writes the queued lines the pace allows now; a message sent without
    /// echo is confirmed with its last line, and a long one's progress shown.
    private func pump(at now: Moment) {
        let due = outgoing.due(at: now.monotonic)
        for unit in due {
            connection.send(unit.bytes)
            if unit.part == unit.parts, let label = unit.label, let entry = session.written(label: label) {
                waiting += confirmed(entry, serverID: nil).map { ($0, entry.room) }
            }
        }
        if !due.isEmpty { deferred += connection.advance() }
    }

    /// The bytes of `messages`, each a line with its CR LF. A line IRC
    /// cannot carry is left out and said in the network's room at the next
    /// turn (`unsendable`), never dropped quietly.
    private func encoded(_ messages: [IRCMessage]) -> [UInt8] {
        var bytes: [UInt8] = []
        for message in messages {
            do throws(IRCLineProblem) {
                bytes += Array((try message.encoded(limit: client.features.lineLength) + "\r\n").utf8)
            } catch {
                unsendable.append(.lineNotSent(command: message.command, problem: error.description))
            }
        }
        return bytes
    }

    /// What could not be sent, in words, to say in the network's room at the next turn.
    private var unsendable: [NetworkNotice] = []

    /// A message of the user's is sent: stored, and its room told.
    private func confirmed(_ entry: SentMessage, serverID: String?) -> [Event] {
        var stored = entry.message
        stored.serverID = serverID
        stored.delivery = .sent
        networkRooms.store(stored, in: entry.room)
        guard let id = entry.id else { return [.received(stored)] }
        return [.delivered(LocalID(value: id), serverID: serverID)]
    }

    /// Writes what chat-tui sends on its own: at once before registration and
    /// for what keeps the link alive or ends it, else at the pace, behind the
    /// user's lines.
    private func write(_ messages: [IRCMessage], at now: Moment) {
        let paced = outgoing.pace != nil
        let atOnce = messages.filter { !paced || Self.neverHeld.contains($0.command) }
        if !atOnce.isEmpty {
            connection.send(encoded(atOnce))
            deferred += connection.advance()
        }
        let later = messages.filter { paced && !Self.neverHeld.contains($0.command) }
        if !later.isEmpty {
            enqueue(later.map { OutgoingQueue.Unit(bytes: encoded([$0]), own: false, label: nil, room: nil, part: 1, parts: 1) }, at: now)
        }
    }

    /// What keeps the link alive or ends it: never held back by the pace.
    private static let neverHeld: Set<String> = ["PONG", "PING", "QUIT"]

    // MARK: What the server says

    private func take(_ happening: Connection.Happening, at now: Moment) -> [(event: Event, room: String?)] {
        switch happening {
        case .opened(let peer):
            write(session.connectionOpened(), at: now)
            return [(said(.connected(network: network, peer: peer, tls: address.tls), at: now), serverRoom)]
        case .received(let bytes):
            schedule.heard(at: now.monotonic)
            var events: [(event: Event, room: String?)] = []
            let droppedBefore = unreadableLines + lines.dropped
            for line in lines.lines(adding: bytes) {
                guard let message = try? IRCMessage(line: line) else {
                    unreadableLines += 1
                    continue
                }
                let answer = session.receive(message, now: now.wall)
                if !answer.send.isEmpty { write(answer.send, at: now) }
                for event in answer.events { events += take(event, at: now) }
            }
            outgoing.lift(client.features.isRateSafe)
            if let said = droppedNotice(from: droppedBefore, to: unreadableLines + lines.dropped, at: now) {
                events.append((said, serverRoom))
            }
            return events + completionNames()
        case .closed(let problem):
            let unconfirmed = ended(at: now, unconfirmed: "the connection was lost before the server echoed it")
            let ending = schedule.closed(problem, quit: quitting, jitter: Double.random(in: 0..<1), at: now.monotonic)
            let notice: NetworkNotice
            if let seconds = ending.retryInSeconds {
                if ending.sameAsBefore {
                    // The same refusal as the try before: said whole once, then in brief.
                    notice = .lostAgain(network: network, brief: problem.brief, retryInSeconds: seconds)
                } else if case .untrusted(let certificate) = problem {
                    notice = .untrusted(network: network, problem: certificate.description, fingerprint: certificate.fingerprint,
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

    /// The roster revision the rooms were last told the names of.
    private var namesToldAt = -1

    /// The names Tab completes in each room, when who is where changed: a
    /// channel's members, a private room's peer, and the channels the user is in.
    private func completionNames() -> [(event: Event, room: String?)] {
        guard client.rosterRevision != namesToldAt else { return [] }
        namesToldAt = client.rosterRevision
        let channels = client.channels.values.map(\.name).sorted()
        return networkRooms.all.compactMap { label in
            guard let key = networkRooms.key(of: label) else { return nil }
            let nicks: [String]
            if key.isEmpty {
                nicks = []
            } else if let channel = client.channel(key) {
                nicks = channel.members.values.map(\.nick)
            } else {
                nicks = [networkRooms.name(of: label) ?? label]
            }
            return (.completionNames(nicks: nicks, channels: channels), label)
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

    private func take(_ event: IRCEvent, at now: Moment) -> [(event: Event, room: String?)] {
        switch event {
        case .registered:
            let downFor = schedule.registered(at: now.monotonic)
            outgoing.start(at: now.monotonic)
            var sentNow: [(event: Event, room: String?)] = []
            for entry in session.takeWaiting() {
                guard let target = target(of: entry.room) else { continue }
                sentNow += say(entry.message, to: target, room: entry.room, id: entry.id.map { LocalID(value: $0) }, at: now)
                    .map { ($0, entry.room) }
            }
            // What was said while the link was down is not here (unless the
            // server gives its history, or plays it back): the rooms say so.
            if let downFor, !client.offersHistory, !client.playsBack {
                let gap = NetworkNotice.gap(seconds: downFor)
                for label in networkRooms.all where label != serverRoom {
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
            guard let id = entry.id else { return [(said(.messageNotSent(target: entry.room, reason: reason), at: now), serverRoom)] }
            return [(.deliveryFailed(LocalID(value: id), reason), entry.room)]
        case .confirmed, .refused:
            return []  // the session's `delivered` and `notDelivered` say them
        case .joined(let channel):
            let key = client.features.caseMapping.folded(channel)
            let label = room(for: .channel(channel), focus: focusOnJoin.remove(key) != nil)
            // What was said since the last message held, or the latest for a new room.
            if client.offersHistory {
                if let file = networkRooms.file(of: label) {
                    write([session.withClient { $0.history(of: channel, after: file.lastStored.map { ($0.serverID, $0.time) }) }], at: now)
                } else {
                    historyWanted.insert(key)
                }
            }
            return []
        case .older(let channel, let messages, let reachedStart):
            guard let room = networkRooms.label(forKey: client.features.caseMapping.folded(channel)),
                  olderWaiting.remove(room) != nil else { return [] }
            if let first = messages.first { olderFrom[room] = first }
            // Shown, not stored: the room file keeps what was said in the order it came.
            let recent = networkRooms.file(of: room)?.recent
            let new = messages.filter { !(recent?.holds($0, byContent: true) ?? false) }
            if new.isEmpty, !messages.isEmpty, !reachedStart, let target = target(of: room) {
                // All held already (asked from a message newer than the history held): on, from the first given.
                askOlder(in: room, of: target, before: olderFrom[room], at: now)
                return []
            }
            return [(.history(new, reachedStart: reachedStart), room)]
        case .left, .kicked:
            return []
        case .joinRefused(let channel, _):
            focusOnJoin.remove(client.features.caseMapping.folded(channel))
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

    /// What arrived for a channel or private room: stored in its file and
    /// given to it, unless the file holds it already (a message said before,
    /// sent again by history or a bouncer, is also known by its time, sender
    /// and text). While the file is not open yet, it waits for it, in order.
    private func arrived(_ message: Message, in room: String, replayed: Bool) -> [(event: Event, room: String?)] {
        guard let file = networkRooms.file(of: room) else {
            held[room, default: []].append((message, replayed))
            return []
        }
        if file.recent.holds(message, byContent: replayed) { return [] }
        return [(received(message, in: room), room)]
    }

    /// What chat-tui says about the network, as a line of the network's own
    /// in `room` (its own room by default), stored in the room's file.
    private func said(_ notice: NetworkNotice, in room: String? = nil, at now: Moment) -> Event {
        received(Message(sender: "", text: notice.text, time: now.wall, kind: .system), in: room)
    }

    /// A message that arrived, stored in the room file of `room`.
    private func received(_ message: Message, in room: String? = nil) -> Event {
        networkRooms.store(message, in: room ?? serverRoom)
        return .received(message)
    }

    // MARK: Rooms

    /// The label of the room for `target`, asking for it to be opened when it
    /// is not: a channel once joined, a private conversation when someone
    /// writes (their notices go to the network's room instead). Nil when the
    /// message belongs to no room (a quit of someone with no room).
    private func room(for target: IRCTarget, kind: MessageKind) -> String? {
        switch target {
        case .server:
            return serverRoom
        case .channel(let name):
            return networkRooms.label(forKey: client.features.caseMapping.folded(name))
        case .query(let nick):
            if let open = networkRooms.label(forKey: client.features.caseMapping.folded(nick)) { return open }
            if kind == .notice { return serverRoom }
            guard kind == .message || kind == .action else { return nil }
            return room(for: target, focus: false)
        }
    }

    /// The label of the room for a channel or nick, opened if it is not.
    private func room(for target: IRCTarget, focus: Bool) -> String {
        let name: String
        let kind: RoomKind
        switch target {
        case .server: return serverRoom
        case .channel(let channel): (name, kind) = (channel, .channel)
        case .query(let nick): (name, kind) = (nick, .conversation)
        }
        return networkRooms.open(name, key: client.features.caseMapping.folded(name), kind: kind, focus: focus)
    }

    /// The channel or nick a room talks to; nil for the network's room.
    private func target(of room: String) -> String? {
        guard let key = networkRooms.key(of: room), !key.isEmpty else { return nil }
        return client.channel(key)?.name ?? networkRooms.name(of: room)
    }
}
