import Testing

@testable import ChatCore

@Suite struct ScreenLayoutTests {
    @Test func theComposerGrowsToFiveRowsAndThePaneShrinksToMatch() {
        for wanted in 1...8 {
            let layout = ScreenLayout(height: 24, wantedComposerRows: wanted)
            let composer = min(wanted, 5)
            #expect(layout.composerRows == (24 - composer)..<24)
            #expect(layout.separatorRow == 23 - composer)
            #expect(layout.paneRows == 0..<(23 - composer))
        }
    }

    @Test func aShortTerminalKeepsAPaneRowBeforeComposerRows() {
        let four = ScreenLayout(height: 4, wantedComposerRows: 5)
        #expect(four.composerRows == 2..<4)
        #expect(four.separatorRow == 1)
        #expect(four.paneRows == 0..<1)
        let three = ScreenLayout(height: 3, wantedComposerRows: 5)
        #expect(three.composerRows == 2..<3)
        #expect(three.paneRows == 0..<1)
    }

    @Test func theComposerIsTheLastThingLeft() {
        let two = ScreenLayout(height: 2, wantedComposerRows: 3)
        #expect(two.composerRows == 1..<2)
        #expect(two.separatorRow == 0)
        #expect(two.paneRows.isEmpty)
        let one = ScreenLayout(height: 1, wantedComposerRows: 3)
        #expect(one.composerRows == 0..<1)
        #expect(one.separatorRow == nil)
        #expect(one.paneRows.isEmpty)
        let none = ScreenLayout(height: 0, wantedComposerRows: 1)
        #expect(none.composerRows.isEmpty)
        #expect(none.separatorRow == nil)
    }

    @Test(arguments: 0...40) func rowsAddUp(height: Int) {
        for wanted in 1...7 {
            let layout = ScreenLayout(height: height, wantedComposerRows: wanted)
            let separator = layout.separatorRow == nil ? 0 : 1
            #expect(layout.paneRows.count + separator + layout.composerRows.count == height)
            #expect(layout.composerRows.upperBound == height)
        }
    }
}
