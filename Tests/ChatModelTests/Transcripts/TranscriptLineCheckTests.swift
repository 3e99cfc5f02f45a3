import TestSupport
import Testing

@testable import ChatModel

@Suite struct TranscriptLineCheckTests {
    /// The check's answer for `line` followed by a newline and more.
    func length(_ line: String, then rest: String = "\n{\"x\":1}") -> Int? {
        let bytes = Array((line + rest).utf8)
        return bytes.withUnsafeBufferPointer { TranscriptLineCheck.plainMessageLength($0) }
    }

    @Test(arguments: [
        #"{"ts":"2026-12-02T00:00:00Z","from":"user0","text":"message 0 lorem ipsum dolor sit amet consectetur"}"#,
        #"{"from":"bob","text":"hi"}"#,
        #"{ "from" : "bob" , "text" : "tab\tand \"quotes\" \\ \/ \b\f\n\r" }"#,
        #"{"from":"ボブ","text":"日本語のテキスト 👍🏽 and more than sixteen bytes of it"}"#,
        #"{"from":"bob","text":"\u00e9\ud83d\udc4d","kind":"action","msgid":"a1"}"#,
        #"{"from":"bob","text":"x","other":{"a":[1,-2.5e+3,0,true,false,null,{},[]],"b":"c"}}"#,
        #"{"text":"no time","from":"","n":-0.0E-1}"#,
        #"{"from":1,"from":"second","text":"x"}"#,
    ])
    func plainMessagesPassWithTheirLength(line: String) throws {
        #expect(length(line) == line.utf8.count)
        #expect(Transcript.decode(line[...]) != nil)
    }

    @Test(arguments: [
        #"{}"#,
        #"{"from":"bob"}"#,
        #"{"from":"bob","text":1}"#,
        #"{"from":"bob","text":"x",}"#,
        #"{"from":"bob","text":"x"} "#,
        #" {"from":"bob","text":"x"}"#,
        #"{"from":"bob","text":"x","n":01}"#,
        #"{"from":"bob","text":"x","n":1.}"#,
        #"{"from":"bob","text":"x","n":tru}"#,
        #"{"from":"bob","text":"lone \udc4d"}"#,
        #"{"from":"bob","text":"half \ud83d pair"}"#,
        #"{"from":"bob","text":"bad \x escape"}"#,
        #"{"from":"bob","text":"raw "# + "\u{01}" + #" control"}"#,
        #"{"fr\u006fm":"bob","text":"an escaped key is left to the long way"}"#,
        #"{"from":"bob","text":"x"}"# + "\r",
        #"["from","text"]"#,
        #"plain text"#,
        #"{"from":"bob","text":"x","deep":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
    ])
    func otherLinesAreLeftToTheLongWay(line: String) {
        #expect(length(line) == nil)
    }

    @Test func aLineWithoutItsNewlineYetIsNotPassed() {
        #expect(length(#"{"from":"bob","text":"x"}"#, then: "") == nil)
        #expect(length(#"{"from":"bob","text":"unfinished"#, then: "") == nil)
    }

    /// The form chat-tui writes a message at a known time in, and only that
    /// form, is read with its keys compared whole.
    @Test func theWrittenFormIsReadWithItsKeysComparedWhole() throws {
        let time = try #require(Timestamp(rfc3339: "2026-12-02T09:30:00Z"[...]))
        let written = Transcript.encode(Message(sender: "ボブ", text: "日本語 and \"quotes\"\n", time: time))
        func writtenLength(_ line: String) -> Int? {
            Array((line + "\n{}").utf8).withUnsafeBufferPointer {
                TranscriptLineCheck.writtenFormLength($0.baseAddress!, count: $0.count)
            }
        }
        #expect(writtenLength(written) == written.utf8.count)
        #expect(length(written) == written.utf8.count)
        for other in [
            #"{"from":"bob","text":"no time"}"#,
            #"{"ts":"2026-12-02T09:30:00Z","from":"bob","text":"x","kind":"action"}"#,
            #"{"ts":"2026-12-02T09:30:00Z", "from":"bob","text":"x"}"#,
            #"{"ts":"2026-12-02T09:30:00Z","text":"x","from":"bob"}"#,
            #"{"ts":1,"from":"bob","text":"x"}"#,
        ] {
            #expect(writtenLength(other) == nil, "\(other)")
            #expect(length(other) == other.utf8.count, "read member by member: \(other)")
        }
    }

    /// Lines in the written form changed at random: reading them with the
    /// keys compared whole answers what reading them member by member does.
    @Test func theWrittenFormIsAnsweredAsMemberByMember() {
        let seed = Array(#"{"ts":"2026-12-02T00:00:00Z","from":"user0","text":"a \"b\" \u00e9 日本 \ud83d\udc4d c"}"#.utf8)
        let alphabet = Array(#"{}[]",:\/bfnrtu0123456789sxfromtext -"#.utf8) + [0x01, 0x0A, 0x0D, 0xE3]
        var random = SeededGenerator(seed: 23)
        var written = 0
        for _ in 0..<20_000 {
            var bytes = seed
            random.edit(&bytes, atMost: 2, from: alphabet)
            bytes += Array("\n{}".utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let memberByMember = TranscriptLineCheck.memberByMemberLength(buffer.baseAddress!, count: buffer.count)
                #expect(
                    TranscriptLineCheck.plainMessageLength(buffer) == memberByMember,
                    "\(String(decoding: buffer, as: UTF8.self))")
                if let whole = TranscriptLineCheck.writtenFormLength(buffer.baseAddress!, count: buffer.count) {
                    written += 1
                    #expect(whole == memberByMember)
                }
            }
        }
        // Many changes keep the form: a letter for a letter in a string.
        #expect(written > 1000)
    }

    /// Lines cut, spliced and flipped at random: whatever the check passes,
    /// `Transcript.decode` reads. (Lines it leaves are read the long way,
    /// which decides; so a pass must never be wrong.)
    @Test func everyLineItPassesIsReadable() {
        let seeds = [
            #"{"ts":"2026-12-02T00:00:00Z","from":"user0","text":"a \"b\" \u00e9 \ud83d\udc4d c","n":[1,2.5,{"k":null}]}"#,
            #"{ "from" : "ボブ" , "text" : "日本語\n", "x": -0.5e10, "y": true }"#,
        ].map { Array($0.utf8) }
        let alphabet = Array(#"{}[]",:\/bfnrtu0123456789abcdefABCDEF-+.eE truefalsenull"#.utf8) + [0x01, 0x0D, 0xE3, 0x80]
        var random = SeededGenerator(seed: 19)
        var passed = 0
        for round in 0..<20_000 {
            var bytes = seeds[round % seeds.count]
            random.edit(&bytes, atMost: 3, from: alphabet)
            let found = (bytes + [0x0A]).withUnsafeBufferPointer { TranscriptLineCheck.plainMessageLength($0) }
            guard let found else { continue }
            passed += 1
            #expect(found == bytes.count)
            let line = String(decoding: bytes, as: UTF8.self)
            #expect(Transcript.decode(line[...]) != nil, "\(line)")
        }
        // Some changes leave a readable line (a digit for a digit, a letter in a text).
        #expect(passed > 1000)
    }
}
