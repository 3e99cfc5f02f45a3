import ChatCore
import ChatIO
import ChatModel

/// The rooms of one network: the label of each by its channel's or nick's
/// folded name (the network's own room under ""), the rooms still to be
/// opened by the program, their files, and the messages that wait for a
/// room's file to open.
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
    private var unstored: [String: [Message]] = [:]
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
        return openings.map { RoomOpening(label: $0.label, file: $0.file, focus: $0.focus, kind: $0.kind, network: network, nick: nick) }
    }

    /// The file of a room, now open: what arrived for it meanwhile is stored.
    mutating func attach(_ file: RoomLink) {
        files[file.label] = file
        for message in unstored.removeValue(forKey: file.label) ?? [] {
            // What the file already has is not stored twice.
            if file.recent.holds(message, byContent: false) { continue }
            file.store(message)
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
    }
}
