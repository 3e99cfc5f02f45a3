import TestSupport
import Testing

@testable import ChatCore
@testable import ChatModel
@testable import TextWidth

@Suite struct DraftTests {
    @Test func eachCharactersASCIIByteFollowsEveryEdit() {
        var draft = Draft("ab日")
        func expected() -> [UInt8] { draft.characters.map { $0.singleASCIIByte ?? 0 } }
        #expect(draft.asciiBytes == [0x61, 0x62, 0])
        draft.moveCursor(to: 1)
        draft.insert("e\u{301}x\r\n🎉")
        #expect(draft.asciiBytes == expected())
        #expect(draft.asciiBytes == [0x61, 0, 0x78, 0, 0, 0x62, 0], "é, CR LF and 🎉 are not one byte")
        draft.deleteBackward()
        draft.moveCursor(to: 0)
        draft.deleteForward()
        #expect(draft.asciiBytes == expected())
        draft.replaceAll(with: Draft("z"))
        #expect(draft.asciiBytes == [0x7A])
    }

    /// Text typed a piece at a time anywhere in the draft makes the clusters
    /// the whole text makes: ASCII between ASCII, which joins nothing, as
    /// well as marks, joiners, CR and LF, which join their neighbours, and
    /// regional indicators, which pair from the start of their run.
    @Test func typedPiecesMakeTheClustersOfTheWholeText() {
        let pieces = [
            "a", "b", " ", "\r", "\n", "\u{301}", "e", "\u{200D}", "👍", "\u{1F3FD}", "日", "~",
            "🇯", "🇵", "🇯🇵",
        ]
        var random = SeededGenerator(seed: 5)
        func next(_ bound: Int) -> Int { random.next(below: bound) }
        for _ in 0..<3000 {
            var draft = Draft()
            for _ in 0..<12 {
                let position = next(draft.characters.count + 1)
                let piece = pieces[next(pieces.count)]
                let whole = String(draft.characters[..<position]) + piece + String(draft.characters[position...])
                draft.moveCursor(to: position)
                draft.insert(piece)
                #expect(draft.characters == Array(whole), "\(whole.unicodeScalars.map(\.value))")
                #expect(draft.asciiBytes == draft.characters.map { $0.singleASCIIByte ?? 0 })
            }
        }
    }

    /// Text removed anywhere in the draft, a character or a range, leaves the
    /// clusters the whole text makes: what stood either side of the gap may
    /// join (a joiner then an emoji, CR then LF) or pair anew (regional indicators).
    @Test func removedPiecesLeaveTheClustersOfTheWholeText() {
        let pieces = ["a", " ", "\r", "\n", "\u{301}", "\u{200D}", "👍", "\u{1F3FD}", "日", "🇯", "🇵", "🇯🇵", "x"]
        var random = SeededGenerator(seed: 11)
        func next(_ bound: Int) -> Int { random.next(below: bound) }
        for _ in 0..<3000 {
            var draft = Draft()
            for _ in 0..<10 {
                draft.moveCursor(to: next(draft.characters.count + 1))
                draft.insert(pieces[next(pieces.count)])
            }
            for _ in 0..<4 where !draft.characters.isEmpty {
                let start = next(draft.characters.count)
                let end = start + 1 + next(min(3, draft.characters.count - start))
                draft.moveCursor(to: next(draft.characters.count + 1))
                let before = draft.characters
                let text = draft.text
                switch next(3) {
                case 0:
                    draft.moveCursor(to: end)
                    draft.deleteBackward()
                case 1:
                    draft.moveCursor(to: start)
                    draft.deleteForward()
                default: draft.remove(start..<end)
                }
                #expect(draft.characters == Array(draft.text), "\(before.map { $0.unicodeScalars.map(\.value) })")
                #expect(draft.text.utf8.count < text.utf8.count)
                #expect(draft.asciiBytes == draft.characters.map { $0.singleASCIIByte ?? 0 })
                #expect((0...draft.characters.count).contains(draft.cursor))
            }
        }
    }

    @Test func insertsAtTheCaret() {
        var draft = Draft("helo")
        draft.moveCursor(to: 3)
        draft.insert("l")
        #expect(draft.text == "hello")
        #expect(draft.cursor == 4)
    }

