import ChatModel
import TextWidth

/// One room: its timeline of messages, where the pane is scrolled to and what
/// arrived below, the composer with its undo, what was sent and the search
/// through it, the outbox, and what the room has to say. How it is shown (size,
/// width rules, style) is the session's `Display`, passed in. `apply` is the
/// only way it changes, one event at a time.
public struct Room: Sendable {
    /// The room's label, shown in the room bar and on the separator line.
    public let name: String
    /// The name the user's messages are sent under.
    public private(set) var nick: String
    /// The messages in the room, oldest first.
    public private(set) var messages = MessageStore()
    /// The id of `messages[0]`; see `messageID(at:)`.
    private var firstMessageID = 0
    public private(set) var composer = Composer()
    /// What the user sent that the room's link has not confirmed yet.
    public private(set) var outbox = Outbox()
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
    private var completion: Completion?
    /// The server ids of the messages the room holds, so none is shown twice.
    private var serverIDs: Set<String> = []
    /// What the room's link says of itself in the room bar (`reconnecting in
    /// 4 s`), while it has something to say.
    public private(set) var linkStatus: String?
    /// The lines of the draft the separator asks about sending one by one,
    /// until Enter sends them or Esc or typing goes back to editing.
    public private(set) var confirmingLines: Int?
    /// The most lines sent one message each without asking, as irssi asks for pastes.
    public static let linesWithoutAsking = 5
    /// True while older messages asked for with `Effect.loadOlderMessages` are
    /// on their way, so they are asked for once.
    private var olderMessagesAsked = false
    /// True once the room's first message is held: there is nothing older to load.
    private var heldFromStart = false
    /// How many messages came after the last one held, while the room does
    /// not hold its newest: let go of to read far back (`letGoOfNewer`), or
    /// arrived since. Zero while it holds its newest and follows arrivals.
    private var notHeldAfter = 0
    /// True while the room does not hold its newest messages: from letting go
    /// of them (a replay's room read far back) until they are read again to
    /// the end, as the user goes.
    public private(set) var newerLeft = false
    /// What `Effect.loadNewerMessages` asked for, until `Event.newer` answers.
    private var newerAsked: NewerRequest?
    /// The two ways of asking for newer messages.
    private enum NewerRequest: Sendable {
        /// The ones after the last held: the user reads forward.
        case following
        /// The newest, in place of all held: the user went back to the newest.
        case newest
    }
    /// Notices told while the newest messages were not held, shown after them
    /// once they are (notices are not stored, so they cannot be read again).
    private var notesAfterNewest: [Message] = []
    /// What went wrong with the last Enter (a message that could not be stored,
    /// a command that could not be run), until one succeeds.
    public private(set) var warning: Notice?
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
    /// Where the pane is scrolled back to; nil while it follows the newest message.
    public private(set) var scrolledTo: PanePosition?
    /// Messages that arrived below while the pane was scrolled back.
    public private(set) var unread = 0
    /// True when the user typed since scrolling back, which unfolds the draft.
    private var typedWhileScrolled = false
    /// What the user sent in this room, with the walk and the search through it.
    public private(set) var history = SentHistory()
    /// What was sent, oldest first: what Up walks.
    public var sentHistory: [String] { history.entries }
    /// The search Ctrl-R runs through what was sent, if any.
    public var search: SentHistory.Search? { history.search }
    /// The draft the user is writing, to keep on disk (see `SentHistory.unsentDraft`).
    public var unsentDraft: Draft { history.unsentDraft(in: composer) }
    /// The revision of `unsentDraft`: what the run loop asks of every room at
    /// every turn, to learn whether it has a draft to save.
    public var unsentDraftRevision: Int { history.unsentDraftRevision(in: composer) }

