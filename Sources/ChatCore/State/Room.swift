import ChatModel
import TextWidth

/// One room: its `Timeline` of messages, where the pane is scrolled to and
/// what arrived below, the composer with its undo, what was sent and the
/// search through it, the outbox, and what the room has to say. How it is
/// shown (size, width rules, style) is the session's `Display`, passed in.
/// `apply` is the only way it changes, one event at a time; what a command
/// does is in `Room+Commands`.
public struct Room: Sendable {
    /// The room's label, shown in the room bar and on the separator line.
    public let name: String
    /// The name the user's messages are sent under.
    public internal(set) var nick: String
    /// The messages held, and what is known of those not held.
    var timeline: Timeline
    /// The messages in the room, oldest first.
    public var messages: MessageStore { timeline.messages }
    public internal(set) var composer = Composer()
    /// What the user sent that the room's link has not confirmed yet.
    public internal(set) var outbox = Outbox()
    /// What sending does to the composer, as the room's link needs.
    public let sendRule: SendRule
    /// What the room is: local, a replay's, or one of a network's.
    public let kind: RoomKind
    /// True for a room of a network (a channel, a private conversation, the
    /// server's own): its commands ask the network (`Effect.request`), and a
    /// new nick waits for the network to confirm it.
    public var onNetwork: Bool { kind.isOnNetwork }
    /// True when the room's network takes a multi-line message only as one
    /// message per line (no `draft/multiline`): sending more than
    /// `linesWithoutAsking` lines asks first.
    public private(set) var sendsLineByLine = false
    /// The nicks in the room and the channels the user is in, as the room's
    /// network last told (`Event.completionNames`), for Tab.
    public private(set) var members: [String] = []
    public private(set) var channels: [String] = []
    /// The completion Tab made last, while the draft is as it left it.
    var completion: Completion?
    /// What the room's link says of itself in the room bar (`reconnecting in
    /// 4 s`), while it has something to say.
    public private(set) var linkStatus: String?
    /// The lines of the draft the separator asks about sending one by one,
    /// until Enter sends them or Esc or typing goes back to editing.
    public internal(set) var confirmingLines: Int?
    /// The most lines sent one message each without asking, as irssi asks for pastes.
    public static let linesWithoutAsking = 5
    /// What went wrong with the last Enter (a message that could not be stored,
    /// a command that could not be run), until one succeeds.
    public internal(set) var warning: Notice?
    /// Lines of a replayed transcript shown as plain text because they were broken;
    /// they are not counted in `received`.
    public private(set) var unreadableLines = 0
    /// What went wrong keeping the draft on disk, while it does.
    public private(set) var draftProblem: Notice?
    /// Why sent messages are no longer copied to standard output, once they are not.
    public private(set) var outputProblem: String?
    /// Messages received from outside (other processes, a replay) since start;
    /// history read from the room does not count.
    public private(set) var received = 0
    /// True once a replayed transcript's input has ended and its last message is shown.
    public private(set) var replayEnded = false
    /// Where the pane is, and what arrived below while it reads back.
    var pane = Pane()
    /// Where the pane is scrolled back to; nil while it follows the newest message.
    public var scrolledTo: PanePosition? { pane.scrolledTo }
    /// Messages that arrived below while the pane was scrolled back.
    public var unread: Int { pane.unread }
    /// What the user sent in this room, with the walk and the search through it.
    public internal(set) var history = SentHistory()
    /// What was sent, oldest first: what Up walks.
    public var sentHistory: [String] { history.entries }
    /// The search Ctrl-R runs through what was sent, if any.
    public var search: SentHistory.Search? { history.search }
    /// The draft the user is writing, to keep on disk (see `SentHistory.unsentDraft`).
    public var unsentDraft: Draft { history.unsentDraft(in: composer) }
    /// The revision of `unsentDraft`: what the run loop asks of every room at
    /// every turn, to learn whether it has a draft to save.
    public var unsentDraftRevision: Int { history.unsentDraftRevision(in: composer) }

