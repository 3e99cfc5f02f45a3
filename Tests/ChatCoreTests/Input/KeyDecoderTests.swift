import TestSupport
import Testing

@testable import ChatCore

@Suite struct KeyDecoderTests {
    /// Decodes `bytes` in one read, then flushes what is held, as the reader does
    /// when nothing more comes.
    func decoded(_ bytes: [UInt8]) -> [TerminalInput] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    func decoded(_ text: String) -> [TerminalInput] { decoded(Array(text.utf8)) }

    /// Decodes `bytes` one byte a read, flushing only at the end.
    func decodedByteByByte(_ bytes: [UInt8]) -> [TerminalInput] {
        var decoder = KeyDecoder()
        var inputs: [TerminalInput] = []
        for byte in bytes { inputs += decoder.decode([byte]) }
        return TerminalInput.joiningText(inputs + decoder.flush())
    }

    @Test func typedTextIsOneRunAndControlBytesAreKeys() {
        #expect(decoded("héllo 日本 🙂") == [.text("héllo 日本 🙂")])
        #expect(
            decoded("ab\rc\u{7F}\u{8}\t\n\u{1}\u{17}\u{1F}") == [
                .text("ab"), .key(.enter), .text("c"), .key(.backspace), .key(.backspace), .key(.tab),
                .key(.control("j")), .key(.control("a")), .key(.control("w")), .key(.control("_")),
            ])
        #expect(decoded([0x00, 0x1C]) == [], "Ctrl-Space and Ctrl-\\ mean nothing here")
        #expect(decoded("a\u{85}b\u{9B}") == [.text("ab")], "C1 controls are never text")
        #expect(decoded([0x61, 0xFF, 0x62]) == [.text("a\u{FFFD}b")])
    }

    @Test func aCharacterSplitBetweenReadsWaitsForItsOtherBytes() {
        var decoder = KeyDecoder()
        let bytes = Array("x日🙂".utf8)
        #expect(decoder.decode(bytes[..<2]) == [.text("x")])
        #expect(decoder.flushDelayMilliseconds == KeyDecoder.sequenceDelayMilliseconds)
        #expect(decoder.decode(bytes[2..<6]) == [.text("日")])
        #expect(decoder.decode(bytes[6...]) == [.text("🙂")])
        #expect(decoder.flushDelayMilliseconds == nil)
    }

    @Test func escAloneIsTheEscKeyOnlyOnceNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flushDelayMilliseconds == KeyDecoder.escapeDelayMilliseconds)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.decode(Array("b".utf8)) == [.key(.altCharacter("b"))], "Esc then b in the next read is Alt-B")
    }

    @Test func escBeforeAKeyIsAlt() {
        #expect(
            decoded("\u{1B}b\u{1B}\r\u{1B}\u{7F}\u{1B}日") == [
                .key(.altCharacter("b")), .key(.alt(.enter)), .key(.alt(.backspace)), .key(.altCharacter("日")),
            ])
        #expect(decoded("\u{1B}\u{1B}") == [.key(.alt(.escape))])
        #expect(decoded("\u{1B}\u{1B}[D") == [.key(.alt(.left))], "rxvt's Alt-Left")
        #expect(decoded("\u{1B}[") == [.key(.altCharacter("["))], "Alt-[ typed alone")
        #expect(decoded("\u{1B}[\r") == [.key(.altCharacter("[")), .key(.enter)])
        #expect(decoded("\u{1B}O") == [.key(.altCharacter("O"))])
    }

    /// Every form a terminal sends the cursor and editing keys in: xterm and tmux
    /// (CSI, and SS3 in application mode), the kitty protocol's CSI forms, the
    /// VT220 `~` forms, rxvt's and the Linux console's.
    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}OA", .up), ("\u{1B}[B", .down), ("\u{1B}OB", .down),
        ("\u{1B}[C", .right), ("\u{1B}OC", .right), ("\u{1B}[D", .left), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
        ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}OM", .enter), ("\u{1B}[Z", .shift(.tab)),
        ("\u{1B}[1;5D", .controlLeft), ("\u{1B}[1;5C", .controlRight), ("\u{1B}O5D", .controlLeft),
        ("\u{1B}Od", .controlLeft), ("\u{1B}Oc", .controlRight),
        ("\u{1B}[1;3D", .alt(.left)), ("\u{1B}[1;3C", .alt(.right)), ("\u{1B}[1;2A", .shift(.up)),
        ("\u{1B}[1;3H", .alt(.home)), ("\u{1B}[5;3~", .alt(.pageUp)), ("\u{1B}[3;3~", .alt(.delete)),
        ("\u{1B}[a", .shift(.up)), ("\u{1B}[5$", .shift(.pageUp)),
        ("\u{1B}[1;1D", .left), ("\u{1B}[1;65D", .left),  // caps lock does not count
    ])
    func cursorAndEditingKeysInEveryForm(sequence: String, key: Key) {
        #expect(decoded(sequence) == [.key(key)], "\(Array(sequence.utf8))")
        #expect(decodedByteByByte(Array(sequence.utf8)) == [.key(key)], "split into single bytes")
    }

    @Test func keysWithoutAUseHereAreSwallowedWhole() {
        // F1 in three forms, Insert, F5, Ctrl-Up, focus in and out, the Linux console's F1.
        for sequence in [
            "\u{1B}OP", "\u{1B}[11~", "\u{1B}[1;5P", "\u{1B}[2~", "\u{1B}[15~", "\u{1B}[1;5A",
            "\u{1B}[I", "\u{1B}[O", "\u{1B}[[A", "\u{1B}[201~",
        ] {
            #expect(decoded(sequence + "x") == [.text("x")], "\(Array(sequence.utf8))")
        }
    }

    @Test func modifyOtherKeysAndTheKittyProtocolReportKeysWithModifiers() {
        #expect(decoded("\u{1B}[27;2;13~") == [.key(.shift(.enter))])
        #expect(decoded("\u{1B}[27;5;97~") == [.key(.control("a"))])
        #expect(decoded("\u{1B}[13;2u") == [.key(.shift(.enter))])
        #expect(decoded("\u{1B}[13;3u") == [.key(.alt(.enter))])
        #expect(decoded("\u{1B}[27u") == [.key(.escape)])
        #expect(decoded("\u{1B}[97;5u") == [.key(.control("a"))])
        #expect(decoded("\u{1B}[98;3u") == [.key(.altCharacter("b"))])
        #expect(decoded("\u{1B}[45;4u") == [.key(.altCharacter("_"))], "Alt-Shift-minus is Alt-_")
        #expect(decoded("\u{1B}[127;5u") == [.key(.alt(.backspace))], "Ctrl-Backspace deletes a word")
        #expect(decoded("\u{1B}[97;5:3u") == [], "a key released is not pressed")
        #expect(decoded("\u{1B}[97;2;65u") == [.text("A")], "the text field is the text")
        #expect(decoded("\u{1B}[57399u\u{1B}[57413u") == [.text("0+")], "the keypad types")
        #expect(decoded("\u{1B}[57414u\u{1B}[57417;5u") == [.key(.enter), .key(.controlLeft)])
        #expect(decoded("\u{1B}[57441;2u") == [], "Shift alone is not a key")
        #expect(decoded("\u{1B}[49;5u") == [], "Ctrl-1 means nothing here")
    }

    @Test func theKeypadInApplicationModeTypes() {
        #expect(decoded("\u{1B}Oq\u{1B}Ok\u{1B}Or\u{1B}OM") == [.text("1+2"), .key(.enter)])
    }

    @Test func aPasteIsTextUpToItsEndMarkerAndWhatFollowsIsKeysAgain() {
        // Paste `abc`, then Left and X in the same read.
        #expect(decoded("\u{1B}[200~abc\u{1B}[201~\u{1B}[DX") == [.paste("abc"), .key(.left), .text("X")])
        // Two pastes in one read keep neither marker.
        #expect(
            decoded("\u{1B}[200~p1\u{1B}[201~\u{1B}[200~p2\u{1B}[201~p3") == [
                .paste("p1"), .paste("p2"), .text("p3"),
            ])
        #expect(decoded("\u{1B}[200~line\rtwo\u{1B}x\u{1B}[201~") == [.paste("line\rtwo\u{1B}x")])
    }

    @Test func aPasteSplitAcrossReadsWaitsForItsEndWithoutAFlush() {
        var decoder = KeyDecoder()
        let bytes = Array("t\u{1B}[200~日本語\r\u{1B}[201~\u{1B}OD".utf8)
        var inputs: [TerminalInput] = []
        for byte in bytes {
            inputs += decoder.decode([byte])
            if decoder.isInPaste { #expect(decoder.flushDelayMilliseconds == nil) }
        }
        #expect(TerminalInput.joiningText(inputs + decoder.flush()) == [.text("t"), .paste("日本語\r"), .key(.left)])
    }

    @Test func theWheelInBothEncodingsAndNothingElseOfTheMouse() {
        #expect(decoded([0x1B, 0x5B, 0x4D, 0x60, 0x21, 0x21]) == [.key(.wheelUp)], "X10")
        #expect(decoded([0x1B, 0x5B, 0x4D, 0x61, 0xFF, 0x21]) == [.key(.wheelDown)], "X10 past column 223")
        #expect(decoded("\u{1B}[<64;300;5M\u{1B}[<65;1;1M") == [.key(.wheelUp), .key(.wheelDown)], "SGR")
        #expect(decoded("\u{1B}[<80;3;3M") == [.key(.wheelUp)], "with Ctrl held")
        #expect(decoded("\u{1B}[<0;3;3M\u{1B}[<0;3;3m\u{1B}[<35;9;9M") == [], "clicks, releases, motion")
        #expect(decodedByteByByte(Array("\u{1B}[<65;120;40M".utf8)) == [.key(.wheelDown)])
    }

    @Test func answersToRequestsAreTheirOwnInputs() {
        #expect(
            decoded("\u{1B}[12;40R\u{1B}[?62;22c\u{1B}[>1;10;0c") == [
                .cursorPosition(row: 12, column: 40), .deviceAttributes,
            ])
        #expect(decoded("a\u{1B}[1;5Rb") == [.text("a"), .cursorPosition(row: 1, column: 5), .text("b")])
    }

    @Test func anEndlessSequenceIsDroppedNotHeldForever() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 100)) == [])
        #expect(decoder.flushDelayMilliseconds == KeyDecoder.sequenceDelayMilliseconds, "its end is waited for a moment")
        #expect(decoder.flush() == [], "nothing of it is typed")
        #expect(decoder.decode(Array("ok".utf8)) == [.text("ok")])
    }

    /// Sequences too long to be keys, as the fuzzer found them: dropped whole,
    /// final byte and all, however the reads cut them, and what follows is kept;
    /// one that turns out not to be a sequence (a parameter after intermediates)
    /// is Alt-[ and text, however the reads cut it.
    @Test(arguments: [
        ("\u{1B}[" + String(repeating: "<", count: 70) + "0;5u`", [TerminalInput.text("`")]),
        ("\u{1B}[;:" + String(repeating: "-", count: 74) + ":4R!", [.text(":4R!")]),  // the intermediates end at ":"
        (
            "\u{1B}[" + String(repeating: "#", count: 61) + "5\u{1}x8~",
            [.key(.altCharacter("[")), .text(String(repeating: "#", count: 61) + "5"), .key(.control("a")), .text("x8~")]
        ),
    ])
    func aSequenceTooLongToBeAKeyIsDroppedHoweverTheReadsCutIt(text: String, expected: [TerminalInput]) {
        let bytes = Array(text.utf8)
        #expect(decoded(bytes) == expected)
        for size in 1...7 {
            var decoder = KeyDecoder()
            var inputs: [TerminalInput] = []
            var start = 0
            while start < bytes.count {
                inputs += decoder.decode(bytes[start..<min(bytes.count, start + size)])
                start += size
            }
            #expect(TerminalInput.joiningText(inputs + decoder.flush()) == expected, "reads of \(size)")
        }
    }

    /// Any bytes, cut into reads anywhere, decode as they do in one read.
    @Test func splittingTheInputAnywhereChangesNothing() {
        var random = SeededGenerator(seed: 14)
        let pieces = [
            "a", "日本", "🙂", "\r", "\u{1B}[D", "\u{1B}OA", "\u{1B}[1;5C", "\u{1B}b", "\u{1B}[200~p\rq\u{1B}[201~",
            "\u{1B}[<64;1;1M", "\u{1B}[3;1R", "\u{1B}[?6c", "\u{1B}[97;5u", "\u{7F}", "\u{1B}[27;2;13~",
        ]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<8 { bytes += Array(pieces[random.next(below: pieces.count)].utf8) }
            let whole = decoded(bytes)
            var decoder = KeyDecoder()
            var inputs: [TerminalInput] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + random.next(below: 6))
                inputs += decoder.decode(bytes[start..<end])
                start = end
            }
            #expect(TerminalInput.joiningText(inputs + decoder.flush()) == whole, "\(bytes)")
        }
    }
}

