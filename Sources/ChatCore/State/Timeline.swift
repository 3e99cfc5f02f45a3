import ChatModel

/// A room's messages as held, oldest first: each with an id that stays while
/// the room lives, within the room's scrollback limit, with what is known of
/// the messages not held (older ones still to be loaded, newer ones let go
/// of while a replay is read far back, and what was asked for of either),
/// the server ids held, so none is shown twice, and the width of the column
/// of names. `Room` owns one; where the pane is scrolled to is the room's.
struct Timeline: Sendable {
    /// The messages held, oldest first.
    private(set) var messages = MessageStore()
    /// The id of `messages[0]`; see `messageID(at:)`.
    private(set) var firstMessageID = 0
    /// The most messages held, or nil for no limit. Past it the oldest are
    /// forgotten, as a terminal's scrollback forgets, so an endless replay runs
    /// in bounded memory.
    let scrollbackLimit: Int?
    /// The server ids of the messages held, or shown since the room opened.
    private var serverIDs: Set<String> = []
    /// True once the room's first message is held: there is nothing older to load.
    private(set) var heldFromStart = false
    /// True once the room's history has been read, so no messages means an
    /// empty room rather than one still loading.
    private(set) var historyRead = false
    /// True while older messages asked for with `Effect.loadOlderMessages` are
    /// on their way, so they are asked for once.
    private var olderAsked = false
    /// How many messages came after the last one held, while the newest are
    /// not held: let go of to read far back (`letGoOfNewer`), or arrived
    /// since. Zero while the newest are held and arrivals followed.
    private var notHeldAfter = 0
    /// True while the newest messages are not held: from letting go of them
    /// (a replay's room read far back) until they are read again to the end.
    private(set) var newerLeft = false
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
    /// The width of the column of names: the widest name among the messages
    /// held, up to the display's `senderColumnLimit`, so every message's text lines up.
    private(set) var senderWidth = 1

    /// The longest gap, in seconds, between two messages from one sender for
    /// the later to leave the sender's name out.
    static let groupingGap: Int64 = 5 * 60
    /// How far back a message without a time looks for the day it is on.
    static let timeLookBack = 64

    init(scrollbackLimit: Int?) {
        self.scrollbackLimit = scrollbackLimit
    }

    /// An id for the message at `index` that stays the same while the room lives,
    /// whatever arrives after it or is loaded before it.
    func messageID(at index: Int) -> Int {
        firstMessageID + index
    }

    /// The index in `messages` of the message with `id`, if it is still held.
    func messageIndex(forID id: Int) -> Int? {
        let index = id - firstMessageID
        return messages.indices.contains(index) ? index : nil
    }

    /// Notes the server id of a message about to be received; false when a
    /// message with it is held already (history or a bouncer's playback
    /// given again), which is then not shown twice.
    mutating func takesServerID(of message: Message) -> Bool {
        guard let id = message.serverID else { return true }
        return serverIDs.insert(id).inserted
    }

    // MARK: Adding

    /// Adds a message at the end: one that arrived from outside, in bounds
    /// (the oldest forgotten past the limit); only counted while the newest
    /// are not held (it is read with them).
    mutating func receive(_ message: Message, display: Display) {
        if newerLeft {
            notHeldAfter += 1
            return
        }
        messages.append(message)
        makeRoom(forSenderOf: message, display: display)
        if let scrollbackLimit { forgetOldest(keeping: scrollbackLimit) }
    }

    /// Adds a message the user sent at the end, or counts it while the
    /// newest are not held (it is shown with them, read again).
    mutating func show(sent message: Message, display: Display) {
        if newerLeft {
            notHeldAfter += 1
        } else {
            messages.append(message)
            makeRoom(forSenderOf: message, display: display)
        }
    }

    /// Adds a notice of chat-tui's own at the end, or after the newest once
    /// they are held again (notices are not stored, so they cannot be read again).
    mutating func note(_ message: Message) {
        if newerLeft { notesAfterNewest.append(message) } else { messages.append(message) }
    }

    /// Adds the user's messages an earlier run left not sent or not
    /// confirmed, each at its time among those held (after those of the
    /// same time), and returns the id each is shown under, in their order.
    /// All held are given new ids when one goes among them; it is done as
    /// the room opens, before anything refers to them.
    mutating func restore(_ restored: [Message], display: Display) -> [Int] {
        let lastHeld = messages.isEmpty ? nil : messages[messages.count - 1].time
        let inOrder = restored.allSatisfy { message in
            guard let time = message.time, let lastHeld else { return true }
            return time >= lastHeld
        }
        guard !inOrder, !newerLeft else {
            return restored.map { message in
                receive(message, display: display)
                return messageID(at: messages.count - 1)
            }
        }
        var merged = (0..<messages.count).map { messages[$0] }
        var places: [Int] = []
        for message in restored {
            var place = merged.count
            if let time = message.time {
                while place > 0, let before = merged[place - 1].time, before > time { place -= 1 }
            }
            merged.insert(message, at: place)
            places = places.map { $0 >= place ? $0 + 1 : $0 } + [place]
            makeRoom(forSenderOf: message, display: display)
        }
        firstMessageID += messages.count
        messages.removeAll()
        messages.prepend(contentsOf: merged)
        let ids = places.map(messageID(at:))
        if let scrollbackLimit { forgetOldest(keeping: scrollbackLimit) }
        return ids
    }