    /// The most messages held, or nil for no limit (`Timeline.scrollbackLimit`);
    /// the received count still counts them all.
    public var scrollbackLimit: Int? { timeline.scrollbackLimit }
    /// True while the room does not hold its newest messages: from letting go
    /// of them (a replay's room read far back) until they are read again to
    /// the end, as the user goes.
    public var newerLeft: Bool { timeline.newerLeft }
    /// Whether the messages come from a replay, whose progress the separator
    /// shows as a count of the messages received.
    public var isReplay: Bool { kind == .replay }
    /// Where the room is kept, as the user would write the path; nil for a replay.
    let location: String?

    /// Why a message found in the outbox at start is not known to have arrived.
    public static let endedUnconfirmed = NotSentReason.ended.text

    public init(
        name: String, nick: String, display: Display, kind: RoomKind = .local, scrollbackLimit: Int? = nil,
        location: String? = nil, sendRule: SendRule = .keepDraftUntilStored
    ) {
        self.name = name
        self.nick = nick
        self.sendRule = sendRule
        self.kind = kind
        self.location = location
        timeline = Timeline(scrollbackLimit: scrollbackLimit)
        composer = Composer(width: display.size.columns, rules: display.rules)
    }

    /// An id for the message at `index` that stays the same while the state lives,
    /// whatever arrives after it or is loaded before it.
    public func messageID(at index: Int) -> Int {
        timeline.messageID(at: index)
    }

    /// Where the room is kept, while the pane should say so: the room is
    /// read and holds nothing, as on a first start.
    var emptyRoomLocation: String? {
        timeline.historyRead && messages.isEmpty ? location : nil
    }

    /// The composer's text at the current width, as of the last event.
    public var composerLayout: ComposerLayout { composer.layout }

    /// How the screen's rows are shared for a composer laid out as `layout`.
    /// While the user reads back, the draft folds to its caret's row and the pane
    /// takes the room, as a phone's keyboard gives way; typing unfolds it.
    public func screenLayout(for layout: ComposerLayout, display: Display) -> ScreenLayout {
        ScreenLayout(height: display.size.rows, wantedComposerRows: isDraftFolded ? 1 : layout.rows.count)
    }

    /// True when older messages should be loaded: the pane is scrolled back to
    /// near the first one held, or the walk through what was sent reached the
    /// oldest entry held. History is loaded a screen at a time this way, so a
    /// room of any size opens at once and can be read back to its start; the
    /// state asks with `Effect.loadOlderMessages` when this becomes true.
    public var wantsOlderMessages: Bool {
        if timeline.heldFromStart { return false }
        if history.isAtOldest { return true }
        guard let position = scrolledTo else { return false }
        return (messageIndex(forID: position.messageID) ?? 0) < Self.historyMargin
    }

    /// How close to the first message held the pane may come before more are loaded.
    static let historyMargin = 200

    /// True while the draft is folded to one row for reading back.
    public var isDraftFolded: Bool { pane.isDraftFolded }

    /// The index in `messages` of the message with `id`, if it is still there.
    public func messageIndex(forID id: Int) -> Int? {
        timeline.messageIndex(forID: id)
    }

    /// The rows message `index` takes in the pane at the current width.
    public func rowCount(ofMessageAt index: Int, display: Display) -> Int {
        layout(ofMessageAt: index, display: display).rows.count
    }

    /// Message `index` laid out for the pane at the current width and style.
    public func layout(ofMessageAt index: Int, display: Display) -> MessageLayout {
        MessageLayout(
            message: messages[index], context: context(ofMessageAt: index, display: display), width: display.size.columns,
            rules: display.rules, clock: display.clock, style: display.messageStyle)
    }

    /// How message `index` stands among its neighbours (`Timeline.context`).
    public func context(ofMessageAt index: Int, display: Display) -> MessageLayout.Context {
        timeline.context(ofMessageAt: index, display: display)
    }

    func paneHeight(_ display: Display) -> Int { screenLayout(for: composerLayout, display: display).paneRows.count }

