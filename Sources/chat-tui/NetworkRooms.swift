import ChatCore
import ChatIO
import ChatModel
import IRC

/// The rooms of one network: the label of each by its channel's or nick's
/// folded name (the network's own room under ""), the rooms still to be
/// opened by the program, their files, the messages that wait for a room's
/// file to open, and the names each room's Tab completes.
struct NetworkRooms {
    /// The network's name, added to a label another room has.
    let network: String
    /// The label of the network's own room.
    let serverRoom: String
    /// Whether a label is taken by another room (or another network's
    /// channel): the program's answer, asked when a room is to open.
    var isLabelTaken: (String) -> Bool = { _ in false }
    private var labels: [String: String]
    /// The channel or nick each room talks to, as first seen, by label.
    private var names: [String: String] = [:]
    private var files: [String: RoomLink] = [:]
    /// What chat-tui said in a room whose file is not open yet, to store once it is.
    private var unstored: [String: [Message]] = [:]
    /// What arrived for rooms whose file is not open yet, in order (and
    /// whether it was said before): given once the file is, less what it holds.
    private var held: [String: [(message: Message, replayed: Bool)]] = [:]
    /// Channels the user asked to join, by folded name, to show once joined.
    private var shownOnJoin: Set<String> = []
    /// The roster revision the rooms were last told the names of.
    private var namesToldAt = -1
    /// The rooms asked for and not yet taken: label, file, whether shown, kind.
    private var openings: [(label: String, file: RoomName, focus: Bool, kind: RoomKind)] = []

    init(network: String, serverRoom: String) {
        self.network = network
        self.serverRoom = serverRoom
        labels = ["": serverRoom]
    }

    /// Every room's label.
    var all: [String] { Array(labels.values) }

    /// The label of the room whose folded name is `key`, if it is open or opening.
    func label(forKey key: String) -> String? {
        labels[key]
    }

    /// The folded name of the room labelled `room`; "" for the network's room.
    func key(of room: String) -> String? {
        labels.first { $0.value == room }?.key
    }

    /// The channel or nick the room labelled `room` talks to.
    func name(of room: String) -> String? {
        names[room]
    }

    /// The label of the room for `name` (folded, `key`), asking the program to
    /// open it (shown when `focus`) when it is not open yet, and to show it
    /// when it is and `focus`.
    mutating func open(_ name: String, key: String, kind: RoomKind, focus: Bool) -> String {
        if let open = labels[key] {
            if focus { openings.append((open, RoomName(fileSafe: key), true, kind)) }
            return open
        }
        let label = isLabelTaken(name) ? "\(name)@\(network)" : name
        labels[key] = label
        names[label] = name
        openings.append((label, RoomName(fileSafe: key), focus, kind))
        return label
    }

    /// The room talking to the folded name `old` talks to `name` (folded,
    /// `key`) from now on: a private conversation follows the other
    /// person's new nick. Its label stays.
    mutating func follow(_ old: String, to name: String, key: String) {
        guard let label = labels.removeValue(forKey: old), labels[key] == nil else { return }
        labels[key] = label
        names[label] = name
    }

    /// The rooms the program should open now, each once, for a user whose nick is `nick`.
    mutating func takeOpenings(nick: String) -> [RoomOpening] {
        defer { openings = [] }
        return openings.map {
            RoomOpening(label: $0.label, file: $0.file, focus: $0.focus, kind: $0.kind, network: network, nick: nick)
        }
    }

    /// The file of a room, now open: what chat-tui said there meanwhile is
    /// stored, and what arrived meanwhile is returned, to give the room.
    mutating func attach(_ file: RoomLink) -> [Message] {
        files[file.label] = file
        for message in unstored.removeValue(forKey: file.label) ?? [] {
            // What the file already has is not stored twice.
            if file.recent.holds(message, byContent: false) { continue }
            file.store(message)
        }
        return (held.removeValue(forKey: file.label) ?? []).compactMap {
            arrived($0.message, in: file.label, replayed: $0.replayed)
        }
    }

