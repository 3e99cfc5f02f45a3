/// One change to a draft's text: the characters `removed` at `offset` were
/// replaced by `inserted`. Undo replays changes backwards, redo forwards, and the
/// composer rewraps only the rows around them.
public struct DraftChange: Equatable, Sendable {
    public var offset: Int
    public var removed: [Character]
    public var inserted: [Character]

    /// The same change, undone.
    var inverse: DraftChange {
        DraftChange(offset: offset, removed: inserted, inserted: removed)
    }
}

/// The stretch of a text that changes touched: it started at `lower`, ended at
/// `oldUpper` before the changes and ends at `newUpper` after them. Everything
/// before `lower` and after the stretch is as it was, shifted by `delta`.
struct ChangedSpan: Equatable, Sendable {
    var lower: Int
    var oldUpper: Int
    var newUpper: Int

    var delta: Int { newUpper - oldUpper }

    init(lower: Int, oldUpper: Int, newUpper: Int) {
        self.lower = lower
        self.oldUpper = oldUpper
        self.newUpper = newUpper
    }

    init(_ change: DraftChange) {
        lower = change.offset
        oldUpper = change.offset + change.removed.count
        newUpper = change.offset + change.inserted.count
    }

    /// The span covering this one and `change`, made after it.
    func followed(by change: DraftChange) -> ChangedSpan {
        let next = ChangedSpan(change)
        // Where this span's end moved to in the text after `change`.
        let movedEnd: Int
        if newUpper <= next.lower {
            movedEnd = newUpper
        } else if newUpper >= next.oldUpper {
            movedEnd = newUpper + next.delta
        } else {
            movedEnd = next.newUpper
        }
        var span = self
        span.lower = min(lower, next.lower)
        span.newUpper = max(movedEnd, next.newUpper)
        span.oldUpper = span.newUpper - (delta + next.delta)
        return span
    }
}
