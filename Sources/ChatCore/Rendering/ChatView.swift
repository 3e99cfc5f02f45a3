import ChatModel
import TextWidth

/// Draws a `ChatState` into a `Frame`: the pane of newest messages above the
/// separator, the composer below it, and the cursor at the caret.
///
/// Only the messages that fit in the pane are laid out, newest first, so the
/// cost of a frame does not grow with the room's history; their layouts are kept
/// from one frame to the next, so a long message is wrapped once per width.
public struct ChatView {
    public let clock: ClockFace
    private let cache = MessageLayoutCache()
    private let canvas = Canvas()
    private let hints = EmptyRoomHint.Kept()

    /// Shown in the empty composer, `width` columns wide: as many of its phrases
    /// as fit, whole, dropped from the end; the first alone is cut with `…`.
    /// A network's own room takes commands, and says so. Ctrl-J is the key
    /// for a new line every terminal sends (xterm takes Alt-Enter).
    static func placeholder(room: String, kind: RoomKind, width: Int, rules: WidthRules) -> String {
        let phrases =
            kind == .server
            ? ["Commands to \(room)", "/join #channel", "/help lists them"]
            : ["Message \(room)", "Enter sends", "Ctrl-J adds a line"]
        for count in stride(from: phrases.count, to: 0, by: -1) {
            let text = phrases.prefix(count).joined(separator: " · ")
            if rules.width(of: text) <= width { return text }
        }
        return String(MessageLayout.truncated(phrases[0], to: width, rules: rules))
    }

    public init(clock: ClockFace) {
        self.clock = clock
    }

    /// The focused room of `session`, with a room bar on the separator when
    /// more than one room is open.
    public func frame(for session: Session) -> Frame {
        // The room is drawn where the session holds it. Read from the array,
        // by subscript or by buffer pointer, it would be copied once a frame
        // to be passed (a retain and a release of each of its parts, some
        // thousand instructions a key); passed `inout` through the buffer's
        // address, it is not. Nothing that draws it changes it.
        session.rooms.withUnsafeBufferPointer { rooms in
            frame(
                of: &UnsafeMutablePointer(mutating: rooms.baseAddress! + session.focus).pointee,
                display: session.display, session: session.rooms.count > 1 ? session : nil)
        }
    }

    public func frame(for state: ChatState) -> Frame {
        var room = state.room
        return frame(of: &room, display: state.display, session: nil)
    }

    /// A separator label: text and its style.
    typealias Label = (text: String, style: CellStyle)

    /// The room bar, fullest first: every room with its number and name, then
    /// numbers only, then the room shown and how many others have news.
    static func roomBars(for session: Session) -> [[Label]] {
        func news(_ room: String) -> (text: String, style: CellStyle)? {
            guard let seen = session.activity[room], seen.unread > 0 else { return nil }
            // A mention marks the unread count; it does not hide it.
            return seen.highlights > 0 ? ("(\(seen.unread)!)", .warning) : ("(\(seen.unread))", .separatorLabel)
        }
        // The rooms read in place: each one taken out of the array would be
        // copied whole, a retain and a release of each of its parts.
        func entries(named: Bool) -> [Label] {
            session.rooms.withUnsafeBufferPointer { rooms in
                rooms.indices.map { index in
                    // A link's state (`reconnecting in 4 s`) follows its room's name.
                    let status = named ? rooms[index].linkStatus.map { " (\($0))" } ?? "" : ""
                    let name = named ? "\(index + 1):\(rooms[index].name)\(status)" : "\(index + 1)"
                    if index == session.focus { return (" [\(name)] ", status.isEmpty ? .separatorLabel : .warning) }
                    let activity = news(rooms[index].name)
                    if !status.isEmpty { return (" \(name)\(activity?.text ?? "") ", .warning) }
                    return (" \(name)\(activity?.text ?? "") ", activity?.style ?? .separatorLabel)
                }
            }
        }
        let others = session.rooms.withUnsafeBufferPointer { rooms in
            rooms.indices.filter { $0 != session.focus && news(rooms[$0].name) != nil }.count
        }
        let highlighted = session.activity.values.contains { $0.highlights > 0 }
        let shown: Label = (" [\(session.focus + 1):\(session.focused.name)] ", .separatorLabel)
        let summary: [Label] =
            others == 0
            ? [shown]
            : [shown, (" +\(others)\(highlighted ? "!" : "") ", highlighted ? .warning : .separatorLabel)]
        return [entries(named: true), entries(named: false), summary]
    }