    /// The most messages held, or nil for no limit. Past it the oldest are
    /// forgotten, as a terminal's scrollback forgets, so an endless replay runs
    /// in bounded memory; the received count still counts them all.
    public let scrollbackLimit: Int?
    /// Whether the messages come from a replay, whose progress the separator
    /// shows as a count of the messages received.
    public var isReplay: Bool { kind == .replay }
    /// Where the room is kept, as the user would write the path; nil for a replay.
    let location: String?
    /// True once the room's history has been read, so an empty pane means an
    /// empty room rather than one still loading.
    private var historyRead = false
    /// The width of the column of names: the widest name among the messages
    /// held, up to `senderColumnLimit`, so every message's text lines up.
    private(set) var senderWidth = 1

    /// Why a message found in the outbox at start is not known to have arrived.
    public static let endedUnconfirmed = "chat-tui ended before the server confirmed it"

    /// The longest gap, in seconds, between two messages from one sender for
    /// the later to leave the sender's name out.
    public static let groupingGap: Int64 = 5 * 60

    public init(name: String, nick: String, display: Display, kind: RoomKind = .local, scrollbackLimit: Int? = nil,
                location: String? = nil, sendRule: SendRule = .keepDraftUntilStored) {
        self.name = name
        self.nick = nick
        self.sendRule = sendRule
        self.kind = kind
        self.location = location
        self.scrollbackLimit = scrollbackLimit
        composer = Composer(width: display.size.columns, rules: display.rules)
    }

    /// An id for the message at `index` that stays the same while the state lives,
    /// whatever arrives after it or is loaded before it.
    public func messageID(at index: Int) -> Int {
        firstMessageID + index
    }

    /// Where the room is kept, while the pane should say so: the room is
    /// read and holds nothing, as on a first start.
    var emptyRoomLocation: String? {
        historyRead && messages.isEmpty ? location : nil
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
        if heldFromStart { return false }
        if history.isAtOldest { return true }
        guard let position = scrolledTo else { return false }
        return (messageIndex(forID: position.messageID) ?? 0) < Self.historyMargin
    }

    /// How close to the first message held the pane may come before more are loaded.
    static let historyMargin = 200

    /// True while the draft is folded to one row for reading back.
    public var isDraftFolded: Bool { scrolledTo != nil && !typedWhileScrolled }

    /// The index in `messages` of the message with `id`, if it is still there.
    public func messageIndex(forID id: Int) -> Int? {
        let index = id - firstMessageID
        return messages.indices.contains(index) ? index : nil
    }

    /// The rows message `index` takes in the pane at the current width.
    public func rowCount(ofMessageAt index: Int, display: Display) -> Int {
        layout(ofMessageAt: index, display: display).rows.count
    }

    /// Message `index` laid out for the pane at the current width and style.
    public func layout(ofMessageAt index: Int, display: Display) -> MessageLayout {
        MessageLayout(message: messages[index], context: context(ofMessageAt: index, display: display), width: display.size.columns,
                      rules: display.rules, clock: display.clock, style: display.messageStyle)
    }

    /// How message `index` stands among its neighbours: whether it follows the
    /// one before from the same sender, and whether it starts a day. A message
    /// without a time is on the day of the last one before it that has one.
    public func context(ofMessageAt index: Int, display: Display) -> MessageLayout.Context {
        let message = messages[index]
        var context = MessageLayout.Context(senderWidth: senderWidth)
        guard let time = message.time else { return context }
        let previous = index > 0 ? messages[index - 1] : nil
        let previousTime = previous?.time ?? lastTime(before: index)
        let newDay = previousTime.map { !display.clock.sameDay($0, time) } ?? true
        if newDay { context.dayLine = display.clock.dayName(time, style: display.dateStyle) }
        if let previous, let previousTime = previous.time, !newDay, previous.sender == message.sender,
           previous.kind == .message, message.kind == .message,
           (0...Self.groupingGap).contains(time.secondsSinceEpoch - previousTime.secondsSinceEpoch) {
            context.showsSender = false
        }
        return context
    }

