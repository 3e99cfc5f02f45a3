extension Timestamp {
    /// Reads an RFC 3339 time such as `2026-12-02T18:11:24Z` or
    /// `2026-12-02T18:11:24.5+09:00` (a space may stand for the `T`; fractions of
    /// a second are dropped). Nil when `text` is not one.
    public init?(rfc3339 text: Substring) {
        var scanner = TextScanner(text)
        guard let civil = Self.scanDateTime(&scanner, separators: "Tt ") else { return nil }
        if scanner.skip(".") {
            guard !scanner.take(while: { $0.isASCII && $0.isNumber }).isEmpty else { return nil }
        }
        guard let offset = Self.scanOffset(&scanner, colon: true), scanner.isAtEnd else { return nil }
        self.init(secondsSinceEpoch: civil.secondsSinceEpoch - Int64(offset))
    }

    /// The time in UTC as RFC 3339, whole seconds: `2026-12-02T18:11:24Z`.
    public var rfc3339: String {
        let civil = CivilTime(secondsSinceEpoch: secondsSinceEpoch)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(civil.year, 4))-\(pad(civil.month, 2))-\(pad(civil.day, 2))T"
            + "\(pad(civil.hour, 2)):\(pad(civil.minute, 2)):\(pad(civil.second, 2))Z"
    }

    /// Reads `YYYY-MM-DD`, one of `separators`, then `HH:MM:SS`.
    static func scanDateTime(_ scanner: inout TextScanner, separators: String) -> CivilTime? {
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), scanner.skip(anyOf: separators) != nil,
            let time = scanTime(&scanner, seconds: true)
        else { return nil }
        let civil = CivilTime(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        return civil.isValid ? civil : nil
    }

    /// Reads `HH:MM`, and `:SS` when `seconds`.
    static func scanTime(_ scanner: inout TextScanner, seconds: Bool) -> (hour: Int, minute: Int, second: Int)? {
        guard let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2) else { return nil }
        var second = 0
        if seconds {
            guard scanner.skip(":"), let value = scanner.digits(2) else { return nil }
            second = value
        }
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        return (hour, minute, second)
    }

    /// Reads `Z` or a numeric offset from UTC, `+09:00` (`+0900` when `colon` is
    /// false, either when it is nil), in seconds east of UTC.
    static func scanOffset(_ scanner: inout TextScanner, colon: Bool?) -> Int? {
        if scanner.skip(anyOf: "Zz") != nil { return 0 }
        guard let sign = scanner.skip(anyOf: "+-"), let hours = scanner.digits(2) else { return nil }
        let hasColon = scanner.skip(":")
        if let colon, colon != hasColon { return nil }
        guard let minutes = scanner.digits(2), hours < 24, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