    /// The frame of `room`, with the room bar of `session` when one is given,
    /// drawn over the last one: the pane and the separator only when what they
    /// show changed, the composer's rows only where they show something else.
    /// `room` is `inout` only to be passed by address, and is left as it is.
    private func frame(of room: inout Room, display: Display, session: Session?) -> Frame {
        let generation = ClusterTable.shared.beginFrame()
        var frame = canvas.take(size: display.size, generation: generation)
        guard display.size.columns > 0, display.size.rows > 0 else { return frame }
        let layout = room.composerLayout
        let screen = room.screenLayout(for: layout, display: display)
        let paneKey = PaneKey(room, display: display, rows: screen.paneRows)
        if !canvas.drewPane(from: paneKey) {
            frame.erase(rows: screen.paneRows)
            drawPane(room, display: display, rows: screen.paneRows, into: &frame)
        }
        var separator: Canvas.Separator?
        if let row = screen.separatorRow {
            let labels = Self.separatorLabels(for: room, draft: layout)
            let key = SeparatorKey(room, display: display, labels: labels, session: session, last: canvas.separatorKey)
            let drawn = Canvas.Separator(row: row, key: key)
            separator = drawn
            if !canvas.drewSeparator(drawn) {
                frame.erase(rows: row..<row + 1)
                drawSeparator(room, display: display, labels: labels, roomBar: session.map(Self.roomBars), row: row, into: &frame)
            }
        }
        drawComposer(room, display: display, layout: layout, rows: screen.composerRows, into: &frame)
        canvas.keep(frame, pane: paneKey, separator: separator)
        return frame
    }

    private func drawPane(_ room: Room, display: Display, rows: Range<Int>, into frame: inout Frame) {
        if let location = room.emptyRoomLocation {
            // Wrapped, never cut, at the bottom where the first message will be.
            let hint = hints.hint(room: room.name, location: location)
            let wrapped = hint.rows(width: display.size.columns, rules: display.rules)
            for (row, line) in zip(rows.reversed(), wrapped.reversed()) {
                frame.put(
                    hint.characters[line.range], ascii: hint.ascii[line.range], rules: display.rules,
                    style: .placeholder, row: row, column: 0)
            }
            return
        }
        var shown: [Int: MessageLayout] = [:]
        defer { cache.keep(shown, room: room.name, edits: room.messages.edits, rules: display.rules) }
        func layout(at index: Int) -> MessageLayout {
            let id = room.messageID(at: index)
            let context = room.context(ofMessageAt: index, display: display)
            let laidOut =
                shown[id]
                ?? cache.layout(
                    id: id, room: room.name, edits: room.messages.edits, width: display.size.columns,
                    rules: display.rules, context: context)
                ?? room.layout(ofMessageAt: index, display: display)
            shown[id] = laidOut
            return laidOut
        }
        func draw(_ spans: [MessageLayout.Span], on row: Int) {
            for span in spans {
                frame.put(
                    span.text, rules: display.rules, style: span.style, format: span.format,
                    row: row, column: span.column)
            }
        }
        if let position = room.scrolledTo, let first = room.messageIndex(forID: position.messageID) {
            // Read back: from the anchored row down.
            var row = rows.lowerBound
            var skip = position.row
            for index in first..<room.messages.count {
                guard row < rows.upperBound else { break }
                for spans in layout(at: index).rows.dropFirst(min(skip, layout(at: index).rows.count - 1)) {
                    guard row < rows.upperBound else { break }
                    draw(spans, on: row)
                    row += 1
                }
                skip = 0
            }
            return
        }
        // The newest messages, from the bottom up.
        var row = rows.upperBound
        for index in room.messages.indices.reversed() {
            guard row > rows.lowerBound else { break }
            for spans in layout(at: index).rows.reversed() {
                guard row > rows.lowerBound else { break }
                row -= 1
                draw(spans, on: row)
            }
        }
    }

    /// `── room ─ notes… ──────── nick ──`: labels are dropped from the right
    /// when the line is too short, the nick first.
    private func drawSeparator(
        _ room: Room, display: Display, labels notes: [Label], roomBar: [[Label]]?, row: Int,
        into frame: inout Frame
    ) {
        let width = display.size.columns
        frame.fill(row: row, columns: 0..<width, with: Cell(scalar: 0x2500, width: 1, style: .separator))  // ─
        let nick = " \(room.nick) "
        let nickWidth = display.rules.width(of: nick)
        // The room bar: the fullest that leaves room for the nick, else the shortest.
        func barWidth(_ bar: [Label]) -> Int { bar.reduce(0) { $0 + display.rules.width(of: $1.text) + 1 } }
        let bar = roomBar.map { bars in bars.first { 2 + barWidth($0) + nickWidth + 2 <= width } ?? bars[bars.count - 1] }
        let labels = (bar ?? [(" \(room.name) ", .separatorLabel)]) + notes
        let roomLabels = bar?.count ?? 1
        var column = 2
        for (index, label) in labels.enumerated() {
            var text = Array(label.text)
            // The room (or the room bar) may leave no room for the nick; notes may not.
            let space = width - column - (index >= roomLabels ? 1 + nickWidth + 2 : 0)
            if display.rules.width(of: text) > space {
                // A warning is cut rather than dropped: it starts saying what is wrong.
                guard label.style == .warning, space >= Self.shortestWarning else { break }
                text = MessageLayout.truncated(String(text.dropLast()), to: space - 1, rules: display.rules) + [" "]
            }
            frame.put(text, rules: display.rules, style: label.style, row: row, column: column)
            column += display.rules.width(of: text) + 1
        }
        if column + nickWidth + 2 <= width {
            frame.put(nick, rules: display.rules, style: .separatorLabel, row: row, column: width - 2 - nickWidth)
        }
    }