    /// How far back a message without a time looks for the day it is on.
    static let timeLookBack = 64

    /// The time of the last message before `index` that has one, looking back
    /// `timeLookBack` messages at most.
    private func lastTime(before index: Int) -> Timestamp? {
        var earlier = index - 1
        while earlier >= max(0, index - Self.timeLookBack) {
            if let time = messages[earlier].time { return time }
            earlier -= 1
        }
        return nil
    }

    /// Widens the column of names for `message`'s sender, up to the limit.
    private mutating func makeRoom(forSenderOf message: Message, display: Display) {
        guard senderWidth < display.senderColumnLimit, !message.sender.isEmpty else { return }
        senderWidth = min(display.senderColumnLimit, max(senderWidth, display.rules.width(of: message.sender)))
    }

    /// The column of names measured again over every sender held, once the
    /// messages or the way text is measured changed.
    mutating func measureSenders(display: Display) {
        senderWidth = 1
        for sender in messages.senders where !sender.isEmpty {
            senderWidth = min(display.senderColumnLimit, max(senderWidth, display.rules.width(of: sender)))
        }
    }

    private func paneHeight(_ display: Display) -> Int { screenLayout(for: composerLayout, display: display).paneRows.count }

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
            if scrolledTo != nil { typedWhileScrolled = true }
        case .key(let key):
            effects = press(key, display: display, now: now)
        case .resize:
            break  // `display` has the new size: the composer is laid out again below
        case .received(let message):
            // A message with a server id the room already holds (history or a
            // bouncer's playback given again) is not shown twice.
            if let id = message.serverID {
                if holds(serverID: id) { break }
                serverIDs.insert(id)
            }
            // One of the user's that the network never confirmed, in its
            // history after all: it was said, and is shown once, as sent.
            if let id = outbox.arrival(of: message), let entry = outbox.remove(id) {
                if let shown = entry.shownAs, let index = messageIndex(forID: shown) {
                    messages.update(at: index, delivery: .sent, serverID: message.serverID)
                }
                break
            }
            receive(message, display: display)
            received += 1
        case .unreadable(let message):
            receive(message, display: display)
            unreadableLines += 1
        case .history(let older, let reachedStart):
            historyRead = true
            olderMessagesAsked = false
            heldFromStart = reachedStart
            firstMessageID -= older.count
            messages.prepend(contentsOf: older)
            serverIDs.formUnion(older.compactMap(\.serverID))
            older.forEach { makeRoom(forSenderOf: $0, display: display) }
            history.prepend(older.compactMap(SentHistory.recallText))
            if isReplay, let scrollbackLimit, forgetNewest(keeping: scrollbackLimit, display: display) {
                effects.append(.letGoOfNewer(after: messages[messages.count - 1]))
            }
        case .newer(let newer, let reachedEnd):
            receiveNewer(newer, reachedEnd: reachedEnd)
        case .passedOver(let count, let unreadable):
            if newerLeft {
                notHeldAfter += count
            } else {
                forgetOldest(keeping: 0)
                heldFromStart = false
            }
            received += count - unreadable
            unreadableLines += unreadable
            if scrolledTo != nil { unread += count }
        case .replayEnded:
            replayEnded = true
        case .delivered(let id, let serverID):
            guard let entry = outbox.remove(id) else { break }
            if let shown = entry.shownAs {
                if let index = messageIndex(forID: shown) {
                    messages.update(at: index, delivery: .sent, serverID: serverID)
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
                if let index = messageIndex(forID: shown) { messages.update(at: index, delivery: delivery) }
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
            for message in earlier {
                var shown = message
                shown.isOwn = true
                // Refused, or lost sight of, it says so again; on its way when chat-tui ended, that.
                if shown.delivery.failureReason == nil { shown.delivery = .unconfirmed(Self.endedUnconfirmed) }
                receive(shown, display: display)
                _ = outbox.add(message, shownAs: messageID(at: messages.count - 1), delivery: shown.delivery)
            }
        case .completionNames(let nicks, let channels):
            members = nicks
            self.channels = channels
        case .notice(let notice):
            note(notice, now: now)
            returnToNewest()
        case .widthRulesLearned:
            measureSenders(display: display)  // `display` has the rules learned
        }
        composer.layOut(width: display.size.columns, rules: display.rules)
        composer.scrollToCaret(in: composer.layout, visibleRows: screenLayout(for: composer.layout, display: display).composerRows.count)
        // History that arrived does not ask again at once: the next event
        // does, so reading back loads a chunk per key, as the user goes.
        switch event {
        case .history, .newer:
            break
        default:
            if !olderMessagesAsked, wantsOlderMessages {
                olderMessagesAsked = true
                effects.append(.loadOlderMessages(before: messages.isEmpty ? nil : messages[0]))
            }
            if newerAsked == nil, newerLeft {
                if scrolledTo == nil {
                    newerAsked = .newest
                    effects.append(.loadNewerMessages(after: nil))
                } else if wantsNewerMessages(display: display) {
                    newerAsked = .following
                    effects.append(.loadNewerMessages(after: messages.isEmpty ? nil : messages[messages.count - 1]))
                }
            }
        }
        return effects
    }

