import ChatModel
import TestSupport
import Testing

@testable import IRC

/// The session against a model of the server, over seeded random sequences
/// of what the user does (`/join` in any case or without `#`, `/part`,
/// `/nick`, messages to channels and nicks, `/reconnect`), what others do
/// (kicks, bans, nicks taken and freed) and faults (a dropped connection, a
/// restart that loses the server's state). After each step settles, the
/// session's channels and nick are the server's, every channel the user
/// wants is joined unless the server said why not, and every message the
/// user sent reached the server exactly once, or was refused with the
/// server's reason, or (lost in flight with the connection) is shown not
/// confirmed, having reached the server at most once.
@Suite struct IRCSessionModelTests {
    static let now = Timestamp(secondsSinceEpoch: 1_000_000)
    static let channelNames = ["#test", "#TEST", "#a", "a", "#Ops[1]", "#ops{1}", "#b"]
    static let nicks = ["alice", "alicia", "Alicia", "ally", "al[x]", "1abc", "bob"]
    static let otherNicks = ["bob", "carol", "alicia", "ally", "AL{X}"]

    /// What the user meant, kept by the test as it acts: the yardstick.
    struct Intent {
        /// Channels by folded name: in (true), or left out by the server (kicked, refused).
        var channels: [String: Bool] = [:]
        var nick = "alice"
    }

    /// A run: the session, the model, the test's own account of what the user meant.
    struct Run {
        var session: IRCSession
        var server = ModelServer()
        var intent = Intent()
        /// Each message the user sent, by id: its target and text.
        var sent: [Int: (target: String, text: String)] = [:]
        /// What became of each message, by id: `delivered`, `refused: REASON`,
        /// `unconfirmed`, `not in channel`.
        var outcomes: [Int: [String]] = [:]
        /// The reason the model gave each message it refused, by text.
        var log: [String] = []

        init() {
            session = IRCSession(identity: IRCIdentity(nick: "alice"), channels: ["#test"])
            intent.channels[ModelServer.folded("#test")] = true
        }

        /// Hands lines back and forth until neither side has more to say.
        mutating func settle(_ fromClient: [IRCMessage], serverFirst: [String] = []) throws {
            var toServer = fromClient.map { try! $0.encoded() }
            var toClient = serverFirst
            var rounds = 0
            while !toServer.isEmpty || !toClient.isEmpty {
                rounds += 1
                guard rounds < 200 else { throw Failure.didNotSettle(log.suffix(20).joined(separator: "\n")) }
                for line in toServer {
                    log.append("> \(line)")
                    toClient += server.handle(line)
                }
                toServer = []
                for line in toClient {
                    log.append("< \(line)")
                    if !server.connected && line.hasPrefix("ERROR") { continue }
                    let answer = session.receive(try IRCMessage(parsing: line), now: IRCSessionModelTests.now)
                    toServer += answer.send.map { try! $0.encoded() }
                    for event in answer.events {
                        switch event {
                        case .delivered(let entry, _, _): outcomes[entry.id!, default: []].append("delivered")
                        case .notDelivered(let entry, let reason): outcomes[entry.id!, default: []].append("refused: \(reason)")
                        default: break
                        }
                    }
                }
                toClient = []
                if !server.connected { toServer = [] }
            }
        }

        /// A message the user writes, with an id and words of its own.
        mutating func message(_ step: Int, to target: String) -> SentMessage {
            let text = "message \(step)"
            sent[step] = (target, text)
            log.append("user: to \(target): \(text)")
            return SentMessage(
                room: target, id: step,
                message: Message(sender: session.nick, text: text, time: IRCSessionModelTests.now, isOwn: true))
        }

        mutating func connect() throws {
            server.accept()
            try settle(session.connectionOpened())
            // What waited for the connection is sent now, in order, as the link sends it.
            for entry in session.takeWaiting() { try say(entry) }
            // A channel joined again is refused where the nick is banned: the user is told, and it stays out.
            let nick = ModelServer.folded(server.clientNick ?? "")
            for (key, isIn) in intent.channels where isIn && server.channels[key]?.banned.contains(nick) == true {
                intent.channels[key] = false
            }
        }

        mutating func drop(restart: Bool) throws {
            if restart { server.restart() } else { server.dropClient() }
            lost(session.connectionClosed())
            try connect()
        }

        /// Messages that went out and were not confirmed when the connection ended.
        mutating func lost(_ entries: [SentMessage]) {
            for entry in entries { outcomes[entry.id!, default: []].append("unconfirmed") }
        }

