import ChatModel

/// The clock read once for a turn of the run loop (`SystemClock.read()`).
struct Moment {
    /// The wall clock's time, which messages are stamped with.
    let wall: Timestamp
    /// Seconds on a clock that only moves forward: pacing, autosave, frames.
    let monotonic: Double

    /// Milliseconds from this moment to `deadline` (in monotonic seconds),
    /// rounded up so a wait never ends before it: 0 once it has passed, and at
    /// most a minute.
    func milliseconds(until deadline: Double) -> Int32 {
        Int32(max(0, min(60_000, ((deadline - monotonic) * 1000).rounded(.up))))
    }
}
