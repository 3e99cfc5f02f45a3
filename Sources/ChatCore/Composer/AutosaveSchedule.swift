/// When the draft is written to disk: half a second after the first change not
/// yet saved, so a burst of typing is saved at least that often and a killed
/// program loses less than a second of it; and at once when the draft empties,
/// so a message just sent never comes back as a draft.
public struct AutosaveSchedule: Sendable {
    /// The longest a change waits before it is saved.
    public static let delay = 0.5

    /// The revision of the draft on disk.
    private var savedRevision: Int
    /// When the first change not saved was seen, or when saving last failed.
    private var waitingSince: Double?
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
            return false
        }
        if isEmpty && !retrying { return true }
        let since = waitingSince ?? now
        waitingSince = since
        return now - since >= Self.delay
    }

    /// Whether the draft at `revision` is the one on disk.
    public func isSaved(revision: Int) -> Bool { revision == savedRevision }

    /// Seconds until a change seen is due, to wake up for; nil when none waits.
    public func secondsUntilDue(now: Double) -> Double? {
        waitingSince.map { max(0, $0 + Self.delay - now) }
    }

    /// Records that the draft at `revision` is on disk.
    public mutating func saved(revision: Int) {
        savedRevision = revision
        waitingSince = nil
        retrying = false
    }

    /// Records that saving failed at `now`: it is tried again after the delay,
    /// not on every turn of the loop.
    public mutating func failed(now: Double) {
        waitingSince = now
        retrying = true
    }
}