        /// Says `entry` and lets the exchange settle; the lines, unsettled, when `holding`.
        @discardableResult
        mutating func say(_ entry: SentMessage, holding: Bool = false) throws -> (label: String, lines: [IRCMessage])? {
            let target = sent[entry.id!]!.target
            switch session.say(entry, to: target) {
            case .waiting: log.append("user: \(entry.message.text) waits")
            case .notInChannel: outcomes[entry.id!, default: []].append("not in channel")
            case .cannotCarry(let problem): outcomes[entry.id!, default: []].append("cannot carry: \(problem)")
            case .sent(let label, let lines):
                if holding { return (label, lines) }
                try settle(lines)
            }
            return nil
        }
    }

    enum Failure: Error, CustomStringConvertible {
        case didNotSettle(String)
        var description: String {
            switch self {
            case .didNotSettle(let log): "the exchange did not settle:\n\(log)"
            }
        }
    }

    /// The session agrees with the server and with what the user meant; what
    /// disagrees, in words.
    static func disagreements(_ run: Run, nickJustSettled: Bool) -> [String] {
        var broken: [String] = []
        let session = run.session
        let server = run.server
        if session.phase != .registered { broken.append("the session is \(session.phase), not registered") }
        if session.nick != server.clientNick {
            broken.append("the session's nick is \(session.nick), the server's \(server.clientNick ?? "none")")
        }
        let joined = Set(session.joinedChannels.map(ModelServer.folded))
        if joined != server.clientChannels {
            broken.append("the session is in \(joined.sorted()), the server says \(server.clientChannels.sorted())")
        }
        let wanted = Set(run.intent.channels.filter(\.value).keys)
        if wanted != server.clientChannels {
            broken.append("the user wants \(wanted.sorted()), the server has the client in \(server.clientChannels.sorted())")
        }
        for membership in session.memberships {
            switch membership.state {
            case .joining: broken.append("\(membership.channel) is still joining")
            case .kicked, .refused:
                if run.intent.channels[ModelServer.folded(membership.channel)] != false {
                    broken.append("\(membership.channel) is \(membership.state), which the user was not told")
                }
            case .joined: break
            }
        }
        for (key, isIn) in run.intent.channels where !isIn {
            guard let membership = session.membership(of: key), !membership.isWanted else {
                broken.append("\(key) was refused or kicked, and the session does not say so")
                continue
            }
        }
        if session.wantedNick != run.intent.nick {
            broken.append("the session wants \(session.wantedNick), the user asked for \(run.intent.nick)")
        }
        if nickJustSettled, server.others[ModelServer.folded(run.intent.nick)] == nil, session.nick != run.intent.nick {
            broken.append("\(run.intent.nick) is free and wanted, and the session is \(session.nick)")
        }
        // Each message: one outcome, which agrees with what the server has.
        for (id, message) in run.sent.sorted(by: { $0.key < $1.key }) {
            let outcomes = run.outcomes[id] ?? []
            let reached = server.delivered.filter { $0.text == message.text }.count
            guard outcomes.count == 1 else {
                broken.append("message \(id) to \(message.target) came to \(outcomes.count) ends: \(outcomes)")
                continue
            }
            let outcome = outcomes[0]
            if reached > 1 { broken.append("message \(id) reached the server \(reached) times") }
            if outcome == "delivered", reached != 1 {
                broken.append("message \(id) was confirmed, and the server has it \(reached) times")
            }
            if outcome.hasPrefix("refused: ") {
                if reached != 0 { broken.append("message \(id) was refused, and the server has it") }
                let reason = server.refusals[message.text] ?? "none"
                if outcome != "refused: \(reason)" { broken.append("message \(id): \(outcome), the server said \(reason)") }
            }
            if outcome == "not in channel" || outcome.hasPrefix("cannot carry"), reached != 0 {
                broken.append("message \(id) was not sent (\(outcome)), and the server has it")
            }
        }
        return broken
    }

    static func check(_ run: Run, seed: UInt64, step: Int, nickJustSettled: Bool = false) -> Bool {
        let broken = disagreements(run, nickJustSettled: nickJustSettled)
        #expect(broken.isEmpty, "seed \(seed), step \(step): \(broken)\n\(run.log.suffix(30).joined(separator: "\n"))")
        return broken.isEmpty
    }