    /// True when a message held, or shown since the room opened, has the server id `id`.
    private func holds(serverID id: String) -> Bool {
        serverIDs.contains(id)
    }

    /// Adds a message that arrived from outside; only counts it while the
    /// newest are not held (it is read with them).
    private mutating func receive(_ message: Message, display: Display) {
        if newerLeft {
            notHeldAfter += 1
            if let sent = SentHistory.recallText(message) { history.append(sent) }
            if scrolledTo != nil { unread += 1 }
            return
        }
        messages.append(message)
        makeRoom(forSenderOf: message, display: display)
        if let sent = SentHistory.recallText(message) { history.append(sent) }
        if scrolledTo != nil { unread += 1 }
        if let scrollbackLimit { forgetOldest(keeping: scrollbackLimit) }
    }

    private mutating func press(_ key: Key, display: Display, now: Timestamp) -> [Effect] {
        if history.searching(key, composer: &composer) { return [] }
        if confirmingLines != nil, KeyBinding.action(for: key) != .send {
            // Esc (or any other key) goes back to editing.
            stopConfirming()
            if key == .escape { return [] }
        }
        guard let action = KeyBinding.action(for: key) else { return [] }
        switch action {
        case .send: return send(display: display, now: now)
        case .newLine: composer.edit { $0.insert("\n") }
        case .left: composer.edit { $0.moveLeft() }
        case .right: composer.edit { $0.moveRight() }
        case .up:
            if history.canWalkBack(caretOnFirstRow: composerLayout.caretRow == 0) {
                history.walk(by: -1, composer: &composer)
            } else {
                composer.moveVertically(by: -1, width: display.size.columns, rules: display.rules)
            }
        case .down:
            let layout = composerLayout
            if history.canWalkForward(caretOnLastRow: layout.caretRow == layout.rows.count - 1) {
                history.walk(by: 1, composer: &composer)
            } else {
                composer.moveVertically(by: 1, width: display.size.columns, rules: display.rules)
            }
        case .lineStart: composer.edit { $0.moveToLineStart() }
        case .lineEnd: composer.edit { $0.moveToLineEnd() }
        case .deleteBackward: composer.edit { $0.deleteBackward() }
        case .deleteForward: composer.edit { $0.deleteForward() }
        case .killToLineStart: composer.kill { $0.deleteToLineStart() }
        case .killToLineEnd: composer.kill { $0.deleteToLineEnd() }
        case .killWordBackward: composer.kill { $0.deleteWordBackward() }
        case .killWordForward: composer.kill { $0.deleteWordForward() }
        case .wordLeft: composer.edit { $0.moveWordLeft() }
        case .wordRight: composer.edit { $0.moveWordRight() }
        case .yank: composer.yank()
        case .yankPrevious: composer.yankPrevious()
        case .undo: composer.undo()
        case .redo: composer.redo()
        case .pageUp: scroll(by: -max(1, paneHeight(display) - 1), display: display)
        case .pageDown: scroll(by: max(1, paneHeight(display) - 1), display: display)
        case .newest: returnToNewest()
        case .wheelUp: scroll(by: -Self.wheelRows, display: display)
        case .wheelDown: scroll(by: Self.wheelRows, display: display)
        case .complete: complete(step: 1)
        case .completeBack: complete(step: -1)
        case .searchSent:
            history.startSearch(composer: &composer)
        case .suspend: return [.suspend]
        case .quit: return [.quit]
        case .deleteForwardOrQuit:
            if composer.draft.isEmpty { return [.quit] }
            composer.edit { $0.deleteForward() }
        case .roomByNumber, .previousRoom, .nextRoom, .nextActiveRoom:
            break  // the session's: one room alone has nowhere to go
        }
        return []
    }

