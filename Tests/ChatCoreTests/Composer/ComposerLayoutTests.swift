import TestSupport
import Testing

@testable import ChatCore

/// The composer rewraps only around an edit; whatever the edits, the rows must be
/// the ones a full wrap of the draft gives.
@Suite struct ComposerLayoutTests {
    static let texts = [
        "a", "word ", " ", "  ", "日本語の", "。", "「", "」", "ー", "っ", "👍🏽", "e\u{301}", "\n",
        "\n\n", String(repeating: "long", count: 9), "tail.", "x y z ",
    ]

    /// Seeds 13 and on resize the composer at random between two widths, as a
    /// window zoomed in and out: a layout set aside for the other width must
    /// come back only while the text is the one it was made for.
    @Test(arguments: 1...18) func incrementalRowsMatchAFullWrap(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let widths = [[2, 3, 7, 12, 20, 31][Int(seed) % 6], seed > 12 ? 9 : nil]
        var width = widths[0]!
        var composer = Composer(width: width, rules: .terminal)
        for step in 0..<500 {
            let count = composer.draft.characters.count
            switch random.next(below: 12) {
            case 0...4:
                composer.type(Self.texts[random.next(below: Self.texts.count)])
            case 5:
                let position = random.next(below: count + 1)
                composer.edit { $0.moveCursor(to: position) }
            case 6: composer.edit { $0.deleteBackward() }
            case 7:
                let lower = random.next(below: count + 1)
                let upper = min(count, lower + random.next(below: 40))
                composer.kill { $0.remove(lower..<upper) }
            case 8: composer.yank()
            case 9: composer.yankPrevious()
            case 10: composer.undo()
            default: composer.redo()
            }
            if let other = widths[1], random.next(below: 3) == 0 { width = width == other ? widths[0]! : other }
            composer.layOut(width: width, rules: .terminal)
            let full = ComposerLayout(draft: composer.draft, width: width, rules: .terminal)
            let same = composer.layout == full
            #expect(same, "seed \(seed), step \(step), draft \(composer.draft.text.debugDescription)")
            // The UTF-8 and ASCII bytes kept beside the characters are theirs, whatever the edits.
            let utf8Kept =
                composer.draft.utf8 == Array(String(composer.draft.characters).utf8)
                && composer.draft.asciiBytes == composer.draft.characters.map { $0.singleASCIIByte ?? 0 }
            #expect(utf8Kept, "seed \(seed), step \(step)")
            if !same || !utf8Kept { return }
        }
    }

    @Test func aWidthChangeLaysTheDraftOutAgain() {
        var composer = Composer(width: 40, rules: .terminal)
        composer.type(String(repeating: "word ", count: 30))
        composer.layOut(width: 40, rules: .terminal)
        let wide = composer.layout.rows.count
        composer.layOut(width: 11, rules: .terminal)
        #expect(composer.layout.rows.count > wide)
        #expect(composer.layout == ComposerLayout(draft: composer.draft, width: 11, rules: .terminal))
    }

    @Test func spansOfSeveralChangesCoverThemAll() {
        // "abcdef": replace "cd" with "XYZ" (abXYZef), then delete "a" (bXYZef).
        let first = DraftChange(offset: 2, removed: Array("cd"), inserted: Array("XYZ"))
        let second = DraftChange(offset: 0, removed: ["a"], inserted: [])
        let span = ChangedSpan(first).followed(by: second)
        #expect(span == ChangedSpan(lower: 0, oldUpper: 4, newUpper: 4))
        // Or, after the first, "!" inserted at 6: "abXYZe!f", where "f" was at 5.
        let third = ChangedSpan(first).followed(by: DraftChange(offset: 6, removed: [], inserted: ["!"]))
        #expect(third == ChangedSpan(lower: 2, oldUpper: 5, newUpper: 7))
    }
}
