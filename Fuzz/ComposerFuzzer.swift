// libFuzzer target for the composer and the screen around it (`make fuzz`): the
// bytes are a script of typing, keys, pastes, resizes (1x1 to 500x300), sends,
// answers by id (delivered or failed, under both send rules), older history,
// messages arriving in any of three rooms and moves between them; after every
// step the promises of `InvariantCheck` must hold for the room shown, and the
// frame drawn by a view that keeps its caches must be the one a new view draws.

import ChatCore
import ChatModel

@_cdecl("LLVMFuzzerTestOneInput")
public func composerFuzzerInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Made at each run, not as globals: a global's first use looks like a leak to the leak checker.
    let pieces = [
        "a", "hello ", "日本語", "👍🏽", "👨\u{200D}👩\u{200D}👧", "e\u{301}", " ", "\n", "\t",
        "ｱｲｳ", "🇯🇵", "、。", "\r\n", String(repeating: "long", count: 30),
    ]
    let keys: [Key] = [
        .enter, .backspace, .delete, .left, .right, .up, .down, .home, .end, .pageUp, .pageDown,
        .escape, .wheelUp, .wheelDown, .controlLeft, .controlRight, .alt(.enter), .shift(.enter),
        .control("a"), .control("e"), .control("u"), .control("k"), .control("w"), .control("y"),
        .control("_"), .control("r"), .control("g"), .control("j"), .control("d"),
        .altCharacter("y"), .altCharacter("_"), .altCharacter("b"), .altCharacter("f"),
        .altCharacter("d"), .alt(.backspace), .altCharacter("1"), .altCharacter("2"),
        .altCharacter("3"), .altCharacter("a"), .alt(.left), .alt(.right), .controlPageUp,
        .controlPageDown,
    ]
    let roomNames = ["local", "dev", "ops"]
    var script = UnsafeBufferPointer(start: data, count: size).makeIterator()
    let now = Timestamp(secondsSinceEpoch: 1_796_235_084)
    // The last room sends as a network does: pending at once, answered later.
    var session = Session(
        rooms: roomNames.map {
            ChatState(
                room: $0, nick: "me", size: TerminalSize(columns: 40, rows: 12), clock: .utc,
                sendRule: $0 == roomNames.last ? .showPending : .keepDraftUntilStored)
        })
    let view = ChatView(clock: .utc)
    var steps = 0
    // Sends of the network-like room, answered later: a delivery then changes a message in place.
    var unanswered: [LocalID] = []
    while let op = script.next(), steps < 300 {
        steps += 1
        let before = session.focused.composer.draft
        var event: Event
        var room: String?
        let argument = Int(script.next() ?? 0)
        switch op % 9 {
        case 0, 1, 2: event = .text(pieces[argument % pieces.count])
        case 3, 4: event = .key(keys[argument % keys.count])
        case 5:
            // Raw bytes as typed text, invalid UTF-8 included.
            var raw: [UInt8] = []
            for _ in 0..<(argument % 32) { raw.append(script.next() ?? 0x20) }
            event = .text(String(decoding: raw, as: UTF8.self))
        case 6: event = .text(String(repeating: pieces[argument % pieces.count], count: 1 + argument))
        case 7 where argument % 4 == 1 && !unanswered.isEmpty:
            room = roomNames.last
            let id = unanswered.removeFirst()
            event = argument % 8 == 1 ? .delivered(id) : .deliveryFailed(id, "No such nick")
        case 7:
            // A message arrives in one of the rooms, naming the user now and then.
            room = roomNames[argument % roomNames.count]
            event = .received(
                Message(
                    sender: "bob", text: argument % 3 == 0 ? "me?" : pieces[argument % pieces.count],
                    time: now))
        default:
            let columns = 1 + (argument * 256 + Int(script.next() ?? 0)) % 500
            let rows = 1 + (Int(script.next() ?? 0) * 256 + Int(script.next() ?? 0)) % 300
            event = .resize(TerminalSize(columns: columns, rows: rows))
        }
        if case .text(let text) = event, text.isEmpty { continue }
        let focused = session.focused.name
        let effects = session.apply(event, to: room, now: now)
        if effects.contains(where: { $0.effect == .quit }) { break }
        for effect in effects {
            switch effect.effect {
            case .send(let id, _) where effect.room == roomNames.last && argument % 2 == 0:
                unanswered.append(id)
            case .send(let id, _):
                session.apply(
                    argument % 5 == 0 ? .deliveryFailed(id, "No space left on device") : .delivered(id),
                    to: effect.room, now: now)
            case .loadOlderMessages:
                let older = (0..<argument % 40).map { Message(sender: "me", text: "old \($0)", time: nil, isOwn: true) }
                session.apply(.history(older, reachedStart: argument % 3 == 0), to: effect.room, now: now)
            default:
                break
            }
        }
        var wasResize = false
        if case .resize = event { wasResize = true }
        // The draft a resize must leave alone is the one of the room shown before and after it.
        let frame = view.frame(for: session)
        let broken =
            InvariantCheck.violations(
                of: session.focused, frame: frame,
                draftBefore: before, wasResize: wasResize && focused == session.focused.name)
            + InvariantCheck.cacheViolations(cached: frame, fresh: ChatView(clock: .utc).frame(for: session))
        if !broken.isEmpty { fatalError("after \(event): \(broken)") }
    }
    return 0
}