    /// Adds older messages before the first held (`Event.history`);
    /// `reachedStart` when there are none before them.
    mutating func prepend(_ older: [Message], reachedStart: Bool, display: Display) {
        historyRead = true
        olderAsked = false
        heldFromStart = reachedStart
        firstMessageID -= older.count
        messages.prepend(contentsOf: older)
        serverIDs.formUnion(older.compactMap(\.serverID))
        for message in older { makeRoom(forSenderOf: message, display: display) }
    }

    /// `count` messages came that are not given one by one (a pour): while
    /// the newest are not held they are counted; else all held are let go of,
    /// as the messages given next are the newest.
    mutating func passOver(_ count: Int) {
        if newerLeft {
            notHeldAfter += count
        } else {
            forgetOldest(keeping: 0)
            heldFromStart = false
        }
    }

    /// Adds what `Effect.loadNewerMessages` asked for: after the last held,
    /// letting go of the oldest to stay in bounds, or the newest, in place of
    /// all held. Once the end is reached the newest are held again.
    mutating func receiveNewer(_ newer: [Message], reachedEnd: Bool) {
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

    /// Changes the delivery (and server id) of the message at `index` in place.
    mutating func update(at index: Int, delivery: Delivery, serverID: String? = nil) {
        messages.update(at: index, delivery: delivery, serverID: serverID)
    }

    /// Lets go of every message held (`/clear`); ids go on counting.
    mutating func clear(display: Display) {
        firstMessageID += messages.count
        messages.removeAll()
        measureSenders(display: display)
    }

    // MARK: Bounds

    /// Forgets the oldest messages, a block at a time, while a block can go
    /// without leaving fewer than `limit`.
    private mutating func forgetOldest(keeping limit: Int) {
        while !messages.isEmpty, messages.count - messages.oldestBlockCount >= limit {
            for index in 0..<messages.oldestBlockCount { if let id = messages[index].serverID { serverIDs.remove(id) } }
            let removed = messages.removeOldestBlock()
            guard removed > 0 else { break }
            firstMessageID += removed
        }
    }

    /// Lets go of the newest messages, a block at a time, while a block can
    /// go without leaving fewer than the scrollback limit and the message at
    /// index `top` stays more than `margin` messages above it; true when some went.
    mutating func forgetNewest(above top: Int, margin: Int) -> Bool {
        guard let limit = scrollbackLimit else { return false }
        var forgot = false
        while messages.count - messages.newestBlockCount >= limit,
            top + margin < messages.count - messages.newestBlockCount
        {
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

    // MARK: Asking for more

    /// True when older messages may be asked for: none are on their way.
    var mayAskOlder: Bool { !olderAsked }

    /// Asks for the messages before the first held, once until they come.
    mutating func askOlder() -> Effect {
        olderAsked = true
        return .loadOlderMessages(before: messages.isEmpty ? nil : messages[0])
    }

    /// True when newer messages may be asked for: the newest are not held,
    /// and nothing asked for is on its way.
    var mayAskNewer: Bool { newerLeft && newerAsked == nil }

    /// Asks for newer messages, once until they come: those after the last
    /// held when `following` (the user reads forward), else the newest, in
    /// place of all held (the user went back to the newest).
    mutating func askNewer(following: Bool) -> Effect {
        newerAsked = following ? .following : .newest
        return .loadNewerMessages(after: following && !messages.isEmpty ? messages[messages.count - 1] : nil)
    }

    // MARK: Neighbours

    /// How message `index` stands among its neighbours: whether it follows the
    /// one before from the same sender, and whether it starts a day. A message
    /// without a time is on the day of the last one before it that has one.
    func context(ofMessageAt index: Int, display: Display) -> MessageLayout.Context {
        let message = messages[index]
        var context = MessageLayout.Context(senderWidth: senderWidth)
        guard let time = message.time else { return context }
        let previous = index > 0 ? messages[index - 1] : nil
        let previousTime = previous?.time ?? lastTime(before: index)
        let newDay = previousTime.map { !display.clock.sameDay($0, time) } ?? true
        if newDay { context.dayLine = display.clock.dayName(time, style: display.dateStyle) }
        if let previous, let previousTime = previous.time, !newDay, previous.sender == message.sender,
            previous.kind == .message, message.kind == .message,
            (0...Self.groupingGap).contains(time.secondsSinceEpoch - previousTime.secondsSinceEpoch)
        {
            context.showsSender = false
        }
        return context
    }

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

    /// Who spoke, newest first, each once, among the last `lookback` messages held.
    func recentSpeakers(lookback: Int) -> [String] {
        var speakers: [String] = []
        var seen = Set<String>()
        for index in messages.indices.reversed().prefix(lookback) {
            let message = messages[index]
            guard !message.isOwn, [.message, .action].contains(message.kind), !message.sender.isEmpty else { continue }
            if seen.insert(message.sender.lowercased()).inserted { speakers.append(message.sender) }
        }
        return speakers
    }

    // MARK: The column of names

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
}
