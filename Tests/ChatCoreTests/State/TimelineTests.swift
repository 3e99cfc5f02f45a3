import ChatModel
import Testing

@testable import ChatCore

/// `Timeline` and `Pane` on their own, without a room around them.
@Suite struct TimelineTests {
    let display = Display(size: TerminalSize(columns: 40, rows: 12), rules: .terminal, clock: .utc)

    func message(_ text: String, id: String? = nil, sender: String = "bob") -> Message {
        var message = Message(sender: sender, text: text, time: nil)
        message.serverID = id
        return message
    }

    @Test func idsStayWithTheirMessagesAsOlderOnesArePrependedAndTheOldestForgotten() {
        var timeline = Timeline(scrollbackLimit: nil)
        timeline.receive(message("new"), display: display)
        let id = timeline.messageID(at: 0)
        timeline.prepend([message("a"), message("b")], reachedStart: true, display: display)
        #expect(timeline.messageIndex(forID: id) == 2)
        #expect(timeline.messages[2].text == "new")
        #expect(timeline.heldFromStart)
        timeline.clear(display: display)
        #expect(timeline.messageIndex(forID: id) == nil)
        timeline.receive(message("after"), display: display)
        #expect(timeline.messageID(at: 0) > id, "an id is never given twice")
    }

    @Test func aServerIDHeldIsTakenOnce() {
        var timeline = Timeline(scrollbackLimit: nil)
        timeline.prepend([message("a", id: "x1")], reachedStart: false, display: display)
        let taken = [
            message("a again", id: "x1"), message("b", id: "x2"), message("b again", id: "x2"),
            message("no id"), message("no id"),
        ].map { timeline.takesServerID(of: $0) }
        #expect(taken == [false, true, false, true, true])
    }

    @Test func olderMessagesAreAskedForOnceUntilTheyCome() {
        var timeline = Timeline(scrollbackLimit: nil)
        timeline.receive(message("first"), display: display)
        #expect(timeline.mayAskOlder)
        let asked = timeline.askOlder()
        #expect(asked == .loadOlderMessages(before: timeline.messages[0]))
        #expect(!timeline.mayAskOlder)
        timeline.prepend([], reachedStart: false, display: display)
        #expect(timeline.mayAskOlder)
    }

    @Test func theColumnOfNamesGrowsToTheWidestSenderUpToTheLimit() {
        var timeline = Timeline(scrollbackLimit: nil)
        timeline.receive(message("hi", sender: "al"), display: display)
        #expect(timeline.senderWidth == 2)
        timeline.receive(message("hi", sender: "ふじさん"), display: display)
        #expect(timeline.senderWidth == 8)
        timeline.receive(message("hi", sender: String(repeating: "x", count: 40)), display: display)
        #expect(timeline.senderWidth == display.senderColumnLimit)
    }

    @Test func aPaneReadingBackCountsWhatArrivesAndFollowsTheNewestAgainAtTheBottom() {
        var pane = Pane()
        let held = Pane.Messages(count: 30, firstID: 100, height: 10, newerLeft: false)
        pane.arrived()
        #expect(pane.unread == 0, "nothing is unread while the pane follows the newest")
        pane.scroll(by: -5, through: held) { _ in 1 }
        #expect(pane.scrolledTo == PanePosition(messageID: 115, row: 0))
        #expect(pane.isDraftFolded)
        pane.arrived(3)
        pane.typed()
        #expect(pane.unread == 3)
        #expect(!pane.isDraftFolded, "typing unfolds the draft")
        pane.scroll(by: 5, through: held) { _ in 1 }
        #expect(pane.scrolledTo == nil)
        #expect(pane.unread == 0)
    }

    @Test func aPaneAmongForgottenMessagesMovesToTheOldestLeft() {
        var pane = Pane()
        pane.scroll(by: -25, through: Pane.Messages(count: 30, firstID: 0, height: 10, newerLeft: false)) { _ in 1 }
        #expect(pane.scrolledTo == PanePosition(messageID: 0, row: 0))
        pane.keep(from: 8)
        #expect(pane.scrolledTo == PanePosition(messageID: 8, row: 0))
    }
}
