import ChatCore
import Testing
@testable import TUI

@Suite struct ModifiedKeysTests {
    @Test func enterWithShiftOrAltIsANewLineKeyAndWithCtrlStillSends() {
        #expect(ModifiedKeys.key(codePoint: 13, modifiers: 2) == .shift(.enter))
        #expect(ModifiedKeys.key(codePoint: 13, modifiers: 3) == .alt(.enter))
        #expect(ModifiedKeys.key(codePoint: 13, modifiers: 5) == .enter)
        #expect(ModifiedKeys.key(codePoint: 13, modifiers: 1 + 2 + 64) == .alt(.enter), "caps lock does not count")
    }

    @Test func ctrlAndAltLettersAreTheKeysTheyAreElsewhere() {
        #expect(ModifiedKeys.key(codePoint: 97, modifiers: 5) == .control("a"))
        #expect(ModifiedKeys.key(codePoint: 65, modifiers: 6) == .control("a"), "Ctrl-Shift-A is Ctrl-A")
        #expect(ModifiedKeys.key(codePoint: 98, modifiers: 3) == .altCharacter("b"))
        #expect(ModifiedKeys.key(codePoint: 45, modifiers: 4) == .altCharacter("_"), "Alt-Shift-minus is Alt-_")
        #expect(ModifiedKeys.key(codePoint: 45, modifiers: 5) == .control("_"))
        #expect(ModifiedKeys.key(codePoint: 127, modifiers: 3) == .alt(.backspace))
        #expect(ModifiedKeys.key(codePoint: 27, modifiers: 1) == .escape)
        #expect(ModifiedKeys.key(codePoint: 49, modifiers: 5) == nil, "Ctrl-1 means nothing here")
    }

    @Test func everySequenceDecodesToTheKeyItWasMadeFor() {
        let sequences = ModifiedKeys.sequences(kitty: false)
        #expect(sequences.contains { $0.sequence == "\u{1B}[27;2;13~" && ModifiedKeys.key(code: $0.code) == .shift(.enter) })
        #expect(sequences.contains { $0.sequence == "\u{1B}[13;2u" && ModifiedKeys.key(code: $0.code) == .shift(.enter) })
        #expect(!sequences.contains { $0.sequence == "\u{1B}[99;5u" }, "Ctrl-C stays a control byte outside kitty")
        let kitty = ModifiedKeys.sequences(kitty: true)
        #expect(kitty.contains { $0.sequence == "\u{1B}[99;5u" && ModifiedKeys.key(code: $0.code) == .control("c") })
        #expect(Set(kitty.map(\.sequence)).count == kitty.count, "no sequence twice")
        #expect(ModifiedKeys.key(code: 5) == nil, "codes of other keys are not taken")
    }
}
