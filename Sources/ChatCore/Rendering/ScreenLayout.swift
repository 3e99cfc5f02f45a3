/// How the terminal's rows are shared, top to bottom: the message pane, the
/// separator line, and the composer at the very bottom.
///
/// The composer gets the rows its draft wants, up to `Composer.maxRows`; the pane
/// gets the rest. On a terminal too short for all three, the composer gives up rows
/// first so the pane keeps at least one; below three rows the pane goes, then the
/// separator, and the composer is the last thing left.
public struct ScreenLayout: Equatable, Sendable {
    /// The pane's rows, from the top of the screen.
    public let paneRows: Range<Int>
    /// The separator's row, if there is room for one.
    public let separatorRow: Int?
    /// The composer's rows, ending at the bottom of the screen.
    public let composerRows: Range<Int>

    /// Shares `height` rows when the draft wants `wantedComposerRows` rows.
    public init(height: Int, wantedComposerRows: Int) {
        let height = max(0, height)
        let composer: Int
        switch height {
        case 0: composer = 0
        case 1, 2: composer = 1
        default: composer = min(max(1, wantedComposerRows), Composer.maxRows, height - 2)
        }
        composerRows = (height - composer)..<height
        separatorRow = height >= 2 ? height - composer - 1 : nil
        paneRows = 0..<max(0, height - composer - 1)
    }
}
