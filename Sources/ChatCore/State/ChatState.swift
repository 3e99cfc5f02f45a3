import ChatModel
import TextWidth

/// A room as the screen shows it: the room and the display it is laid out
/// for. What a test of one room drives and has the view draw; a session
/// makes one of its focused room (the view draws a session's room where the
/// session holds it). It reads the room's properties as its own.
@dynamicMemberLookup
public struct ChatState: Sendable {
    public private(set) var room: Room
    public private(set) var display: Display

    public init(room: Room, display: Display) {
        self.room = room
        self.display = display
    }

    /// A room of its own, as a single-room screen or a test has.
    public init(
        room name: String, nick: String, size: TerminalSize, rules: WidthRules = .terminal,
        clock: ClockFace = .utc, dateStyle: ClockFace.DateStyle = .english, messageStyle: MessageStyle = .lines,
        scrollbackLimit: Int? = nil, kind: RoomKind = .local,
        senderColumnLimit: Int = MessageLayout.defaultSenderColumnLimit, location: String? = nil,
        sendRule: SendRule = .keepDraftUntilStored
    ) {
        display = Display(
            size: size, rules: rules, clock: clock, dateStyle: dateStyle, messageStyle: messageStyle,
            senderColumnLimit: senderColumnLimit)
        room = Room(
            name: name, nick: nick, display: display, kind: kind, scrollbackLimit: scrollbackLimit,
            location: location, sendRule: sendRule)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<Room, Value>) -> Value {
        room[keyPath: keyPath]
    }

    /// The room's label.
    public var name: String { room.name }
    public var size: TerminalSize { display.size }
    public var rules: WidthRules { display.rules }
    public var clock: ClockFace { display.clock }
    public var messageStyle: MessageStyle { display.messageStyle }

    /// Changes the display by a resize or new width rules, then the room by the event.
    @discardableResult
    public mutating func apply(_ event: Event, now: Timestamp) -> [Effect] {
        display.apply(event)
        return room.apply(event, display: display, now: now)
    }

    public func screenLayout(for layout: ComposerLayout) -> ScreenLayout {
        room.screenLayout(for: layout, display: display)
    }

    public func rowCount(ofMessageAt index: Int) -> Int {
        room.rowCount(ofMessageAt: index, display: display)
    }

    public func messageIndex(forID id: Int) -> Int? {
        room.messageIndex(forID: id)
    }

    public func messageID(at index: Int) -> Int {
        room.messageID(at: index)
    }

    mutating func scroll(by rows: Int) {
        room.scroll(by: rows, display: display)
    }
}
