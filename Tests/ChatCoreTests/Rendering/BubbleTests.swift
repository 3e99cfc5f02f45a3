import Testing

@testable import ChatModel
@testable import TextWidth

/// The bubbles style: others' boxes on the left, one's own on the right, no wider
/// than two thirds of the pane, the time beside each box.
@Suite struct BubbleTests {
    func paneRows(_ chat: Harness) -> [String] {
        let rows = chat.state.screenLayout(for: chat.layout).paneRows
        return rows.map { row in
            var text = Substring(chat.frame.text(ofRow: row))
            while text.last == " " { text.removeLast() }
            return String(text)
        }.filter { !$0.isEmpty }
    }

    func received(_ sender: String, _ text: String, at seconds: Int64, into chat: inout Harness) {
        let time = Timestamp(secondsSinceEpoch: chat.now.secondsSinceEpoch + seconds)
        chat.state.apply(.received(Message(sender: sender, text: text, time: time)), now: chat.now)
    }

    @Test func othersAreOnTheLeftOwnOnTheRightWithTheTimeBeside() {
        var chat = Harness(columns: 40, rows: 20, style: .bubbles)
        received("bob", "hi there", at: 0, into: &chat)
        received("bob", "こんにちは", at: 30, into: &chat)
        chat.type("hello bob")
        chat.press(.enter)
        let rows = paneRows(chat)
        #expect(
            Array(rows.suffix(11)) == [
                "────── Wednesday 2 December 2026 ───────",
                " bob",
                "╭──────────╮",
                "│ hi there │",
                "╰──────────╯ 18:11",
                "╭────────────╮",
                "│ こんにちは │",
                "╰────────────╯ 18:11",
                "                           ╭───────────╮",
                "                           │ hello bob │",
                "                     18:11 ╰───────────╯",
            ])
        let frame = chat.frame
        let ownTop = chat.state.screenLayout(for: chat.layout).paneRows.upperBound - 3
        #expect(frame.rows[ownTop][27].style == .ownBubble)
        #expect(frame.rows[ownTop + 1][29].style == .ownText)
    }

    @Test func longTextWrapsInsideTwoThirdsOfThePane() {
        var chat = Harness(columns: 60, rows: 20, style: .bubbles)
        received("carol", String(repeating: "word ", count: 30), at: 0, into: &chat)
        let box = paneRows(chat).filter { $0.hasPrefix("│") }
        #expect(box.count > 2)
        #expect(box.allSatisfy { $0.count <= 40 && $0.hasSuffix("│") }, "\(box)")
        #expect(Set(box.map(\.count)).count == 1, "every row of the box ends at one column")
    }

    @Test func aNarrowPaneDrawsLinesAndRoomEventsStayLines() {
        var chat = Harness(columns: 15, rows: 12, style: .bubbles)
        received("bob", "hi", at: 0, into: &chat)
        #expect(Array(paneRows(chat).suffix(2)) == ["18:11 <bob>", "  hi"])
        var wide = Harness(columns: 40, rows: 12, style: .bubbles)
        wide.state.apply(.received(Message(sender: "bob", text: "", time: wide.now, kind: .join)), now: wide.now)
        #expect(paneRows(wide).last == "18:11   --> bob")
    }

    @Test func boxLinesBecomeASCIIWhereTheyAreDrawnTwoColumnsWide() {
        var rules = WidthRules.terminal
        rules.ambiguousIsWide = true
        var chat = Harness(columns: 40, rows: 12, rules: rules, style: .bubbles)
        received("bob", "hi", at: 0, into: &chat)
        #expect(Array(paneRows(chat).suffix(3)) == ["+----+", "| hi |", "+----+ 18:11"])
    }

    @Test func pagingCountsTheRowsBubblesTake() {
        var chat = Harness(columns: 40, rows: 12, style: .bubbles)
        for index in 1...12 { received("bob", "m\(index)", at: Int64(index * 600), into: &chat) }
        let bottom = paneRows(chat)
        chat.press(.pageUp)
        let page = paneRows(chat)
        #expect(page.last == bottom.first, "one row of the page before stays in view: \(page) \(bottom)")
    }
}