    /// Tab (`step` 1) and Shift-Tab (−1): the next or previous candidate of
    /// the completion in the draft, or a new completion of the word before
    /// the caret.
    private mutating func complete(step: Int) {
        var current: Completion
        var replacing: Range<Int>
        if let last = completion, last.revision == composer.draft.revision {
            current = last
            replacing = last.start..<last.start + last.inserted.count
            current.move(by: step)
        } else {
            let commands = Command.table.map { String($0.usage.prefix { $0 != " " }) }.filter { !$0.hasPrefix("//") }
            guard var started = Completion.start(in: composer.draft, recent: recentSpeakers(), nicks: members, own: nick,
                                                 channels: channels, commands: commands) else { return }
            replacing = started.start..<composer.draft.cursor
            if step < 0 { started.move(by: -1) }
            current = started
        }
        let inserted = current.inserted
        composer.edit { draft in
            draft.replace(replacing, with: inserted)
            draft.moveCursor(to: replacing.lowerBound + inserted.count)
        }
        current.revision = composer.draft.revision
        completion = current
    }

    /// Who spoke in the room, newest first, each once: among the last messages held.
    private func recentSpeakers() -> [String] {
        var speakers: [String] = []
        var seen = Set<String>()
        for index in messages.indices.reversed().prefix(Self.completionLookback) {
            let message = messages[index]
            guard !message.isOwn, [.message, .action].contains(message.kind), !message.sender.isEmpty else { continue }
            if seen.insert(message.sender.lowercased()).inserted { speakers.append(message.sender) }
        }
        return speakers
    }

    /// How many of the newest messages Tab looks through for who spoke last.
    static let completionLookback = 500

    /// The rows one notch of the mouse wheel scrolls.
    static let wheelRows = 3

    /// Forgets the oldest messages, a block at a time, while a block can go
    /// without leaving fewer than `limit`; a pane reading back among them moves
    /// to the oldest message left.
    private mutating func forgetOldest(keeping limit: Int) {
        while !messages.isEmpty, messages.count - messages.oldestBlockCount >= limit {
            for index in 0..<messages.oldestBlockCount { if let id = messages[index].serverID { serverIDs.remove(id) } }
            let removed = messages.removeOldestBlock()
            guard removed > 0 else { break }
            firstMessageID += removed
        }
        if let position = scrolledTo, position.messageID < firstMessageID {
            scrolledTo = PanePosition(messageID: firstMessageID, row: 0)
        }
    }

