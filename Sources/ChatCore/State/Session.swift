import ChatModel

/// Every open room, in order, which one has the focus, and how they are all
/// shown: the screen shows the focused room, keys and typing go to it, and what
/// arrives in the others is counted until the user looks at them. It changes
/// only through `apply`, one event at a time.
public struct Session: Sendable {
    /// The open rooms, in the order the room bar shows them.
    public private(set) var rooms: [Room]
    /// How every room is shown: the terminal's size, width rules, style.
    public private(set) var display: Display
    /// The index in `rooms` of the room shown.
    public private(set) var focus = 0
    /// What happened in each room since the user last looked at it, by room.
    public private(set) var activity: [String: Activity] = [:]
    /// The room `/part` closed last, for the program to save its draft.
    public var closed: Room? { lastClosed.first }
    /// `closed`, held out of line: a room is some 900 bytes, and a session is
    /// passed and copied whole at every frame.
    private var lastClosed: [Room] = []

    /// What arrived in a room while it was not shown.
    public struct Activity: Equatable, Sendable {
        /// Messages others said (not the user's own, nor a server's reports).
        public var unread = 0
        /// Messages among them that name the user.
        public var highlights = 0
    }

    /// A room's effect, with the room it concerns.
    public struct RoomEffect: Equatable, Sendable {
        public let room: String
        public let effect: Effect
    }

    public init(rooms: [Room], display: Display) {
        precondition(!rooms.isEmpty, "a session has a room")
        self.rooms = rooms
        self.display = display
    }

    /// The rooms of single-room screens, shown together the way the first is.
    public init(rooms: [ChatState]) {
        precondition(!rooms.isEmpty, "a session has a room")
        self.init(rooms: rooms.map(\.room), display: rooms[0].display)
    }

    /// The room shown, as it is shown.
    public var focused: ChatState { ChatState(room: rooms[focus], display: display) }

    /// The index of the room named `room`, if it is open.
    public func index(of room: String) -> Int? {
        rooms.firstIndex { $0.name == room }
    }

    /// Adds an opened room after the others, and shows it unless `focus` is
    /// false (a private message someone started: it is counted as unread instead).
    public mutating func open(_ room: Room, focus: Bool = true) {
        rooms.append(room)
        if focus { self.focus(on: rooms.count - 1) }
    }

    /// Shows the room named `room`, when it is open: a network's answer to
    /// `/join` or `/query` of a room it has.
    public mutating func show(_ room: String) {
        if let index = index(of: room) { focus(on: index) }
    }

    /// Changes the session by one event: typing, keys and the focused room's
    /// answers go to the focused room, a change of size or of width rules to
    /// every room, and what arrives for a room (`room` names it) to that room.
    @discardableResult
    public mutating func apply(_ event: Event, to room: String? = nil, now: Timestamp) -> [RoomEffect] {
        switch event {
        case .resize, .widthRulesLearned, .outputClosed:
            display.apply(event)
            var effects: [RoomEffect] = []
            for index in rooms.indices {
                let name = rooms[index].name
                effects += rooms[index].apply(event, display: display, now: now).map { RoomEffect(room: name, effect: $0) }
            }
            return effects
        case .key(let key):
            if let action = KeyBinding.action(for: key), moveFocus(action, key: key) { return [] }
        default:
            break
        }
        let index: Int
        if let room {
            // What comes for a room closed meanwhile is for no one.
            guard let open = self.index(of: room) else { return [] }
            index = open
        } else {
            index = focus
        }
        let name = rooms[index].name
        var effects = rooms[index].apply(event, display: display, now: now).map { RoomEffect(room: name, effect: $0) }
        // What someone else said counts as unread: not the user's own words,
        // nor what a server reports (joins, modes, its welcome).
        if case .received(let message) = event, index != focus, !message.isOwn,
            [.message, .action, .notice].contains(message.kind)
        {
            var seen = activity[name] ?? Activity()
            seen.unread += 1
            // In a private conversation everything the other person writes is for the user.
            if rooms[index].kind == .conversation || Self.mentions(message.text, nick: rooms[index].nick) {
                // The bell rings for the first highlight, not for each.
                if seen.highlights == 0 { effects.append(RoomEffect(room: name, effect: .bell)) }
                seen.highlights += 1
            }
            activity[name] = seen
        }
        // Replayed lines passed over unread are unread, though not looked into for mentions.
        if case .passedOver(let count, _) = event, index != focus {
            activity[name, default: Activity()].unread += count
        }
        return effects.compactMap { roomEffect in handle(roomEffect, now: now) }
    }

    /// Carries out what a room asked of the session; the rest is for the program.
    private mutating func handle(_ roomEffect: RoomEffect, now: Timestamp) -> RoomEffect? {
        switch roomEffect.effect {
        case .openRoom(let name):
            guard let open = index(of: name.value) else { return roomEffect }
            focus(on: open)
            return nil
        case .closeRoom(let name):
            guard let closing = index(of: name) else { return nil }
            guard rooms.count > 1 else {
                rooms[closing].note(.onlyRoomOpen, now: now)
                return nil
            }
            lastClosed = [rooms.remove(at: closing)]
            activity[name] = nil
            if focus >= closing, focus > 0 { focus -= 1 }
            focus(on: focus)
            return roomEffect
        default:
            return roomEffect
        }
    }

    /// Goes to another room when `action` says so; false for every other action.
    private mutating func moveFocus(_ action: Action, key: Key) -> Bool {
        switch action {
        case .roomByNumber:
            guard case .altCharacter(let digit) = key, let number = digit.wholeNumberValue,
                rooms.indices.contains(number - 1)
            else { return true }
            focus(on: number - 1)
        case .previousRoom:
            focus(on: (focus + rooms.count - 1) % rooms.count)
        case .nextRoom:
            focus(on: (focus + 1) % rooms.count)
        case .nextActiveRoom:
            let order = (1..<rooms.count).map { (focus + $0) % rooms.count }
            let highlighted = order.first { (activity[rooms[$0].name]?.highlights ?? 0) > 0 }
            if let next = highlighted ?? order.first(where: { (activity[rooms[$0].name]?.unread ?? 0) > 0 }) {
                focus(on: next)
            }
        default:
            return false
        }
        return true
    }

    /// Shows room `index`, which has then been looked at.
    private mutating func focus(on index: Int) {
        focus = index
        activity[rooms[index].name] = nil
    }

    /// True when `text` names `nick` as a word of its own, in any case: the
    /// characters around it are not of the same script as its edges (so
    /// `malice` does not name alice, but `花子さん` names 花子), nor `_` or `-`
    /// beside a Latin name.
    static func mentions(_ text: String, nick: String) -> Bool {
        let haystack = Array(text.lowercased())
        let needle = Array(nick.lowercased())
        guard let first = needle.first, let last = needle.last, haystack.count >= needle.count else { return false }
        func isEdge(_ outside: Character, _ inside: Character) -> Bool {
            let insideClass = WordClass(inside)
            if insideClass == .alphabetic, outside == "_" || outside == "-" { return false }
            return insideClass == .separator || WordClass(outside) != insideClass
        }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            let end = start + needle.count
            if (start == 0 || isEdge(haystack[start - 1], first)) && (end == haystack.count || isEdge(haystack[end], last)) {
                return true
            }
        }
        return false
    }
}
