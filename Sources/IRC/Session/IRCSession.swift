import ChatModel

/// One network's state across its connections, as the server last said it:
/// the phase of the connection now, who the user is (the nick in use and the
/// nick wanted), and the user's place in every channel. Fed the opening and
/// end of each connection, the lines the server sends and the user's
/// commands, it returns the lines to send and what happened, as `IRCClient`
/// does for one connection; it owns what outlives one: which channels are
/// joined again, which nick is taken back. It does no I/O.
public struct IRCSession: Sendable {
    /// Where the connection is.
    public enum Phase: Equatable, Sendable {
        /// No connection: not started, lost, or waiting to try again.
        case offline
        /// Connected, and not welcomed yet.
        case registering
        /// Welcomed: messages and commands go out.
        case registered
        /// The user quit the network; nothing is joined again.
        case quit
    }

    public private(set) var phase = Phase.offline
    /// The protocol's state on the connection now (a new one each connection).
    public private(set) var client: IRCClient
    /// Who to be, as the network was given.
    public let identity: IRCIdentity
    /// The nick the user wants: the identity's, or the last one `/nick`
    /// asked for that the server did not refuse as malformed. Asked for at
    /// every registration, and taken back when its holder lets it go.
    public private(set) var wantedNick: String
    /// The nick wanted before the last `/nick`: wanted again if the server
    /// will not take the new one at all.
    private var wantedBefore: String?
    /// The nick the rooms were last told of (`IRCEvent.nickChanged`).
    private var toldNick: String
    /// The channels the user asked for or was put in, in the order first seen.
    public private(set) var memberships: [Membership]
    /// The user's messages on their way.
    private var deliveries = Deliveries()

    /// The numerics by which a server refuses a `JOIN`, the channel second.
    static let joinRefusals: Set<String> = ["403", "405", "471", "473", "474", "475", "476", "477", "479", "489"]
    /// A nick the server will not take at all (432), as opposed to one taken.
    static let erroneousNick = "432"

    public init(identity: IRCIdentity, channels: [String]) {
        self.identity = identity
        wantedNick = identity.nick
        toldNick = identity.nick
        client = IRCClient(identity: identity, channels: [])
        memberships = []
        for channel in channels where membershipIndex(of: channel) == nil {
            memberships.append(Membership(channel: channel, state: .joining))
        }
    }

    /// The user's nick: as the server confirmed it, or as last asked for.
    public var nick: String { client.nick }

    /// True once the server welcomed the user on the connection now.
    public var isRegistered: Bool { phase == .registered }

    /// The channels the server says the user is in.
    public var joinedChannels: [String] {
        memberships.filter { $0.state == .joined }.map(\.channel)
    }

    /// The membership of `channel`, in the server's case mapping.
    public func membership(of channel: String) -> Membership? {
        membershipIndex(of: channel).map { memberships[$0] }
    }

    private func membershipIndex(of channel: String) -> Int? {
        memberships.firstIndex { client.same($0.channel, channel) }
    }

    // MARK: The connection

    /// A new connection is open: registration starts over under the nick
    /// wanted, and every channel wanted is joined again once welcomed.
    public mutating func connectionOpened() -> [IRCMessage] {
        var asked = identity
        asked.nick = wantedNick
        for index in memberships.indices where memberships[index].isWanted { memberships[index].state = .joining }
        let nextLabel = client.nextLabel
        client = IRCClient(identity: asked, channels: memberships.filter(\.isWanted).map(\.channel))
        // Labels go on from the last connection's: an answer to a message
        // sent on it can never be taken for one to a message sent on this.
        client.nextLabel = nextLabel
        phase = .registering
        return client.start()
    }

    /// The connection ended: what was joined is wanted again on the next.
    /// The messages none of whose lines went out (`unwritten`, their labels)
    /// wait to be sent again, in their place; returns those that went out
    /// and were not confirmed: the server may have them, so they are not
    /// sent again without the user.
    public mutating func connectionClosed(unwritten: [String] = []) -> [SentMessage] {
        if phase != .quit { phase = .offline }
        for index in memberships.indices where memberships[index].state == .joined { memberships[index].state = .joining }
        return deliveries.connectionLost(unsent: unwritten)
    }

    /// Takes in one line from the server; returns the lines to send back and
    /// what happened, the session's own events (a refused join, a nick the
    /// rooms have not been told of) among the client's.
    public mutating func receive(_ message: IRCMessage, now: Timestamp) -> (send: [IRCMessage], events: [IRCEvent]) {
        var (send, events) = client.receive(message, now: now)
        if Self.joinRefusals.contains(message.command), message.parameters.count >= 2,
            let index = membershipIndex(of: message.parameters[1]), memberships[index].state == .joining
        {
            let reason = message.parameters.count > 2 ? message.parameters[message.parameters.count - 1] : message.command
            memberships[index].state = .refused(reason)
            events.append(.joinRefused(channel: memberships[index].channel, reason: reason))
        }
        if message.command == Self.erroneousNick, message.parameters.count >= 2 {
            send += nickRefused(message.parameters[1])
        }
        var told: [IRCEvent] = []
        for event in events {
            switch event {
            case .registered(let nick):
                phase = .registered
                told.append(event)
                if nick != toldNick { told.append(.nickChanged(nick)) }
                toldNick = nick
            case .nickChanged(let nick):
                guard nick != toldNick else { continue }
                toldNick = nick
                told.append(event)
            case .joined(let channel):
                if let index = membershipIndex(of: channel) {
                    memberships[index] = Membership(channel: channel, state: .joined)
                } else {
                    memberships.append(Membership(channel: channel, state: .joined))
                }
                told.append(event)
            case .left(let channel):
                if let index = membershipIndex(of: channel) { memberships.remove(at: index) }
                told.append(event)
            case .confirmed(let label, let serverID, let time):
                guard let entry = deliveries.answered(label: label) else { continue }
                told.append(.delivered(entry, serverID: serverID, time: time))
            case .refused(let label, let reason):
                guard let entry = deliveries.answered(label: label) else { continue }
                told.append(.notDelivered(entry, reason: reason))
            case .kicked(let channel, let by, let reason):
                if let index = membershipIndex(of: channel) { memberships[index].state = .kicked(by: by, reason: reason) }
                told.append(event)
            default:
                told.append(event)
            }
        }
        return (send, told)
    }

