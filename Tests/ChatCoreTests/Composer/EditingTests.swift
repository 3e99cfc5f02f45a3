import Testing

@Suite struct EditingTests {
    var chat = Harness(columns: 60, rows: 10)

    var text: String { chat.state.composer.draft.text }
    var cursor: Int { chat.state.composer.draft.cursor }

    @Test mutating func wordMovesSkipBlanksAndKeepClustersWhole() {
        chat.type("日本語 👍🏽 e\u{301}tude  end")
        chat.press(.altCharacter("b"))
        #expect(cursor == 13, "before 'end'")
        chat.press(.controlLeft)
        #expect(cursor == 6, "before 'étude', after 日本語, a blank, 👍🏽 (one character) and a blank")
        chat.press(.altCharacter("b"), times: 2)
        #expect(cursor == 0)
        chat.press(.controlRight)
        #expect(cursor == 3, "after 日本語")
        chat.press(.altCharacter("f"))
        #expect(cursor == 5, "after 👍🏽, one character")
    }

    @Test mutating func wordDeletionsGoToTheKillRingAndCtrlYBringsThemBack() {
        chat.type("one two three")
        chat.press(.alt(.backspace))
        #expect(text == "one two ")
        chat.press(.control("a"))
        chat.press(.altCharacter("d"))
        #expect(text == " two ")
        chat.press(.control("e"))
        chat.press(.control("y"))
        #expect(text == " two one", "the newest kill")
        chat.press(.altCharacter("y"))
        #expect(text == " two three", "Alt-Y swaps in the kill before it")
        chat.press(.altCharacter("y"))
        #expect(text == " two one", "and goes round the ring")
    }

    @Test mutating func altYDoesNothingUnlessRightAfterAYank() {
        chat.type("abc")
        chat.press(.control("u"))
        chat.type("x")
        chat.press(.altCharacter("y"))
        #expect(text == "x")
    }

    @Test mutating func theKillRingOutlivesASend() {
        chat.type("keep this")
        chat.press(.control("u"))
        chat.type("message")
        chat.press(.enter)
        chat.press(.control("y"))
        #expect(text == "keep this")
    }

    @Test mutating func undoTakesBackWordsNotCharactersAndRedoReplays() {
        for character in "hello big world" { chat.type(String(character)) }
        chat.press(.control("_"))
        #expect(text == "hello big ")
        chat.press(.control("_"))
        #expect(text == "hello ")
        chat.press(.altCharacter("_"))
        #expect(text == "hello big ")
        chat.press(.altCharacter("_"))
        #expect(text == "hello big world")
        chat.press(.altCharacter("_"))
        #expect(text == "hello big world", "nothing more to redo")
    }

    @Test mutating func undoWorksOnWideTextAndEmojiAndAfterKills() {
        chat.type("日本語")
        chat.type(" ")
        chat.type("👍🏽👍🏽")
        chat.press(.backspace)
        #expect(text == "日本語 👍🏽")
        chat.press(.control("_"))
        #expect(text == "日本語 👍🏽👍🏽")
        chat.press(.control("w"))
        #expect(text == "日本語 ")
        chat.press(.control("_"))
        #expect(text == "日本語 👍🏽👍🏽")
        chat.press(.control("_"))
        #expect(text == "日本語 ")
        chat.press(.control("_"))
        #expect(text == "")
    }

    @Test mutating func aNewEditAfterUndoLeavesNothingToRedo() {
        for character in "one two" { chat.type(String(character)) }
        chat.press(.control("_"))
        for character in "three" { chat.type(String(character)) }
        chat.press(.altCharacter("_"))
        #expect(text == "one three")
    }
}
