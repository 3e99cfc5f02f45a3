import ChatCore
import ChatIO
import ChatModel
import ChatNet
import IRC

/// One IRC network as the run loop sees it: a `Link` whose rooms are the
/// network's own room, each channel and each private conversation. It owns
/// no protocol state: the network's is its `IRCSession`'s, the bytes are its
/// `IRCWire`'s, the rooms' labels and files its `NetworkRooms`', the
/// timing of connections its `LinkSchedule`'s. Here: a turn, and a
/// connection's start and end; in `IRCLink+Server`, what the server says,
/// made into events for the rooms; in `IRCLink+Requests`, what the rooms
/// ask. What those files share is internal, read and changed only by them.
final class IRCLink: Link {
    let address: IRCAddress
    /// The network's name: its room's label and its folder of room files.
    let network: String
    /// The label of the network's own room.
    let serverRoom: String
    /// The bytes: the connection now, and what is written to it at the server's pace.
    let wire: IRCWire
    /// The network's state across connections: phase, nick, channels, and the user's messages on their way.
    var session: IRCSession
    /// The protocol's state on the connection now.
    var client: IRCClient { session.client }
    /// How the network was given: who to be, how to trust it.
    let settings: Network
    /// When connections are made, given up and tried again.
    var schedule: LinkSchedule
    /// What the network's room's status last said, so it is said again only when it changes.
    private var status: String?
    /// The rooms of this network, their labels and files.
    var networkRooms: NetworkRooms
    /// Events for rooms that had to be opened first, given at the next turn.
    var waiting: [(event: Event, room: String?)] = []
    /// True once the user quit the network.
    var quitting = false
    /// Lines the server sent that could not be read, dropped and counted.
    var unreadableLines = 0
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
        var identity = IRCIdentity(
            nick: settings.nick ?? nick, user: settings.user,
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
        wire = IRCWire(settings: settings)
        networkRooms = NetworkRooms(network: settings.name, serverRoom: serverRoom)
        startNotes = [refusal, .connecting(host: address.host, port: address.port, tls: address.tls)].compactMap { $0 }
        if focusFirstChannel, let first = address.channels.first {
            networkRooms.showOnJoin(client.features.caseMapping.folded(first))
        }
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

    /// What the rooms asked of the server's history.
    var serverHistory = ServerHistory()

    /// Hands the link the file of a room it asked for (or of its own room),
    /// its history already read.
    func attach(_ file: RoomLink, at now: Moment) {
        defer { writeStored() }
        // Where the file ended before what arrived meanwhile is stored in it.
        let last = file.lastStored
        for message in networkRooms.attach(file) { waiting.append((.received(message), file.label)) }
        if let key = networkRooms.key(of: file.label), serverHistory.takeWanted(key),
            let channel = client.channel(key)
        {
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
        wire.wait(milliseconds: millisecondsUntilDue(at: now))
    }

    /// At once when something waits to be taken in; else when it is time to
    /// give up connecting, to ask a quiet server whether it is there, or to
    /// say how long until the next try (each second).
    private func millisecondsUntilDue(at now: Moment) -> Int32? {
        if !waiting.isEmpty || wire.hasSomethingToTake { return 0 }
        if let next = wire.nextDue(at: now.monotonic) { return now.milliseconds(until: next) }
        let due = schedule.nextDue(at: now.monotonic, registered: session.isRegistered, open: wire.isOpen)
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
        switch schedule.due(at: now.monotonic, registered: session.isRegistered, open: wire.isOpen) {
        case .ask?:
            write([IRCMessage(command: "PING", parameters: ["chat-tui"])], at: now)
        case .abandon(let problem)?:
            wire.abandon(problem)
        case nil:
            break
        }
        pump(at: now)
        for happening in wire.happenings(ready: ready) { events += take(happening, at: now) }
        for notice in wire.takeUnsendable() { events.append((said(notice, at: now), serverRoom)) }
        writeStored()
        events += waiting
        waiting = []
        return events + statusEvents(at: now)
    }

    /// Starts a new connection, as the first did: the session joins again the
    /// channels the user is in and asks for the nick wanted, the private
    /// rooms stay, and what was queued is sent once registered.
    private func reconnect(at now: Moment) {
        wire.reconnect()
        schedule.connecting(at: now.monotonic)
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
        for change in wire.progressChanges() { events.append((.linkStatus(change.status), change.room)) }
        guard current != status else { return events }
        status = current
        return events + [(.linkStatus(current), serverRoom)]
    }

    /// Tries again at once (`/reconnect`), whatever the connection is doing.
    func reconnectNow(at now: Moment) {
        schedule.reconnectingNow()
        if session.isRegistered { wire.writeNow([client.quit(reason: "reconnecting")], lineLength: client.features.lineLength) }
        if wire.isOpen {
            waiting += ended(at: now, unconfirmed: .reconnected)
        }
        reconnect(at: now)
    }

    /// What the end of the connection now does to what was on its way, by
    /// loss or by `/reconnect`: the session is offline; a message none of
    /// whose lines went out is sent again after reconnecting, in its place;
    /// one that went out and was not echoed is marked not confirmed, for
    /// `/resend` (the server may have it: it is not sent again behind the
    /// user's back); older history asked for will not come.
    func ended(at now: Moment, unconfirmed reason: NotSentReason) -> [(event: Event, room: String?)] {
        let lost = session.connectionClosed(unwritten: wire.stopPacing())
        var events: [(event: Event, room: String?)] = lost.compactMap { entry in
            entry.id.map { (.deliveryUnconfirmed(LocalID(value: $0), reason.text), entry.room) }
        }
        for room in serverHistory.abandon() { events.append((.history([], reachedStart: false), room)) }
        return events
    }

    func carryOut(_ effect: Effect, for room: String, at now: Moment) -> [Event]? {
        defer { writeStored() }
        switch effect {
        case .send(let id, let message):
            guard let target = target(of: room) else {
                return [.deliveryFailed(id, NotSentReason.serverRoom.text)]
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

    /// Page Up past the start of a channel's room file: what the server keeps
    /// from before `first` (or from before what it gave last), asked for and
    /// given when it comes; nothing older where the server keeps no history.
    private func olderHistory(of room: String, before first: Message?, at now: Moment) -> [Event] {
        guard client.offersHistory, session.isRegistered, let target = target(of: room), client.features.isChannel(target)
        else { return [.history([], reachedStart: true)] }
        askOlder(in: room, of: target, before: serverHistory.reference(in: room, first: first), at: now)
        return []
    }

    /// Asks the server what `target` (the channel of `room`) had before
    /// `reference`, and waits for the answer.
    func askOlder(in room: String, of target: String, before reference: Message?, at now: Moment) {
        write([session.withClient { $0.history(of: target, before: reference.map { ($0.serverID, $0.time) }) }], at: now)
        serverHistory.asked(in: room)
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
        if !quitting, session.isRegistered { wire.writeNow([client.quit(reason: nil)], lineLength: client.features.lineLength) }
        quitting = true
        wire.close()
    }

    /// Writes the queued lines the pace allows now; a message sent without
    /// echo is confirmed with its last line.
    func pump(at now: Moment) {
        for label in wire.pump(at: now.monotonic) {
            guard let entry = session.written(label: label) else { continue }
            waiting += confirmed(entry, serverID: nil).map { ($0, entry.room) }
        }
    }

    /// A message of the user's is sent: stored, and its room told.
    func confirmed(_ entry: SentMessage, serverID: String?) -> [Event] {
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
    func write(_ messages: [IRCMessage], at now: Moment) {
        wire.write(messages, lineLength: client.features.lineLength)
        pump(at: now)
    }

    /// What chat-tui says about the network, as a line of the network's own
    /// in `room` (its own room by default), stored in the room's file.
    func said(_ notice: NetworkNotice, in room: String? = nil, at now: Moment) -> Event {
        received(Message(sender: "", text: notice.text, time: now.wall, kind: .system), in: room)
    }

    /// A message that arrived, stored in the room file of `room`.
    func received(_ message: Message, in room: String? = nil) -> Event {
        networkRooms.store(message, in: room ?? serverRoom)
        return .received(message)
    }

    // MARK: Rooms

    /// The label of the room for `target`, opened when it is not and a message opens it.
    func room(for target: IRCTarget, kind: MessageKind) -> String? {
        networkRooms.room(for: target, kind: kind, mapping: client.features.caseMapping)
    }

    /// The label of the room for a channel or nick, opened if it is not.
    func room(for target: IRCTarget, focus: Bool) -> String {
        networkRooms.room(for: target, focus: focus, mapping: client.features.caseMapping)
    }

    /// The channel or nick a room talks to; nil for the network's room.
    func target(of room: String) -> String? {
        guard let key = networkRooms.key(of: room), !key.isEmpty else { return nil }
        return client.channel(key)?.name ?? networkRooms.name(of: room)
    }
}