    /// Changes the room by one event, laid out for `display` (which already has
    /// the new size or width rules when the event is a resize or new rules).
    /// `now` stamps any message sent. Returns what the program around the
    /// state must do as a result.
    @discardableResult
    public mutating func apply(_ event: Event, display: Display, now: Timestamp) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .text(let text) where search != nil:
            history.extendQuery(Self.normalizedInput(text), composer: &composer)
        case .text(let text):
            stopConfirming()
            let input = Self.normalizedInput(text)
            composer.type(input)
            pane.typed()
        case .key(let key):
            effects = press(key, display: display, now: now)
        case .resize:
            break  // `display` has the new size: the composer is laid out again below
        case .received(let message):
            // A message with a server id the room already holds (history or a
            // bouncer's playback given again) is not shown twice.
            if !timeline.takesServerID(of: message) { break }
            // One of the user's that the network never confirmed, in its
            // history after all: it was said, and is shown once, as sent.
            if let id = outbox.arrival(of: message), let entry = outbox.remove(id) {
                if let shown = entry.shownAs, let index = messageIndex(forID: shown) {
                    timeline.update(at: index, delivery: .sent, serverID: message.serverID)
                }
                break
            }
            receive(message, display: display)
            received += 1
        case .unreadable(let message):
            receive(message, display: display)
            unreadableLines += 1
        case .history(let older, let reachedStart):
            timeline.prepend(older, reachedStart: reachedStart, display: display)
            history.prepend(older.compactMap(SentHistory.recallText))
            // A replay read far back lets go of its newest, well below the pane.
            if isReplay, let position = scrolledTo, let top = messageIndex(forID: position.messageID),
                timeline.forgetNewest(above: top, margin: newerMargin(display))
            {
                effects.append(.letGoOfNewer(after: messages[messages.count - 1]))
            }
        case .newer(let newer, let reachedEnd):
            timeline.receiveNewer(newer, reachedEnd: reachedEnd)
            keepPaneInTimeline()
        case .passedOver(let count, let unreadable):
            timeline.passOver(count)
            keepPaneInTimeline()
            received += count - unreadable
            unreadableLines += unreadable
            pane.arrived(count)
        case .replayEnded:
            replayEnded = true
        case .delivered(let id, let serverID):
            guard let entry = outbox.remove(id) else { break }
            if let shown = entry.shownAs {
                if let index = messageIndex(forID: shown) {
                    timeline.update(at: index, delivery: .sent, serverID: serverID)
                }
            } else {
                var message = entry.message
                message.serverID = serverID
                show(sent: message, display: display)
            }
        case .deliveryFailed(let id, let reason), .deliveryUnconfirmed(let id, let reason):
            guard let entry = outbox.entry(id) else { break }
            let delivery: Delivery
            if case .deliveryUnconfirmed = event { delivery = .unconfirmed(reason) } else { delivery = .failed(reason) }
            if let shown = entry.shownAs {
                // It stays in the outbox, shown as failed, for the user to send again.
                outbox.mark(id, delivery)
                if let index = messageIndex(forID: shown) { timeline.update(at: index, delivery: delivery) }
            } else {
                _ = outbox.remove(id)
                warning = .notSent(reason: reason)
            }
        case .draftRestored(let text):
            composer.edit { $0.replaceAll(with: Draft(Self.normalizedInput(text))) }
        case .unsentDraftsRestored(let texts):
            history.append(contentsOf: texts.reversed().map(Self.normalizedInput))
        case .draftStorage(let problem):
            draftProblem = problem
        case .outputClosed(let reason):
            outputProblem = reason
        case .nickChanged(let name):
            nick = name
            note(.nickChanged(name), now: now)
        case .lineByLine(let lineByLine):
            sendsLineByLine = lineByLine
        case .linkStatus(let status):
            linkStatus = status
        case .outboxRestored(let earlier):
            let shown = earlier.map { message in
                var shown = message
                shown.isOwn = true
                // Refused, or lost sight of, it says so again; on its way when chat-tui ended, that.
                if shown.delivery.failureReason == nil { shown.delivery = .unconfirmed(Self.endedUnconfirmed) }
                return shown
            }
            // Each at its time among the history read.
            for (index, id) in timeline.restore(shown, display: display).enumerated() {
                _ = outbox.add(earlier[index], shownAs: id, delivery: shown[index].delivery)
                if let sent = SentHistory.recallText(shown[index]) { history.append(sent) }
            }
            pane.arrived(shown.count)
            keepPaneInTimeline()
        case .completionNames(let nicks, let channels):
            members = nicks
            self.channels = channels
        case .notice(let notice):
            note(notice, now: now)
            returnToNewest()
        case .widthRulesLearned:
            timeline.measureSenders(display: display)  // `display` has the rules learned
        }
        composer.layOut(width: display.size.columns, rules: display.rules)
        composer.scrollToCaret(
            in: composer.layout, visibleRows: screenLayout(for: composer.layout, display: display).composerRows.count)
        // History that arrived does not ask again at once: the next event
        // does, so reading back loads a chunk per key, as the user goes.
        switch event {
        case .history, .newer:
            break
        default:
            if timeline.mayAskOlder, wantsOlderMessages { effects.append(timeline.askOlder()) }
            if timeline.mayAskNewer {
                if scrolledTo == nil {
                    effects.append(timeline.askNewer(following: false))
                } else if wantsNewerMessages(display: display) {
                    effects.append(timeline.askNewer(following: true))
                }
            }
        }
        return effects
    }

    /// Adds a message that arrived from outside (`Timeline.receive`), where
    /// Up finds it when it is the user's, and counts it as unread below a pane read back.
    private mutating func receive(_ message: Message, display: Display) {
        timeline.receive(message, display: display)
        if let sent = SentHistory.recallText(message) { history.append(sent) }
        pane.arrived()
        keepPaneInTimeline()
    }

    /// A pane reading back among messages the timeline forgot moves to the oldest left.
    private mutating func keepPaneInTimeline() {
        pane.keep(from: timeline.messageID(at: 0))
    }

    /// How many of the newest messages Tab looks through for who spoke last.
    static let completionLookback = 500

    /// The rows one notch of the mouse wheel scrolls.
    static let wheelRows = 3

    /// How close to the last message held the pane's top may come before
    /// newer ones are loaded: the pane's height more than for older ones.
    private func newerMargin(_ display: Display) -> Int { Self.historyMargin + paneHeight(display) }

    /// True when newer messages should be loaded: the room let go of them,
    /// and the pane reads forward near the last one held.
    private func wantsNewerMessages(display: Display) -> Bool {
        guard timeline.newerLeft, let position = scrolledTo else { return false }
        return (messageIndex(forID: position.messageID) ?? 0) >= messages.count - newerMargin(display)
    }

    /// Follows the newest message again.
    mutating func returnToNewest() {
        pane.returnToNewest()
    }

    /// Scrolls the pane by `rows`: back (up) when negative, forward when positive.
    mutating func scroll(by rows: Int, display: Display) {
        let held = Pane.Messages(
            count: messages.count, firstID: messageID(at: 0), height: paneHeight(display),
            newerLeft: timeline.newerLeft)
        var moved = pane
        moved.scroll(by: rows, through: held) { rowCount(ofMessageAt: $0, display: display) }
        pane = moved
    }

    /// Shows a notice from chat-tui itself in the pane, in its words; it is not stored.
    mutating func note(_ notice: Notice, now: Timestamp) {
        timeline.note(Message(sender: "", text: notice.lines.joined(separator: "\n"), time: now, kind: .system))
    }

    /// Typed or pasted text with carriage returns made newlines and other control
    /// characters (which no key should type) left out. Text with neither, as
    /// nearly every typed key is, is given back as it is, without building a
    /// copy scalar by scalar.
    static func normalizedInput(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isKeptAsTyped) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\r": result.append("\n")
            case "\n": if !previousWasCR { result.append("\n") }
            case "\t": result.append(scalar)
            default:
                if isKeptAsTyped(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// Whether `normalizedInput` keeps `scalar` as it is wherever it stands:
    /// anything but the control characters, a carriage return among them,
    /// other than line feed and tab.
    private static func isKeptAsTyped(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\t" || scalar.value >= 0x2028 || WidthRules.visibleReplacement(for: scalar) == nil
    }
}