extension KeyDecoderTests {
    /// When nothing more will come (the terminal hung up), a paste begun is
    /// taken as far as it came, without the part of its end marker that did,
    /// and what else is held as it is.
    @Test func aPasteCutOffByTheEndOfInputIsTakenAsFarAsItCame() {
        for (bytes, wanted) in [
            ("\u{1B}[200~half a past", [TerminalInput.paste("half a past")]),
            ("\u{1B}[200~日本\u{1B}[20", [.paste("日本")]),
            ("\u{1B}[200~\u{1B}[", []),
            // No paste begun: as a flush takes it.
            ("ab\u{1B}[", decoded("ab\u{1B}[")),
        ] {
            var decoder = KeyDecoder()
            var output: [TerminalInput] = []
            decoder.decode(Array(bytes.utf8), into: &output)
            decoder.finish(into: &output)
            #expect(TerminalInput.joiningText(output) == wanted, "\(bytes.debugDescription)")
            #expect(decoder.flushDelayMilliseconds == nil, "nothing is held after")
        }
    }
}

extension KeyDecoder {
    /// What `bytes` decode to after what was held.
    fileprivate mutating func decode(_ bytes: some Collection<UInt8>) -> [TerminalInput] {
        var output: [TerminalInput] = []
        decode(bytes, into: &output)
        return output
    }

    /// What is held, taken as it is.
    fileprivate mutating func flush() -> [TerminalInput] {
        var output: [TerminalInput] = []
        flush(into: &output)
        return output
    }
}
