/// When the draft is written to disk: once typing pauses for half a second,
/// and while it goes on at least every second, so a killed program loses
/// less than a second of it, and a typist's steady stream of keys costs one
/// save a second rather than two; and at once when the draft empties, so a
/// message just sent never comes back as a draft.
public struct AutosaveSchedule: Sendable {
    /// The pause in changes after which the draft is saved.
    public static let delay = 0.5
    /// The longest a change waits while changes go on.
    public static let longest = 1.0

    /// The revision of the draft on disk.
    private var savedRevision: Int
    /// When the first change not saved was seen, or when saving last failed.
    private var waitingSince: Double?
    /// The last revision seen and when it was first seen.
    private var latest: (revision: Int, seen: Double)?
    /// Whether the last save failed, so even an emptied draft waits to be tried again.
    private var retrying = false

    /// A schedule for a draft whose revision `savedRevision` is on disk already.
    public init(savedRevision: Int) {
        self.savedRevision = savedRevision
    }

    /// Whether the draft, now at `revision`, should be saved now.
    public mutating func isDue(revision: Int, isEmpty: Bool, now: Double) -> Bool {
        guard revision != savedRevision else {
            waitingSince = nil
            latest = nil
            return false
        }
        if isEmpty && !retrying { return true }
        if latest?.revision != revision { latest = (revision, now) }
        let since = waitingSince ?? now
        waitingSince = since
        return now >= dueTime(waitingSince: since)
    }

    /// When a change waiting since `since` is due: after the pause, or the longest wait.
    private func dueTime(waitingSince since: Double) -> Double {
        if retrying { return since + Self.delay }
        return min((latest?.seen ?? since) + Self.delay, since + Self.longest)
    }

    /// Whether the draft at `revision` is the one on disk.
    public func isSaved(revision: Int) -> Bool { revision == savedRevision }

    /// Seconds until a change seen is due, to wake up for; nil when none waits.
    public func secondsUntilDue(now: Double) -> Double? {
        waitingSince.map { max(0, dueTime(waitingSince: $0) - now) }
    }

    /// Records that the draft at `revision` is on disk.
    public mutating func saved(revision: Int) {
        savedRevision = revision
        waitingSince = nil
        latest = nil
        retrying = false
    }

    /// Records that saving failed at `now`: it is tried again after the delay,
    /// not on every turn of the loop.
    public mutating func failed(now: Double) {
        waitingSince = now
        retrying = true
    }
}