    /// The server will not take `refused` as a nick at all: no use asking
    /// again. Before the welcome, registration goes on under the identity's
    /// nick; after, the nick in use stays the one wanted.
    private mutating func nickRefused(_ refused: String) -> [IRCMessage] {
        guard client.same(refused, wantedNick) else { return [] }
        if phase == .registered {
            // The nick wanted before is asked for again, unless it is the one in use.
            wantedNick = wantedBefore ?? client.nick
            client.wantedNick = wantedNick
            return client.same(wantedNick, client.nick) ? [] : [client.changeNick(to: wantedNick)]
        }
        guard !client.same(refused, identity.nick) else { return [] }
        wantedNick = identity.nick
        client.nick = identity.nick
        return [IRCMessage(command: "NICK", parameters: [identity.nick])]
    }

    // MARK: What the user asks

    /// `/join NAME`: the channel named, `#` put in front of a name that is
    /// not one (as irssi and WeeChat do). Joined when it is not (a channel
    /// the user was kicked from or refused is asked again); `alreadyIn` when
    /// the server says the user is in it. Before the welcome, it is joined
    /// once welcomed.
    public mutating func join(_ name: String) -> (channel: String, send: [IRCMessage], alreadyIn: Bool) {
        let channel = client.features.isChannel(name) ? name : "#" + name
        if let index = membershipIndex(of: channel) {
            let existing = memberships[index]
            if existing.state == .joined || existing.state == .joining { return (existing.channel, [], true) }
            memberships[index].state = .joining
            return (existing.channel, phase == .registered ? client.join([existing.channel]) : [], false)
        }
        memberships.append(Membership(channel: channel, state: .joining))
        return (channel, phase == .registered ? client.join([channel]) : [], false)
    }

    /// `/part`: the user leaves `channel` and it is not joined again.
    public mutating func part(_ channel: String, reason: String?) -> [IRCMessage] {
        guard let index = membershipIndex(of: channel) else { return [] }
        let leaving = memberships.remove(at: index)
        guard phase == .registered, leaving.isWanted else { return [] }
        return [client.part(leaving.channel, reason: reason)]
    }

    /// `/nick NAME`: asked for now when connected, and at every registration
    /// from now on.
    public mutating func changeNick(to nick: String) -> [IRCMessage] {
        wantedBefore = wantedNick
        wantedNick = nick
        switch phase {
        case .registered: return [client.changeNick(to: nick)]
        case .registering:
            client.nick = nick
            return [client.changeNick(to: nick)]
        case .offline, .quit: return []
        }
    }

    /// `/quit`: the line that leaves the network; nothing is joined again.
    public mutating func quit(reason: String?) -> IRCMessage {
        phase = .quit
        return client.quit(reason: reason)
    }

    // MARK: The user's messages

    /// What `say` did with a message.
    public enum Said: Equatable, Sendable {
        /// No connection is registered: it waits, and is sent once one is
        /// (`takeWaiting`).
        case waiting
        /// The lines that send it, under `label` (a batch is one unit).
        case sent(label: String, lines: [IRCMessage])
        /// Not sent: the user is out of that channel (kicked, refused, left),
        /// and the server would refuse it.
        case notInChannel(String)
        /// Not sent: IRC cannot carry a line of it (a target no line can name).
        case cannotCarry(IRCLineProblem)
    }

    /// Sends what the user wrote to `target` (a channel or a nick): confirmed
    /// by its echo (`delivered` or `notDelivered`), or, when the server does
    /// not echo, once its last line is `written`.
    public mutating func say(_ entry: SentMessage, to target: String) -> Said {
        guard phase == .registered else {
            deliveries.wait(entry)
            return .waiting
        }
        if client.features.isChannel(target), !(membership(of: target)?.isWanted ?? false) { return .notInChannel(target) }
        let said = client.say(entry.message.text, to: target, kind: entry.message.kind)
        for line in said.lines {
            do throws(IRCLineProblem) {
                _ = try line.encoded(limit: client.features.lineLength)
            } catch {
                client.forgetEcho(label: said.label)
                return .cannotCarry(error)
            }
        }
        // Said now, under the nick in use now: a message sent again is kept as it went.
        var sent = entry
        sent.message.sender = client.nick
        deliveries.sent(sent, label: said.label, confirmedOnceWritten: said.confirmedAtOnce)
        return .sent(label: said.label, lines: said.lines)
    }

    /// The last line of the message sent under `label` was written: sent,
    /// where the server does not echo (nil otherwise).
    public mutating func written(label: String) -> SentMessage? {
        deliveries.written(label: label)
    }

    /// What waited for a registered connection, in order, to say now.
    public mutating func takeWaiting() -> [SentMessage] {
        deliveries.takeWaiting()
    }

    /// Works on the connection now's client: what sends messages, asks for
    /// history and the like, none of which the session decides.
    public mutating func withClient<Result>(_ body: (inout IRCClient) -> Result) -> Result {
        body(&client)
    }
}
