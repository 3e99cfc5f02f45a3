/// Where a room's pane is: following the newest message, or scrolled back to
/// a `PanePosition`; how many messages arrived below meanwhile; and whether
/// the user typed since scrolling back, which unfolds the draft. It knows
/// messages only by their ids and the rows each takes, which the room gives.
struct Pane: Sendable {
    /// Where the pane is scrolled back to; nil while it follows the newest message.
    private(set) var scrolledTo: PanePosition?
    /// Messages that arrived below while the pane was scrolled back.
    private(set) var unread = 0
    /// True when the user typed since scrolling back, which unfolds the draft.
    private var typedWhileScrolled = false

    /// True while the draft is folded to one row for reading back.
    var isDraftFolded: Bool { scrolledTo != nil && !typedWhileScrolled }

    /// Follows the newest message again.
    mutating func returnToNewest() {
        scrolledTo = nil
        unread = 0
        typedWhileScrolled = false
    }

    /// The user typed: a draft folded for reading back unfolds.
    mutating func typed() {
        if scrolledTo != nil { typedWhileScrolled = true }
    }

    /// A message arrived below: counted while the pane reads back.
    mutating func arrived(_ count: Int = 1) {
        if scrolledTo != nil { unread += count }
    }

    /// The messages before id `firstID` were let go of: a pane reading back
    /// among them moves to the oldest left.
    mutating func keep(from firstID: Int) {
        if let position = scrolledTo, position.messageID < firstID {
            scrolledTo = PanePosition(messageID: firstID, row: 0)
        }
    }

    /// The messages a pane scrolls through: `count` of them, the first with
    /// id `firstID`, in a pane `height` rows high; `newerLeft` while the
    /// newest are not held.
    struct Messages {
        let count: Int
        let firstID: Int
        let height: Int
        let newerLeft: Bool

        /// The message row on the pane's top row while it shows the newest
        /// rows, message `index` taking `rowCount(index)` rows.
        func topOfNewest(rowCount: (Int) -> Int) -> (index: Int, row: Int) {
            var remaining = height
            var index = count - 1
            while index >= 0 {
                let rows = rowCount(index)
                if rows >= remaining { return (index, rows - remaining) }
                remaining -= rows
                index -= 1
            }
            return (0, 0)
        }
    }

    /// Scrolls by `rows` through `messages`: back (up) when negative, forward
    /// when positive. Reaching the newest rows follows them again; short of
    /// the newest while they are not held, it stops at the last rows held
    /// until the next ones are read. Message `index` takes `rowCount(index)` rows.
    mutating func scroll(by rows: Int, through messages: Messages, rowCount: (Int) -> Int) {
        guard messages.count > 0, messages.height > 0 else { return }
        var position =
            scrolledTo.flatMap { anchor -> (index: Int, row: Int)? in
                let index = anchor.messageID - messages.firstID
                guard (0..<messages.count).contains(index) else { return nil }
                return (index, min(anchor.row, rowCount(index) - 1))
            } ?? messages.topOfNewest(rowCount: rowCount)
        var remaining = abs(rows)
        if rows < 0 {
            while remaining > 0 {
                if position.row > 0 {
                    let step = min(position.row, remaining)
                    position.row -= step
                    remaining -= step
                } else if position.index > 0 {
                    position.index -= 1
                    position.row = rowCount(position.index) - 1
                    remaining -= 1
                } else {
                    break
                }
            }
        } else {
            while remaining > 0 {
                let last = rowCount(position.index) - 1
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
        let newest = messages.topOfNewest(rowCount: rowCount)
        if position.index > newest.index || position.index == newest.index && position.row >= newest.row {
            if messages.newerLeft {
                scrolledTo = PanePosition(messageID: messages.firstID + newest.index, row: newest.row)
            } else {
                returnToNewest()
            }
        } else {
            if scrolledTo == nil { typedWhileScrolled = false }
            scrolledTo = PanePosition(messageID: messages.firstID + position.index, row: position.row)
        }
    }
}