    /// The fewest columns a warning is cut to on the separator; below it, it is left out.
    static let shortestWarning = 10

    /// What needs saying about the room, most urgent first.
    static func separatorLabels(for room: Room, draft: ComposerLayout) -> [Label] {
        var labels: [Label] = []
        if let warning = room.warning {
            labels.append((" \(warning.text) ", .warning))
        }
        if let problem = room.draftProblem {
            labels.append((" \(problem.text) ", .warning))
        }
        if let problem = room.outputProblem {
            labels.append((" output closed: \(problem) ", .warning))
        }
        if let search = room.search {
            let found = search.match == nil ? " (no match)" : ""
            labels.append((" search: \(search.query)\(found) ", search.match == nil ? .warning : .separatorLabel))
        }
        if room.unreadableLines > 0 {
            let lines = room.unreadableLines == 1 ? "line" : "lines"
            labels.append((" \(room.unreadableLines) unreadable \(lines) ", .warning))
        }
        if draft.rows.count > Composer.maxRows {
            labels.append((" row \(draft.caretRow + 1)/\(draft.rows.count) ", .separatorLabel))
        }
        if room.scrolledTo != nil {
            let news = room.unread == 0 ? "↑ scrolled" : "↓ \(room.unread) new"
            labels.append((" \(news) (Esc) ", .scrollMarker))
        }
        if room.replayEnded {
            labels.append((" end of input ", .separatorLabel))
        }
        // In a room, counting would rewrite the separator at every message.
        if room.isReplay && room.received > 0 {
            labels.append((" \(room.received) received ", .separatorLabel))
        }
        return labels
    }

    /// Draws the composer's rows that changed since the last frame: typing
    /// at the end of a long draft draws its last row only.
    private func drawComposer(
        _ room: Room, display: Display, layout: ComposerLayout, rows: Range<Int>,
        into frame: inout Frame
    ) {
        guard !rows.isEmpty else { return }
        let width = display.size.columns
        let draft = room.composer.draft
        let top = room.composer.scrollTop
        frame.cursorRow = min(rows.lowerBound + layout.caretRow - top, rows.upperBound - 1)
        frame.cursorColumn = min(layout.caretColumn, width - 1)
        // The markers: more above on the first row, more below on the last, both
        // in one when the composer has one row; never under the caret, which
        // sits in the same last column after a full row.
        let gutter = width - 1
        let above = width >= 2 && top > 0
        let below = width >= 2 && top + rows.count < layout.rows.count
        let caretInGutter = gutter == frame.cursorColumn
        /// The marker of `screenRow`, if it has one (no dictionary: this runs at every key).
        func marker(on screenRow: Int) -> String? {
            if caretInGutter && screenRow == frame.cursorRow { return nil }
            let first = screenRow == rows.lowerBound && above
            let last = screenRow == rows.upperBound - 1 && below
            return first ? (last ? "↕" : "↑") : (last ? "↓" : nil)
        }
        var shown = canvas.takeComposer(rows: rows, rules: display.rules)
        for (offset, screenRow) in rows.enumerated() {
            let range = top + offset < layout.rows.count ? layout.rows[top + offset].range : 0..<0
            let marker = marker(on: screenRow)
            // Asked in place: a row bound to a name would be a second holder of its storage.
            if !draft.isEmpty, shown[offset]?.shows(draft, range, marker: marker) == true { continue }
            frame.erase(rows: screenRow..<screenRow + 1)
            if draft.isEmpty && offset == 0 {
                frame.put(
                    Self.placeholder(room: room.name, kind: room.kind, width: layout.textWidth, rules: display.rules),
                    rules: display.rules, style: .placeholder, row: screenRow, column: 0)
            }
            frame.put(
                draft.characters[range], ascii: draft.asciiBytes[range], rules: display.rules, style: .plain,
                row: screenRow, column: 0)
            if let marker {
                frame.put([CellText(marker, width: 1)], style: .scrollMarker, row: screenRow, column: gutter)
            }
            if draft.isEmpty {
                shown[offset] = nil
            } else if shown[offset] != nil {
                shown[offset]!.update(draft, range, marker: marker)
            } else {
                shown[offset] = Canvas.ComposerRow(draft, range, marker: marker)
            }
        }
        canvas.keepComposer(rows: rows, rules: display.rules, shown: shown)
    }
}