    /// What arrived for a channel or private room, stored in its file and
    /// returned to give the room, unless the file holds it already (a
    /// message said before, sent again by history or a bouncer, `replayed`,
    /// is also known by its time, sender and text). While the file is not
    /// open yet, it waits for it, in order.
    mutating func arrived(_ message: Message, in room: String, replayed: Bool) -> Message? {
        guard let file = files[room] else {
            held[room, default: []].append((message, replayed))
            return nil
        }
        if file.recent.holds(message, byContent: replayed) { return nil }
        file.store(message)
        return message
    }

    // MARK: Which room

    /// The label of the room for `target`, asking for it to be opened when it
    /// is not: a channel once joined, a private conversation when someone
    /// writes (their notices go to the network's room instead). Nil when the
    /// message belongs to no room (a quit of someone with no room). Names
    /// are folded as the server's `mapping` says.
    mutating func room(for target: IRCTarget, kind: MessageKind, mapping: CaseMapping) -> String? {
        switch target {
        case .server:
            return serverRoom
        case .channel(let name):
            return labels[mapping.folded(name)]
        case .query(let nick):
            if let open = labels[mapping.folded(nick)] { return open }
            if kind == .notice { return serverRoom }
            guard kind == .message || kind == .action else { return nil }
            return room(for: target, focus: false, mapping: mapping)
        }
    }

    /// The label of the room for a channel or nick, opened if it is not.
    mutating func room(for target: IRCTarget, focus: Bool, mapping: CaseMapping) -> String {
        let name: String
        let kind: RoomKind
        switch target {
        case .server: return serverRoom
        case .channel(let channel): (name, kind) = (channel, .channel)
        case .query(let nick): (name, kind) = (nick, .conversation)
        }
        return open(name, key: mapping.folded(name), kind: kind, focus: focus)
    }

    /// The channel `key` (folded) is to be shown once joined: the user asked to join it.
    mutating func showOnJoin(_ key: String) {
        shownOnJoin.insert(key)
    }

    /// True, once, when the channel `key` (folded) was to be shown once joined;
    /// it no longer is after this (joined, or refused).
    mutating func takeShowOnJoin(_ key: String) -> Bool {
        shownOnJoin.remove(key) != nil
    }

    /// The names Tab completes in each room, when who is where changed since
    /// the rooms were last told: a channel's members, a private room's peer,
    /// and the channels the user is in.
    mutating func completionNames(from client: IRCClient) -> [(event: Event, room: String?)] {
        guard client.rosterRevision != namesToldAt else { return [] }
        namesToldAt = client.rosterRevision
        let channels = client.channels.values.map(\.name).sorted()
        return labels.compactMap { key, label in
            let nicks: [String]
            if key.isEmpty {
                nicks = []
            } else if let channel = client.channel(key) {
                nicks = channel.members.values.map(\.nick)
            } else {
                nicks = [names[label] ?? label]
            }
            return (.completionNames(nicks: nicks, channels: channels), label)
        }
    }

    /// The file of `room`, once open.
    func file(of room: String) -> RoomLink? {
        files[room]
    }

    /// Stores a message in the file of `room`, or once that file is open.
    mutating func store(_ message: Message, in room: String) {
        if let file = files[room] {
            file.store(message)
        } else {
            unstored[room, default: []].append(message)
        }
    }

    /// Writes what each room stored since the last time; the rooms whose
    /// file could not take it, and why.
    func writeStored() -> [(room: String, problem: StorageError)] {
        files.compactMap { label, file in file.writeStored().map { (label, $0) } }
    }

    /// Lets go of a room the user closed (the network's own room keeps its place).
    mutating func forget(_ room: String) {
        _ = files[room]?.writeStored()
        for (key, label) in labels where label == room && !key.isEmpty { labels[key] = nil }
        names[room] = nil
        files[room] = nil
        unstored[room] = nil
        held[room] = nil
    }
}
