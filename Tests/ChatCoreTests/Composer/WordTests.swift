import Testing

/// Words for the word keys and for undo: runs of one script, so unspaced
/// Japanese is edited a word at a time, not a paragraph at a time.
@Suite struct WordTests {
    var chat = Harness(columns: 60, rows: 10)

    var text: String { chat.state.composer.draft.text }
    var cursor: Int { chat.state.composer.draft.cursor }

    @Test mutating func ctrlWDeletesJapaneseOneScriptRunAtATime() {
        chat.type("日本語の入力テスト")
        chat.press(.control("w"))
        #expect(text == "日本語の入力")
        chat.press(.control("w"))
        #expect(text == "日本語の")
        chat.press(.control("w"))
        #expect(text == "", "kanji keep the hiragana after them, as Emacs does")
    }

    @Test mutating func aLongUnspacedParagraphIsNotOneWord() {
        let paragraph = String(repeating: "今日は天気が良いので散歩に行きました。", count: 8)
        chat.type(paragraph)
        chat.press(.control("w"))
        #expect(text.count > paragraph.count - 10, "Ctrl-W took \(paragraph.count - text.count) characters")
        #expect(text == String(paragraph.dropLast("行きました。".count)))
    }

    @Test mutating func altBAndAltFStopAtEachScriptRun() {
        chat.type("コーヒーを飲みたいです、abc123 ひらがな")
        var stops: [Int] = []
        for _ in 0..<6 {
            chat.press(.altCharacter("b"))
            stops.append(cursor)
        }
        // ひらがな, abc123, 飲みたいです (kanji and their okurigana), を, コーヒー.
        #expect(stops == [19, 12, 5, 4, 0, 0])
        stops = []
        for _ in 0..<6 {
            chat.press(.altCharacter("f"))
            stops.append(cursor)
        }
        #expect(stops == [4, 5, 11, 18, 23, 23])
    }

    @Test mutating func theLongVowelMarkBelongsToTheRunBeforeIt() {
        chat.type("すごーい")
        chat.press(.control("w"))
        #expect(text == "", "ー after hiragana is part of the hiragana word")
        chat.type("ラーメンとカレー")
        chat.press(.control("w"))
        #expect(text == "ラーメンと")
    }

    @Test mutating func punctuationAndSpacesSeparateLatinWordsToo() {
        chat.type("see example.com/path")
        chat.press(.control("w"))
        #expect(text == "see example.com/")
        chat.press(.altCharacter("b"))
        #expect(cursor == 12, "before com")
        chat.press(.control("a"))
        chat.press(.altCharacter("d"))
        #expect(text == " example.com/")
    }

    @Test mutating func otherUnspacedScriptsSplitWhereTheScriptChanges() {
        chat.type("ภาษาไทยabc")
        chat.press(.control("w"))
        #expect(text == "ภาษาไทย")
        chat.press(.control("w"))
        #expect(text == "")
        chat.type("한국어 텍스트")
        chat.press(.control("w"))
        #expect(text == "한국어 ")
    }

    @Test mutating func undoTakesBackTypingOneWordAtATime() {
        for character in "日本語の入力テスト" { chat.type(String(character)) }
        chat.press(.control("_"))
        #expect(text == "日本語の入力")
        chat.press(.control("_"))
        #expect(text == "日本語の")
        chat.press(.control("_"))
        #expect(text == "")
    }

    @Test mutating func killsInARowJoinIntoOneEntryThatOneCtrlYBringsBack() {
        chat.type("one two three four")
        chat.press(.control("w"), times: 2)
        #expect(text == "one two ")
        chat.press(.control("y"))
        #expect(text == "one two three four", "one Ctrl-Y brings back both words")
        chat.press(.control("a"))
        chat.press(.altCharacter("d"), times: 2)
        chat.press(.control("k"))
        #expect(text == "")
        chat.press(.control("y"))
        #expect(text == "one two three four", "forward kills join in their order")
        chat.press(.control("w"))
        chat.press(.left)
        chat.press(.control("w"))
        chat.press(.control("e"))
        chat.press(.control("y"))
        #expect(text == "one two  three", "a key between kills starts a new entry")
        chat.press(.altCharacter("y"))
        #expect(text == "one two  four", "the entry before it holds the first kill alone")
    }
}
