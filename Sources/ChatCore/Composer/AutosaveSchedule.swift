/// When the draft is written to disk, and whether it is flushed there.
///
/// It is saved once typing pauses for half a second, and while typing goes on
/// at least every second, so a killed program loses less than a second of it,
/// and a typist's steady stream of keys costs about one save a second rather
/// than two; and at once when the draft empties, so a message just sent never
/// comes back as a draft. A save while typing goes on is left to the system
/// to write (it outlives the process, not a power cut), but for one at least
/// every five seconds; the first save after a pause is flushed, so a power
/// cut loses less than five seconds of typing and nothing once it pauses.
/// Flushing is most of what a save costs.
///
/// A save that the second's wait makes due is made early, by the turn of a
/// key that comes within `early` of it, after that key's frame, so steady
/// typing wakes the program no more often than its keys do.
public struct AutosaveSchedule: Sendable {
    /// How a due save is written.
    public enum Save: Equatable, Sendable {
        /// On the disk before the save ends.
        case flushed
        /// Left to the system to write: kept if the process dies, not if the machine does.
        case unflushed
    }

    /// The pause in changes after which the draft is saved.
    public static let delay = 0.5
    /// The longest a change waits while changes go on.
    public static let longest = 1.0
    /// How long before the longest wait ends a turn that comes anyway (a
    /// key's) makes the save: a typist's keys come closer together than this,
    /// so steady typing's saves need no wake-up of their own.
    public static let early = 0.25
    /// The longest a save waits to be flushed while changes go on.
    public static let flushInterval = 5.0

    /// The revision of the draft on disk.
    private var savedRevision: Int
    /// The revision of the draft flushed to disk.
    private var flushedRevision: Int
    /// When a save was last flushed; nil before the first.
    private var lastFlush: Double?
    /// When the first change not saved was seen, or when saving last failed.
    private var waitingSince: Double?
    /// The last revision seen and when it was first seen.
    private var latest: (revision: Int, seen: Double)?
    /// Whether the last save failed, so even an emptied draft waits to be tried again.
    private var retrying = false

    /// A schedule for a draft whose revision `savedRevision` is on disk already.
    public init(savedRevision: Int) {
        self.savedRevision = savedRevision
        flushedRevision = savedRevision
    }

    /// How the draft, now at `revision`, should be saved now; nil when no save is due.
    public mutating func due(revision: Int, isEmpty: Bool, now: Double) -> Save? {
        guard revision != flushedRevision else {
            waitingSince = nil
            latest = nil
            return nil
        }
        if isEmpty && !retrying { return .flushed }
        if latest?.revision != revision { latest = (revision, now) }
        if revision == savedRevision && !retrying {
            // On disk unflushed, and nothing new since: flushed once typing pauses.
            return now >= pauseEnd(now: now) ? .flushed : nil
        }
        let since = waitingSince ?? now
        waitingSince = since
        guard now >= dueTime(waitingSince: since, early: true) else { return nil }
        // Due while typing goes on: left unflushed, unless the last flush is old.
        let typing = now < pauseEnd(now: now)
        let flushIsOld = lastFlush.map { now - $0 >= Self.flushInterval } ?? true
        return typing && !flushIsOld && !retrying ? .unflushed : .flushed
    }

    /// When half a second will have passed since the last change.
    private func pauseEnd(now: Double) -> Double {
        (latest?.seen ?? now) + Self.delay
    }

    /// When a change waiting since `since` is due: after the pause, or the
    /// longest wait; with `early`, a turn that comes `early` before the
    /// longest wait ends makes the save then.
    private func dueTime(waitingSince since: Double, early: Bool = false) -> Double {
        if retrying { return since + Self.delay }
        return min(pauseEnd(now: since), since + Self.longest - (early ? Self.early : 0))
    }

    /// Whether the draft at `revision` is the one flushed to disk.
    public func isSaved(revision: Int) -> Bool { revision == flushedRevision }

    /// Whether a change, a retry or a flush waits for its time.
    public var isWaiting: Bool { waitingSince != nil || savedRevision != flushedRevision }

    /// Seconds until a change seen, or a save to flush, is due, to wake up
    /// for; nil when none waits.
    public func secondsUntilDue(now: Double) -> Double? {
        if let waitingSince { return max(0, dueTime(waitingSince: waitingSince) - now) }
        if savedRevision != flushedRevision { return max(0, pauseEnd(now: now) - now) }
        return nil
    }

    /// Records that the draft at `revision` was saved at `now`, as `save` says.
    public mutating func saved(revision: Int, _ save: Save, now: Double) {
        savedRevision = revision
        retrying = false
        waitingSince = nil
        if save == .flushed {
            flushedRevision = revision
            lastFlush = now
            latest = nil
        }
        // Unflushed, `latest` is kept: the flush is timed from the last change.
    }

    /// Records that saving failed at `now`: it is tried again after the delay,
    /// not on every turn of the loop.
    public mutating func failed(now: Double) {
        waitingSince = now
        retrying = true
    }
}
