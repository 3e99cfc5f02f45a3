import ChatCore
import Glibc

/// The machine's clock and time zone.
enum SystemClock {
    /// The time now.
    static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(secondsSinceEpoch: Int64(spec.tv_sec))
    }

    /// Seconds on a clock that only moves forward, for pacing.
    static func monotonicSeconds() -> Double {
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