    /// Lets go of the newest messages, a block at a time, while a block can go
    /// without leaving fewer than `limit` and the pane, reading back, is well
    /// above it; true when some went.
    private mutating func forgetNewest(keeping limit: Int, display: Display) -> Bool {
        guard let position = scrolledTo, let top = messageIndex(forID: position.messageID) else { return false }
        var forgot = false
        while messages.count - messages.newestBlockCount >= limit,
              top + newerMargin(display) < messages.count - messages.newestBlockCount {
            for index in messages.count - messages.newestBlockCount..<messages.count {
                if let id = messages[index].serverID { serverIDs.remove(id) }
            }
            let removed = messages.removeNewestBlock()
            guard removed > 0 else { break }
            notHeldAfter += removed
            newerLeft = true
            forgot = true
        }
        return forgot
    }

    /// How close to the last message held the pane's top may come before
    /// newer ones are loaded: the pane's height more than for older ones.
    private func newerMargin(_ display: Display) -> Int { Self.historyMargin + paneHeight(display) }

    /// True when newer messages should be loaded: the room let go of them,
    /// and the pane reads forward near the last one held.
    private func wantsNewerMessages(display: Display) -> Bool {
        guard newerLeft, let position = scrolledTo else { return false }
        return (messageIndex(forID: position.messageID) ?? 0) >= messages.count - newerMargin(display)
    }

    /// Adds what `Effect.loadNewerMessages` asked for: after the last held,
    /// letting go of the oldest to stay in bounds, or the newest, in place of
    /// all held. Once the end is reached the room follows arrivals again.
    private mutating func receiveNewer(_ newer: [Message], reachedEnd: Bool) {
        guard let asked = newerAsked else { return }
        newerAsked = nil
        if asked == .newest, !newer.isEmpty {
            // Ids go on after every message not held, so none is given twice.
            firstMessageID += messages.count + max(0, notHeldAfter - newer.count)
            messages.removeAll()
            heldFromStart = false
            notHeldAfter = 0
        } else {
            notHeldAfter = max(0, notHeldAfter - newer.count)
        }
        for message in newer {
            messages.append(message)
            if let id = message.serverID { serverIDs.insert(id) }
        }
        if reachedEnd {
            notHeldAfter = 0
            newerLeft = false
            for note in notesAfterNewest { messages.append(note) }
            notesAfterNewest = []
        }
        if let scrollbackLimit {
            let first = firstMessageID
            forgetOldest(keeping: scrollbackLimit)
            if firstMessageID != first { heldFromStart = false }
        }
    }

    /// Follows the newest message again.
    private mutating func returnToNewest() {
        scrolledTo = nil
        unread = 0
        typedWhileScrolled = false
    }

    /// Scrolls the pane by `rows`: back (up) when negative, forward when positive.
    /// Reaching the newest rows follows them again.
    mutating func scroll(by rows: Int, display: Display) {
        guard !messages.isEmpty, paneHeight(display) > 0 else { return }
        var position = scrolledTo.flatMap { anchor in
            messageIndex(forID: anchor.messageID).map { (index: $0, row: min(anchor.row, rowCount(ofMessageAt: $0, display: display) - 1)) }
        } ?? topOfNewestRows(display: display)
        var remaining = abs(rows)
        if rows < 0 {
            while remaining > 0 {
                if position.row > 0 {
                    let step = min(position.row, remaining)
                    position.row -= step
                    remaining -= step
                } else if position.index > 0 {
                    position.index -= 1
                    position.row = rowCount(ofMessageAt: position.index, display: display) - 1
                    remaining -= 1
                } else {
                    break
                }
            }
        } else {
            while remaining > 0 {
                let last = rowCount(ofMessageAt: position.index, display: display) - 1
                if position.row < last {
                    let step = min(last - position.row, remaining)
                    position.row += step
                    remaining -= step
                } else if position.index < messages.count - 1 {
                    position.index += 1
                    position.row = 0
                    remaining -= 1
                } else {
                    break
                }
            }
        }
        let newest = topOfNewestRows(display: display)
        if position.index > newest.index || position.index == newest.index && position.row >= newest.row {
            // Short of the newest while they are not held: it stops at the
            // last rows held until the next ones are read.
            if newerLeft {
                scrolledTo = PanePosition(messageID: messageID(at: newest.index), row: newest.row)
            } else {
                returnToNewest()
            }
        } else {
            if scrolledTo == nil { typedWhileScrolled = false }
            scrolledTo = PanePosition(messageID: messageID(at: position.index), row: position.row)
        }
    }

