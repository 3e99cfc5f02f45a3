import TestSupport
import Testing

@testable import ChatModel

@Suite struct JSONTests {
    @Test(arguments: [
        #"{"a":1,"b":[true,false,null],"c":{"d":"e"},"n":-1.5e+3}"#,
        #"[]"#, #"{}"#, #""text""#, #"0"#,
    ])
    func validJSONIsWrittenBackAsItWasRead(text: String) throws {
        #expect(try JSONParser.parse(text[...]).encoded == text)
    }

    @Test func escapesAreDecodedIncludingSurrogatePairs() throws {
        let value = try JSONParser.parse(#""a\nb\t\"\\\/ \u00e9 \ud83d\ude00""#[...])
        #expect(value == .string("a\nb\t\"\\/ é 😀"))
    }

    @Test(arguments: [
        #"{"a":1,}"#, #"{"a" 1}"#, #"[1 2]"#, #""unterminated"#, #"{"a":tru}"#, "\"raw\ttab\"",
        #""\ud83d alone""#, #"01"#, #"1."#, #"{"a":1} extra"#, "", #"{'a':1}"#,
    ])
    func brokenJSONIsRefused(text: String) {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text[...]) }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(deep[...]) }
    }

    @Test func controlCharactersAreEscapedSoALineStaysOneLine() {
        let encoded = JSONValue.string("a\nb\u{1B}[2J\u{7F}\u{2028}").encoded
        #expect(encoded == #""a\nb\u001b[2J\u007f\u2028""#)
        #expect(!encoded.contains("\n"))
    }

    @Test func stringsAreEscapedExactlyAsOneCodePointAtATimeWould() {
        // The escapes, every control character, text around them, and the
        // neighbours of U+2028 in UTF-8 (… is E2 80 A6).
        var texts = ["", "plain", "\"", "\\", "a\r\nb", "…\u{2028}\u{2029}\u{2027}\u{202A}", "日本語😀👍🏽", "end\u{E2}"]
        texts += (0..<0x80).map { "x" + String(Character(Unicode.Scalar($0)!)) + "y" }
        texts.append(
            String((0..<300).map { Character(Unicode.Scalar([0x22, 0x5C, 0x0A, 0x41, 0x2028, 0x65E5, 0x1F600, 0x7F][$0 % 8])!) }))
        for text in texts {
            #expect(JSONValue.string(text).encoded == Self.escapedByCodePoint(text), "\(text.debugDescription)")
        }
    }

    /// The escaping rules written the plain way, one code point at a time.
    static func escapedByCodePoint(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    output += "\\u00" + String(format: "%02x", scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

@Suite struct TimeTests {
    @Test(arguments: [
        ("2026-12-02T18:11:24Z", 1_796_235_084),
        ("2026-12-03T03:11:24+09:00", 1_796_235_084),
        ("2026-12-02 18:11:24.123456z", 1_796_235_084),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", -1),
        ("2000-02-29T12:00:00-05:30", 951_845_400),
    ])
    func rfc3339IsRead(text: String, seconds: Int64) {
        #expect(Timestamp(rfc3339: text[...])?.secondsSinceEpoch == seconds)
    }

    @Test(arguments: [
        "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-12-02T18:11:24", "yesterday",
        "2026-12-02T24:00:00Z", "2026-12-02T18:11:24+0900", "",
    ])
    func otherTextIsNotATime(text: String) {
        #expect(Timestamp(rfc3339: text[...]) == nil)
    }

    @Test func writtenTimesAreUTCWholeSecondsAndReadBack() {
        // 1900, 1969, 1970, now and the last second of 9999.
        for seconds: Int64 in [-2_208_988_800, -86_401, 0, 1_796_235_084, 253_402_300_799] {
            let time = Timestamp(secondsSinceEpoch: seconds)
            #expect(Timestamp(rfc3339: time.rfc3339[...]) == time)
        }
        #expect(Timestamp(secondsSinceEpoch: 1_796_235_084).rfc3339 == "2026-12-02T18:11:24Z")
    }

    @Test func localTimesConvertBothWays() {
        let tokyo = ClockFace.fixed(offsetSeconds: 9 * 3600)
        let time = tokyo.timestamp(fromLocal: CivilTime(year: 2026, month: 12, day: 3, hour: 3, minute: 11, second: 24))
        #expect(time.secondsSinceEpoch == 1_796_235_084)
        #expect(tokyo.civilTime(time) == CivilTime(year: 2026, month: 12, day: 3, hour: 3, minute: 11, second: 24))
    }
}

@Suite struct TranscriptCodecTests {
    let time = Timestamp(secondsSinceEpoch: 1_796_235_084)

    @Test func whatIsWrittenIsReadBackIdentically() {
        let messages = [
            Message(sender: "alice", text: "two\nlines with \"quotes\" and \\ and 日本語 👍🏽", time: time),
            Message(sender: "bob", text: "waves", time: time, kind: .action),
            Message(sender: "server", text: "", time: nil, kind: .system),
            Message(sender: "e\u{1B}ve", text: "\u{0}\t\r\u{7F}\u{9B}", time: time, kind: .notice),
        ]
        for message in messages {
            let line = Transcript.encode(message)
            #expect(!line.contains("\n"))
            #expect(Transcript.decode(line[...]) == message)
        }
    }

    @Test func theFormatIsTheDocumentedOne() {
        let line = Transcript.encode(Message(sender: "alice", text: "hi", time: time))
        #expect(line == #"{"ts":"2026-12-02T18:11:24Z","from":"alice","text":"hi"}"#)
        let action = Transcript.encode(Message(sender: "bob", text: "waves", time: time, kind: .action))
        #expect(action == #"{"ts":"2026-12-02T18:11:24Z","from":"bob","text":"waves","kind":"action"}"#)
        let fromIRC = Transcript.encode(Message(sender: "bob", text: "hi", time: time, serverID: "Xy1"))
        #expect(fromIRC == #"{"ts":"2026-12-02T18:11:24Z","from":"bob","text":"hi","msgid":"Xy1"}"#)
        #expect(Transcript.decode(fromIRC[...])?.serverID == "Xy1")
    }

    @Test func unknownFieldsAndKindsAndBadTimesAreKeptAndWrittenBack() throws {
        let line = #"{"id":7,"ts":"last tuesday","from":"bob","text":"hi","kind":"reaction","meta":{"x":[1]}}"#
        let message = try #require(Transcript.decode(line[...]))
        #expect(message.time == nil)
        #expect(message.kind == .message)
        #expect(message.otherFields.map(\.key) == ["id", "ts", "kind", "meta"])
        let again = try #require(Transcript.decode(Transcript.encode(message)[...]))
        #expect(again == message)
    }

    @Test(arguments: [#"{"from":"bob"}"#, #"{"text":"x"}"#, #"{"from":1,"text":"x"}"#, #"[1]"#, #"{"from":"a","text":"b""#])
    func linesWithoutSenderAndTextAreNotMessages(line: String) {
        #expect(Transcript.decode(line[...]) == nil)
    }
}

@Suite struct WrittenFormTests {
    @Test func aWrittenMessageAtAKnownTimeIsReadInItsWrittenForm() throws {
        let time = try #require(Timestamp(rfc3339: "2026-12-02T09:30:00Z"[...]))
        let message = Message(sender: "ボブ", text: "日本語 and more 👍🏽", time: time)
        let line = Transcript.encode(message)
        #expect(Transcript.decodeWrittenForm(line[...]) == message)
        #expect(Transcript.decode(line[...]) == message)
        for other in [
            Transcript.encode(Message(sender: "bob", text: "no time", time: nil)),
            Transcript.encode(Message(sender: "bob", text: "an \"escape\"", time: time)),
            Transcript.encode(Message(sender: "bob", text: "acted", time: time, kind: .action)),
            line + "\r",
            #"{"ts":"yesterday","from":"bob","text":"x"}"#,
        ] {
            #expect(Transcript.decodeWrittenForm(other[...]) == nil, "\(other)")
        }
    }

    /// Written lines changed at random: whatever is read in the written form
    /// is what reading the line as any JSON object makes of it.
    @Test func theWrittenFormReadsAsAnyObjectWould() {
        let seed = Array(#"{"ts":"2026-12-02T00:00:00Z","from":"user0","text":"message 0 日本 👍 lorem"}"#.utf8)
        let alphabet = Array(#"{}[]",:\/bfnrtu0123456789TZ:sxfromtext -"#.utf8) + [0x01, 0x0D, 0x7F, 0xE3, 0x80]
        var random = SeededGenerator(seed: 29)
        var written = 0
        for _ in 0..<20_000 {
            var bytes = seed
            random.edit(&bytes, atMost: 2, from: alphabet)
            let line = String(decoding: bytes, as: UTF8.self)
            guard let fast = Transcript.decodeWrittenForm(line[...]) else { continue }
            written += 1
            #expect(fast == Transcript.decodeMembers(line[...]), "\(line)")
        }
        // Many changes keep the form: a letter for a letter in a string, a digit for a digit.
        #expect(written > 1000)
    }
}
