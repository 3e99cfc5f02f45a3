/// Reads a transcript line by line, recognising each line's format on its own:
/// chat-tui's JSON Lines, the logs of WeeChat, irssi, catgirl and ZNC, and plain
/// text. A line that starts like one of these but is broken is shown as plain
/// text without a time (it has none of its own) and counted in `brokenLines`,
/// so nothing is dropped unseen.
public struct TranscriptReader: Sendable {
    /// Who plain-text lines are from.
    public let source: String
    /// The clock local times in logs are read on.
    public let clock: ClockFace
    /// How many lines looked like a known format but were not valid.
    public private(set) var brokenLines = 0
    /// The date of logs that give only times: irssi's latest `Log opened` or
    /// `Day changed`, else the date in a ZNC log's file name, else today.
    private var currentDate: CivilTime
    private var atStart = true

    /// `fileDate` is the date a ZNC log file is named after; `today` is used when
    /// nothing else gives a date.
    public init(source: String, clock: ClockFace, today: CivilTime, fileDate: CivilTime? = nil) {
        self.source = source
        self.clock = clock
        currentDate = (fileDate ?? today).date
    }

    /// The message on one line (without its line end), or nil for a line that
    /// holds none: an empty line, or a log's own bookkeeping such as irssi's
    /// `--- Log opened`. `now` stamps plain-text lines, which carry no time.
    public mutating func read(_ rawLine: Substring, now: Timestamp) -> Message? {
        var line = rawLine
        if line.last == "\r" { line.removeLast() }  // "\r\n" is one Character; strip it whole
        if atStart {
            atStart = false
            if line.unicodeScalars.first == "\u{FEFF}" { line = line.dropFirst() }
        }
        guard !line.isEmpty else { return nil }
        switch line.first {
        case "{":
            if let message = Transcript.decode(line) { return message }
            return broken(line)
        case "[":
            if let message = bracketed(line) { return message }
        case "-" where line.hasPrefix("--- "):
            if irssiBookkeeping(line) { return nil }
        default:
            if let first = line.first, first.isASCII, first.isNumber {
                if let result = weechat(line) { return result ?? broken(line) }
                if let message = irssi(line) { return message }
            }
        }
        return Message(sender: source, text: String(line), time: now)
    }

    private mutating func broken(_ line: Substring) -> Message {
        brokenLines += 1
        return Message(sender: source, text: String(line), time: nil)
    }

    // MARK: WeeChat: `2026-12-02 18:11:24<TAB>bob<TAB>hello`

    /// nil when the line does not start like a WeeChat line; `.some(nil)` when it
    /// does but is broken.
    private func weechat(_ line: Substring) -> Message?? {
        var scanner = TextScanner(line)
        guard let civil = Timestamp.scanDateTime(&scanner, separators: " ") else { return nil }
        var utc = false
        if scanner.skip(".") {
            guard !scanner.take(while: { $0.isASCII && $0.isNumber }).isEmpty else { return .some(nil) }
        }
        if scanner.skip(anyOf: "Zz") != nil { utc = true }
        guard scanner.skip("\t") else { return .some(nil) }
        guard let prefix = scanner.upTo("\t") else { return .some(nil) }
        scanner.skip("\t")
        let time = utc ? Timestamp(secondsSinceEpoch: civil.secondsSinceEpoch) : clock.timestamp(fromLocal: civil)
        let body = scanner.rest
        switch prefix {
        case "-->": return event(.join, body, time)
        case "<--": return event(.part, body, time)
        case " *", "*": return event(.action, body, time)
        case "--", "=!=", "": return message(kind: .system, sender: "", body, time)
        default: return message(kind: .message, sender: Self.withoutModes(prefix), body, time)
        }
    }

    // MARK: ZNC and catgirl: a time in brackets, then an IRC line
    //
    // ZNC: `[18:11:24] <bob> hello`, `[18:11:24] *** Joins: bob (~bob@host)`, and
    // with `-timestamp` any of the shapes `bracketedTime` reads. catgirl:
    // `[2026-12-02T18:11:54+0000] <bob> hello`.

    private func bracketed(_ line: Substring) -> Message? {
        var scanner = TextScanner(line)
        guard scanner.skip("["), let time = bracketedTime(&scanner), scanner.skip("] ") else { return nil }
        let body = scanner.rest
        guard body.hasPrefix("*** ") else { return ircBody(body, time) }
        var rest = body.dropFirst(4)
        for (label, kind) in [("Joins: ", MessageKind.join), ("Parts: ", .part), ("Quits: ", .part)]
        where rest.hasPrefix(label) {
            rest = rest.dropFirst(label.count)
            // A part or quit without a reason is written with an empty one: `()`.
            if kind == .part, rest.hasSuffix(" ()") { rest = rest.dropLast(3) }
            return event(kind, rest, time)
        }
        return message(kind: .system, sender: "", rest, time)
    }

