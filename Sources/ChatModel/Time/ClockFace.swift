/// Turns a timestamp into the wall-clock time shown beside a message.
///
/// The offset from UTC is asked for each moment, so a history that spans a change
/// to or from summer time shows each message at the local time it was sent.
public struct ClockFace: Sendable {
    private let utcOffset: @Sendable (Timestamp) -> Int

    /// A clock whose offset from UTC, in seconds, `utcOffset` gives for each moment.
    public init(utcOffset: @escaping @Sendable (Timestamp) -> Int) {
        self.utcOffset = utcOffset
    }

    /// A clock a fixed number of seconds ahead of UTC.
    public static func fixed(offsetSeconds: Int) -> ClockFace {
        ClockFace { _ in offsetSeconds }
    }

    public static let utc = ClockFace.fixed(offsetSeconds: 0)

    /// `HH:MM`, 24-hour, local to this clock.
    public func hourMinute(_ time: Timestamp) -> String {
        let local = time.secondsSinceEpoch + Int64(utcOffset(time))
        let secondsOfDay = ((local % 86_400) + 86_400) % 86_400
        let hour = Int(secondsOfDay / 3600)
        let minute = Int(secondsOfDay / 60 % 60)
        return twoDigits(hour) + ":" + twoDigits(minute)
    }

    /// The local date and time of `time` on this clock.
    public func civilTime(_ time: Timestamp) -> CivilTime {
        CivilTime(secondsSinceEpoch: time.secondsSinceEpoch + Int64(utcOffset(time)))
    }

    /// The moment this clock shows `local`. In the hour a clock is set back, the
    /// earlier of the two moments; in the hour it skips, the time just after.
    public func timestamp(fromLocal local: CivilTime) -> Timestamp {
        let wall = local.secondsSinceEpoch
        var guess = Timestamp(secondsSinceEpoch: wall - Int64(utcOffset(Timestamp(secondsSinceEpoch: wall))))
        guess = Timestamp(secondsSinceEpoch: wall - Int64(utcOffset(guess)))
        return guess
    }

    /// How the line between two days' messages names the day.
    public enum DateStyle: Sendable {
        /// `Wednesday 2 December 2026`
        case english
        /// `2026年12月2日(水)`
        case japanese
    }

    /// The local date of `time`, as the line that marks a new day shows it.
    public func dayName(_ time: Timestamp, style: DateStyle) -> String {
        let civil = civilTime(time)
        let days = Int((civil.date.secondsSinceEpoch / 86_400) % 7)
        let weekday = (days + 4 + 7) % 7  // 1970-01-01 was a Thursday; 0 is Sunday
        switch style {
        case .english:
            let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
            let months = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December",
            ]
            return "\(names[weekday]) \(civil.day) \(months[civil.month - 1]) \(civil.year)"
        case .japanese:
            let names = ["日", "月", "火", "水", "木", "金", "土"]
            return "\(civil.year)年\(civil.month)月\(civil.day)日(\(names[weekday]))"
        }
    }

    /// Whether two moments fall on the same local day.
    public func sameDay(_ first: Timestamp, _ second: Timestamp) -> Bool {
        civilTime(first).date == civilTime(second).date
    }

    private func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
