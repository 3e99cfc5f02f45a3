import ChatModel
import TextWidth

/// How every room is shown, the same for all of them: the terminal's size, how
/// it measures text, the clock and the look of messages. The session owns the
/// one value; a room is laid out with it but does not keep it.
public struct Display: Sendable {
    public var size: TerminalSize
    /// How text is measured, shared by every part of the screen.
    public var rules: WidthRules
    /// The local clock messages are shown on; it decides where days change.
    public let clock: ClockFace
    /// How the line between days names them.
    public let dateStyle: ClockFace.DateStyle
    /// How messages are drawn: as lines or as bubbles.
    public let messageStyle: MessageStyle
    /// The widest the column of names grows; longer names are cut.
    public let senderColumnLimit: Int

    public init(
        size: TerminalSize, rules: WidthRules = .terminal, clock: ClockFace = .utc,
        dateStyle: ClockFace.DateStyle = .english, messageStyle: MessageStyle = .lines,
        senderColumnLimit: Int = MessageLayout.defaultSenderColumnLimit
    ) {
        self.size = size
        self.rules = rules
        self.clock = clock
        self.dateStyle = dateStyle
        self.messageStyle = messageStyle
        self.senderColumnLimit = max(1, senderColumnLimit)
    }
}

extension Display {
    /// Takes on a new size or new width rules; other events leave it alone.
    mutating func apply(_ event: Event) {
        switch event {
        case .resize(let newSize): size = newSize
        case .widthRulesLearned(let learned): rules = learned
        default: break
        }
    }
}