    /// Reads the time inside the brackets: `HH:MM` or `HH:MM:SS`, after
    /// `YYYY-MM-DD` and a space or `T` when the log gives the date, with
    /// fractions of a second (dropped) and an offset from UTC (`Z`, `+09:00`,
    /// `+0900`) where it gives them. Without a date, the date is the file's (or
    /// irssi's or today's); without an offset, the time is local.
    private func bracketedTime(_ scanner: inout TextScanner) -> Timestamp? {
        var civil = currentDate
        var dated = scanner
        if let year = dated.digits(4), dated.skip("-") {
            scanner = dated
            guard let month = scanner.digits(2), scanner.skip("-"), let day = scanner.digits(2),
                scanner.skip(anyOf: "T ") != nil
            else { return nil }
            civil = CivilTime(year: year, month: month, day: day)
        }
        guard let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2) else { return nil }
        var second = 0
        if scanner.skip(":") {
            guard let value = scanner.digits(2) else { return nil }
            second = value
        }
        if scanner.skip(".") {
            guard !scanner.take(while: { $0.isASCII && $0.isNumber }).isEmpty else { return nil }
        }
        civil.hour = hour
        civil.minute = minute
        civil.second = second
        guard hour < 24, minute < 60, second <= 60, civil.isValid else { return nil }
        if scanner.current == "]" { return clock.timestamp(fromLocal: civil) }
        guard let offset = Timestamp.scanOffset(&scanner, colon: nil) else { return nil }
        return Timestamp(secondsSinceEpoch: civil.secondsSinceEpoch - Int64(offset))
    }

    // MARK: irssi: `18:11 < bob> hello`, `18:11  * bob waves`, `18:11 -!- bob [...] has joined #test`

    private func irssi(_ line: Substring) -> Message? {
        var scanner = TextScanner(line)
        guard let clockTime = Timestamp.scanTime(&scanner, seconds: false), scanner.skip(" ") else { return nil }
        let time = localTime(clockTime)
        if scanner.skip(" * ") { return event(.action, scanner.rest, time) }
        if scanner.skip("-!- ") {
            let body = scanner.rest
            let kind: MessageKind =
                body.contains(" has joined ")
                ? .join
                : (body.contains(" has left ") || body.contains(" has quit")) ? .part : .system
            return kind == .system ? message(kind: .system, sender: "", body, time) : event(kind, body, time)
        }
        return ircBody(scanner.rest, time)
    }

    /// Reads irssi's `--- Log opened Wed Dec 02 18:11:12 2026` and
    /// `--- Day changed Thu Dec 03 2026` for the date of the lines after them.
    private mutating func irssiBookkeeping(_ line: Substring) -> Bool {
        let words = line.split(separator: " ")
        if line.hasPrefix("--- Log closed") { return true }
        // The date's words: month, day and year, where each header has them.
        let dateWords: (month: Int, day: Int, year: Int)?
        if line.hasPrefix("--- Log opened"), words.count == 8 {
            dateWords = (4, 5, 7)
        } else if line.hasPrefix("--- Day changed"), words.count == 7 {
            dateWords = (4, 5, 6)
        } else {
            dateWords = nil
        }
        guard let dateWords, let month = CivilTime.month(abbreviation: words[dateWords.month]),
            let day = Int(words[dateWords.day]), let year = Int(words[dateWords.year])
        else { return false }
        let date = CivilTime(year: year, month: month, day: day)
        guard date.isValid else { return false }  // an impossible date is not the date of the lines after it
        currentDate = date
        return true
    }

    // MARK: Shared pieces

    /// `<nick> text`, `* nick text`, `-nick- text`; anything else is a note from the room.
    private func ircBody(_ body: Substring, _ time: Timestamp) -> Message {
        var scanner = TextScanner(body)
        if scanner.skip("<"), let nick = scanner.upTo(">") {
            scanner.skip(">")
            scanner.skip(" ")
            return message(kind: .message, sender: Self.withoutModes(nick), scanner.rest, time)
        }
        if scanner.skip("* ") { return event(.action, scanner.rest, time) }
        // `-nick- text`: nicks hold no spaces but may hold dashes, so the nick
        // is the first word without its last dash (`-dash-bot- hi`, `-trail-- hi`).
        if scanner.skip("-") {
            let word = scanner.take { $0 != " " }
            if word.count > 1, word.last == "-" {
                let nick = word.dropLast()
                scanner.skip(" ")
                return message(
                    kind: .notice, sender: nick.split(separator: "(").first.map(String.init) ?? String(nick),
                    scanner.rest, time)
            }
        }
        return message(kind: .system, sender: "", body, time)
    }

    /// `nick the rest`: the first word is who it is about.
    private func event(_ kind: MessageKind, _ body: Substring, _ time: Timestamp) -> Message {
        let nick = body.prefix { $0 != " " }
        let rest = body.dropFirst(nick.count).drop { $0 == " " }
        return message(kind: kind, sender: String(nick), rest, time)
    }

    private func message(kind: MessageKind, sender: String, _ text: Substring, _ time: Timestamp) -> Message {
        let (plain, runs) = IRCFormatting.parse(text)
        let name = IRCFormatting.parse(sender[...]).text
        return Message(sender: name, text: plain, time: time, kind: kind, formatting: runs)
    }

    private func localTime(_ clockTime: (hour: Int, minute: Int, second: Int)) -> Timestamp {
        var civil = currentDate
        civil.hour = clockTime.hour
        civil.minute = clockTime.minute
        civil.second = clockTime.second
        return clock.timestamp(fromLocal: civil)
    }

    /// A nick without the channel-mode character in front of it: `@alice` is alice.
    static func withoutModes<S: StringProtocol>(_ nick: S) -> String {
        String(nick.drop { "@+%~&! ".contains($0) })
    }
}
