import ChatCore
import ChatModel
import Glibc

/// The machine's clock and time zone.
///
/// For tests only, `CHAT_TUI_CLOCK_START` (an RFC 3339 time such as
/// `2026-12-03T10:30:00Z`) sets the wall clock to that time when chat-tui starts;
/// it runs on from there at the real pace. A test then knows which day the
/// screen names, whatever the date it runs on.
struct SystemClock {
    /// Seconds added to the real wall clock.
    private let offset: Int64

    /// The environment variable that sets the clock for tests.
    static let startVariable = "CHAT_TUI_CLOCK_START"

    /// The real clock, or the one `CHAT_TUI_CLOCK_START` sets.
    init(environment: [String: String]) throws(StartupError) {
        guard let text = environment[Self.startVariable], !text.isEmpty else {
            offset = 0
            return
        }
        guard let start = Timestamp(rfc3339: text[...]) else {
            throw .badClockStart(text)
        }
        offset = start.secondsSinceEpoch - Self.realNow()
    }

    /// The clock as it reads now. The run loop reads it once a turn and passes
    /// the moment on: nothing else reads the wall clock, and only the wait for
    /// the width probe's answers (`Terminal.milliseconds`) the monotonic one.
    func read() -> Moment {
        Moment(wall: Timestamp(secondsSinceEpoch: Self.realNow() + offset), monotonic: Self.monotonicSeconds())
    }

    private static func realNow() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec)
    }

    /// Seconds on a clock that only moves forward, for pacing.
    private static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Local time as the C library knows it (`TZ`, `/etc/localtime`).
    static let localClockFace = ClockFace { time in
        var seconds = time_t(time.secondsSinceEpoch)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