    @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
        var draft = Draft("cafe")
        draft.insert("\u{301}")
        #expect(draft.characters.count == 4)
        #expect(draft.text == "cafe\u{301}")
        #expect(draft.cursor == 4)
    }

    @Test func regionalIndicatorsTypedOneByOneBecomeAFlag() {
        var draft = Draft()
        draft.insert("🇯")
        draft.insert("🇵")
        #expect(draft.characters == ["🇯🇵"])
        #expect(draft.cursor == 1)
    }

    @Test func insertingBeforeAMarkKeepsTheCaretAfterTheInsertion() {
        var draft = Draft("ab")
        draft.moveCursor(to: 1)
        draft.insert("日本")
        #expect(draft.text == "a日本b")
        #expect(draft.cursor == 3)
    }

    @Test func backspaceRemovesAWholeCluster() {
        var draft = Draft("ok👍🏽")
        draft.deleteBackward()
        #expect(draft.text == "ok")
        var family = Draft("a👨\u{200D}👩\u{200D}👧")
        family.deleteBackward()
        #expect(family.text == "a")
        var accented = Draft("e\u{301}")
        accented.deleteBackward()
        #expect(accented.isEmpty)
    }

    @Test func deleteForwardRemovesTheClusterAfterTheCaret() {
        var draft = Draft("日本語", cursor: 1)
        draft.deleteForward()
        #expect(draft.text == "日語")
        #expect(draft.cursor == 1)
        draft.moveCursor(to: 2)
        draft.deleteForward()
        #expect(draft.text == "日語")
    }

    @Test func lineStartAndEndAreThoseOfTheLogicalLine() {
        var draft = Draft("first\nsecond line\nthird", cursor: 9)
        draft.moveToLineStart()
        #expect(draft.cursor == 6)
        draft.moveToLineEnd()
        #expect(draft.cursor == 17)
    }

    @Test func ctrlUAndCtrlK() {
        var draft = Draft("one\ntwo three\nfour", cursor: 7)
        draft.deleteToLineStart()
        #expect(draft.text == "one\n three\nfour")
        #expect(draft.cursor == 4)
        draft.deleteToLineEnd()
        #expect(draft.text == "one\n\nfour")
        draft.deleteToLineEnd()  // at the end of a line: joins the next
        #expect(draft.text == "one\nfour")
        draft.deleteToLineStart()  // at the start of a line: joins the previous
        #expect(draft.text == "onefour")
        #expect(draft.cursor == 3)
    }

    @Test func ctrlWRemovesTheWordBeforeTheCaretAndBlanksAfterIt() {
        var draft = Draft("send this  ")
        draft.deleteWordBackward()
        #expect(draft.text == "send ")
        draft.deleteWordBackward()
        #expect(draft.text == "")
        var japanese = Draft("こんにちは 世界")
        japanese.deleteWordBackward()
        #expect(japanese.text == "こんにちは ")
    }

    @Test func movementIsClampedToTheDraft() {
        var draft = Draft("ab")
        draft.moveRight()
        #expect(draft.cursor == 2)
        draft.moveCursor(to: 0)
        draft.moveLeft()
        #expect(draft.cursor == 0)
        draft.deleteBackward()
        #expect(draft.text == "ab")
    }

    @Test func blankness() {
        #expect(Draft(" \n\t ").isBlank)
        #expect(!Draft(" x ").isBlank)
        #expect(Draft().isBlank)
        // Told by byte where ASCII, by Unicode elsewhere: the same answer as
        // asking every character.
        for text in [
            " \r\n \u{3000}\u{A0}\u{85}\u{2028}", "\u{3000}日", " \u{7}", "\u{0}", " \u{7F}", "\u{B}\u{C}",
            "\u{200B}", "  \u{301}", "\t\t.", "\r\n",
        ] {
            #expect(Draft(text).isBlank == text.allSatisfy(\.isWhitespace), "\(text.debugDescription)")
        }
    }
}

@Suite struct DraftRevisionTests {
    @Test func everyChangeOfTheTextAndEverySendMovesTheRevisionOn() {
        var state = ChatState(room: "local", nick: "me", size: TerminalSize(columns: 40, rows: 10))
        let now = Timestamp(secondsSinceEpoch: 0)
        var seen = [state.composer.draft.revision]
        for event: Event in [.text("hi"), .key(.left), .key(.backspace), .key(.control("_")), .key(.enter)] {
            for case .send(let id, _) in state.apply(event, now: now) { state.apply(.delivered(id), now: now) }
            seen.append(state.composer.draft.revision)
        }
        // Moving the caret changes nothing; the send empties the draft, which
        // must not look like the empty draft at the start.
        #expect(seen[1] > seen[0])
        #expect(seen[2] == seen[1])
        #expect(seen[3] > seen[2] && seen[4] > seen[3])
        #expect(seen[5] > seen[4])
        #expect(state.composer.draft.isEmpty)
    }

    @Test func aRestoredDraftIsTheComposersTextWithTheCaretAtItsEnd() {
        var state = ChatState(room: "local", nick: "me", size: TerminalSize(columns: 40, rows: 10))
        state.apply(.draftRestored("first\r\nsecond 日本"), now: Timestamp(secondsSinceEpoch: 0))
        #expect(state.composer.draft.text == "first\nsecond 日本")
        #expect(state.composer.draft.cursor == state.composer.draft.characters.count)
    }
}