    @Test(arguments: 1...2000) func theSessionAgreesWithTheServer(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var run = Run()
        try run.connect()
        guard Self.check(run, seed: seed, step: 0, nickJustSettled: true) else { return }
        for step in 1...60 {
            var nickJustSettled = false
            let pick = { (list: [String]) -> String in list[random.next(below: list.count)] }
            switch random.next(below: 15) {
            case 0, 1:
                let name = pick(Self.channelNames)
                let channel = name.hasPrefix("#") ? name : "#" + name
                let key = ModelServer.folded(channel)
                let banned = run.server.channels[key]?.banned.contains(ModelServer.folded(run.session.nick)) ?? false
                if run.intent.channels[key] != true { run.intent.channels[key] = !banned }
                run.log.append("user: /join \(name)")
                try run.settle(run.session.join(name).send)
            case 2:
                guard let membership = run.session.memberships.randomElement(using: &random) else { continue }
                run.intent.channels[ModelServer.folded(membership.channel)] = nil
                run.log.append("user: /part \(membership.channel)")
                try run.settle(run.session.part(membership.channel, reason: "bye"))
            case 3:
                let nick = pick(Self.nicks)
                if !(nick.first?.isNumber ?? false) { run.intent.nick = nick }
                run.log.append("user: /nick \(nick)")
                try run.settle(run.session.changeNick(to: nick))
                nickJustSettled = true
            case 4, 5:
                let target =
                    random.next(below: 2) == 0 ? pick(Self.channelNames.filter { $0.hasPrefix("#") }) : pick(Self.otherNicks)
                let entry = run.message(step, to: target)
                let outside = target.hasPrefix("#") && !run.server.clientChannels.contains(ModelServer.folded(target))
                try run.say(entry)
                if outside, run.outcomes[step] != ["not in channel"] {
                    Issue.record(
                        "seed \(seed), step \(step): to \(target), which the client is not in: \(run.outcomes[step] ?? [])")
                    return
                }
            case 13:
                // A message on its way when the connection drops: its line not
                // yet written (sent again after reconnecting), or written and
                // its echo lost (the server may have it: not confirmed).
                let target = pick(Self.otherNicks + ["#test", "#a"])
                let entry = run.message(step, to: target)
                guard let held = try run.say(entry, holding: true) else { continue }
                let written = random.next(below: 2) == 0
                run.log.append("fault: the connection drops with the message \(written ? "written" : "unwritten")")
                if written { for line in held.lines { _ = run.server.handle(try line.encoded()) } }
                run.server.dropClient()
                run.lost(run.session.connectionClosed(unwritten: written ? [] : [held.label]))
                try run.connect()
                nickJustSettled = true
            case 6:
                run.log.append("user: /reconnect")
                try run.settle([run.session.client.quit(reason: "reconnecting")])
                run.lost(run.session.connectionClosed())
                try run.connect()
                nickJustSettled = true
            case 7:
                run.log.append("fault: the connection drops")
                try run.drop(restart: false)
                nickJustSettled = true
            case 8:
                run.log.append("fault: the server restarts")
                try run.drop(restart: true)
                nickJustSettled = true
            case 9, 10:
                guard let channel = run.server.clientChannels.randomElement(using: &random) else { continue }
                let ban = random.next(below: 2) == 0
                run.intent.channels[channel] = false
                run.log.append("server: \(ban ? "ban and kick" : "kick") from \(channel)")
                try run.settle([], serverFirst: run.server.kickClient(from: channel, ban: ban))
            case 11:
                let nick = pick(Self.otherNicks)
                guard run.server.otherConnects(nick) else { continue }
                run.log.append("server: \(nick) connects")
                if let channel = run.server.clientChannels.randomElement(using: &random) {
                    try run.settle([], serverFirst: run.server.otherJoins(nick, channel))
                }
            default:
                guard let nick = run.server.others.values.randomElement(using: &random) else { continue }
                run.log.append("server: \(nick) quits")
                let lines = run.server.otherQuits(nick)
                try run.settle([], serverFirst: lines)
                // The client heard of it: the nick wanted is taken back when it was this one.
                nickJustSettled = !lines.isEmpty && ModelServer.folded(nick) == ModelServer.folded(run.intent.nick)
            }
            guard Self.check(run, seed: seed, step: step, nickJustSettled: nickJustSettled) else { return }
        }
    }

    /// The model can disagree: a session left out of a join the server made is told apart.
    @Test func aDisagreementIsReported() throws {
        var run = Run()
        try run.connect()
        #expect(Self.disagreements(run, nickJustSettled: true).isEmpty)
        _ = run.server.handle("JOIN #elsewhere")
        #expect(Self.disagreements(run, nickJustSettled: true).contains { $0.contains("#elsewhere") })
    }
}