    /// The message row on the pane's top row while it shows the newest rows.
    private func topOfNewestRows(display: Display) -> (index: Int, row: Int) {
        var remaining = paneHeight(display)
        var index = messages.count - 1
        while index >= 0 {
            let rows = rowCount(ofMessageAt: index, display: display)
            if rows >= remaining { return (index, rows - remaining) }
            remaining -= rows
            index -= 1
        }
        return (0, 0)
    }

    /// Asks for the draft to be sent as a message, or runs it when it is a
    /// command. A blank draft sends nothing; the draft stays until it is stored,
    /// and stays when a command cannot be run.
    private mutating func send(display: Display, now: Timestamp) -> [Effect] {
        // A local room stores one message at a time: its draft is in the composer.
        guard !composer.draft.isBlank, sendRule == .showPending || outbox.isEmpty else { return [] }
        let text = Self.trimmedForSending(composer.draft.text)
        let command: Command?
        do throws(Command.Problem) {
            command = try Command.parse(text)
        } catch {
            return refuse(error, now: now)
        }
        // The network's own room talks to the server: no message goes from it, and it stays.
        if kind == .server {
            switch command {
            case nil, .literal, .me: return refuse(.notAMessageRoom, now: now)
            case .part: return refuse(.networkRoomStays, now: now)
            default: break
            }
        }
        if command == nil, onNetwork, sendsLineByLine, confirmingLines == nil {
            let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }.count
            if lines > Self.linesWithoutAsking {
                confirmingLines = lines
                warning = .confirmLines(lines)
                return []
            }
        }
        confirmingLines = nil
        switch command {
        case nil: return send(Message(sender: nick, text: text, time: now, isOwn: true), display: display)
        case .literal(let text): return send(Message(sender: nick, text: text, time: now, isOwn: true), display: display)
        case .me(let text): return send(Message(sender: nick, text: text, time: now, kind: .action, isOwn: true), display: display)
        case .help:
            note(.help, now: now)
        case .clear:
            firstMessageID += messages.count
            messages.removeAll()
            measureSenders(display: display)
            returnToNewest()
        case .nick(let name) where !onNetwork:
            nick = name
            note(.nickChanged(name), now: now)
        case .quit(let reason):
            return ran(onNetwork ? [.request(.quit(reason: reason)), .quit] : [.quit])
        case .nick(let name):
            return ran([.request(.nick(name))])
        case .join(let name):
            // On a network the server says what is joined and what is one channel.
            return ran([onNetwork ? .request(.join(name.value)) : .openRoom(name)])
        case .part(let reason):
            return ran(onNetwork ? [.request(.part(reason: reason)), .closeRoom(name)] : [.closeRoom(name)])
        case .query(let name):
            guard onNetwork else { return refuse(.needsNetwork("query"), now: now) }
            return ran([.request(.query(name.value))])
        case .network(let request):
            guard onNetwork else { return refuse(.needsNetwork(Self.commandName(of: request)), now: now) }
            return ran([.request(request)])
        case .resend:
            return ran(resendFailed())
        case .discard:
            discardFailed()
            return ran([])
        }
        return ran([])
    }

    /// Goes back to editing from the question whether to send many lines.
    private mutating func stopConfirming() {
        guard confirmingLines != nil else { return }
        confirmingLines = nil
        warning = nil
    }

    /// The messages of the outbox shown as not sent (or not confirmed),
    /// pending again and handed to the link once more, in order. The user
    /// decides: one not confirmed may have reached the server.
    private mutating func resendFailed() -> [Effect] {
        var effects: [Effect] = []
        for (entry, index) in shownNotSent() {
            messages.update(at: index, delivery: .pending)
            outbox.mark(entry.id, .pending)
            effects.append(.send(entry.id, entry.message))
        }
        return effects
    }

    /// The outbox's entries shown as not sent or not confirmed, with where
    /// each is in the timeline: what `/resend` and `/discard` act on.
    private func shownNotSent() -> [(entry: Outbox.Entry, index: Int)] {
        outbox.entries.compactMap { entry in
            guard let shown = entry.shownAs, let index = messageIndex(forID: shown),
                  messages[index].delivery.failureReason != nil else { return nil }
            return (entry, index)
        }
    }

    /// The messages of the outbox shown as not sent (or not confirmed) leave
    /// it, shown as discarded: the user let go of them.
    private mutating func discardFailed() {
        for (entry, index) in shownNotSent() {
            messages.update(at: index, delivery: .discarded)
            _ = outbox.remove(entry.id)
        }
    }

    /// A command was run: the composer empties for the next, and `effects` carry it out.
    private mutating func ran(_ effects: [Effect]) -> [Effect] {
        composer.reset()
        warning = nil
        return effects
    }

    /// A command cannot be run: the draft stays to fix, and the problem is
    /// said on the separator while it fits there, and whole in the pane at any width.
    private mutating func refuse(_ problem: Command.Problem, now: Timestamp) -> [Effect] {
        warning = .commandProblem(problem)
        note(.commandProblem(problem), now: now)
        returnToNewest()
        return []
    }

    /// The command a network request comes from, as the user typed it.
    private static func commandName(of request: NetworkRequest) -> String {
        switch request {
        case .message: "msg"
        case .join: "join"
        case .query: "query"
        case .nick: "nick"
        case .part: "part"
        case .quit: "quit"
        case .topic: "topic"
        case .names: "names"
        case .quote: "quote"
        case .reconnect: "reconnect"
        }
    }

    /// Hands `message` to the room's link, by the room's `sendRule`.
    private mutating func send(_ message: Message, display: Display) -> [Effect] {
        switch sendRule {
        case .keepDraftUntilStored:
            return [.send(outbox.add(message, shownAs: nil), message)]
        case .showPending:
            var pending = message
            pending.delivery = .pending
            show(sent: pending, display: display)
            return [.send(outbox.add(pending, shownAs: messageID(at: messages.count - 1)), message)]
        }
    }

    /// Puts a message the user sent in the timeline, where Up finds it, and
    /// empties the composer for the next: once stored under
    /// `keepDraftUntilStored`, at once under `showPending`.
    private mutating func show(sent message: Message, display: Display) {
        if newerLeft {
            notHeldAfter += 1  // shown with the newest, read again
        } else {
            messages.append(message)
            makeRoom(forSenderOf: message, display: display)
        }
        if let sent = SentHistory.recallText(message) { history.append(sent) }
        history.endWalk()
        composer.reset()
        warning = nil
        returnToNewest()
    }

    /// Shows a notice from chat-tui itself in the pane, in its words; it is not stored.
    mutating func note(_ notice: Notice, now: Timestamp) {
        let message = Message(sender: "", text: notice.lines.joined(separator: "\n"), time: now, kind: .system)
        if newerLeft { notesAfterNewest.append(message) } else { messages.append(message) }
    }

    /// The draft as sent: without trailing blanks, nor blank lines before the text.
    static func trimmedForSending(_ text: String) -> String {
        var characters = Substring(text)
        while let last = characters.last, last.isWhitespace { characters.removeLast() }
        while let newline = characters.firstIndex(where: \.isNewline),
              characters[..<newline].allSatisfy(\.isWhitespace) {
            characters = characters[characters.index(after: newline)...]
        }
        return String(characters)
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
