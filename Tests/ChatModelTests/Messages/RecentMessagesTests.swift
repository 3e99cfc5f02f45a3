import Testing

@testable import ChatModel

/// Telling a message a server sends again from a new one, in bounded memory.
@Suite struct RecentMessagesTests {
    func said(_ text: String, by sender: String = "bob", at second: Int64 = 1_000, id: String? = nil) -> Message {
        Message(sender: sender, text: text, time: Timestamp(secondsSinceEpoch: second), serverID: id)
    }

    @Test func aMessageSentAgainIsKnownByItsIDOrElseByWhenWhoAndWhat() {
        var recent = RecentMessages()
        recent.add(said("hello", id: "m1"))
        recent.add(said("no id here", at: 1_001))
        #expect(recent.holds(said("hello", at: 5, id: "m1"), byContent: false), "the id alone decides")
        #expect(recent.holds(said("no id here", at: 1_001), byContent: true))
        #expect(
            recent.holds(said("no id here", at: 1_001, id: "given-later"), byContent: true),
            "a bouncer may add or drop an id on the way")
        #expect(
            !recent.holds(said("no id here", at: 1_001), byContent: false),
            "a live message is new unless its id says otherwise: two people may say the same in one second")
        #expect(!recent.holds(said("no id here", at: 1_002), byContent: true), "another second")
        #expect(!recent.holds(said("no id here", by: "carol", at: 1_001), byContent: true), "another sender")
        #expect(!recent.holds(said("No id here", at: 1_001), byContent: true), "another text")
        #expect(
            !recent.holds(Message(sender: "bob", text: "no id here", time: nil), byContent: true),
            "a message without a time cannot be matched by content")
    }

    @Test func beyondItsCapacityTheOldestAreForgottenAndOnlyThey() {
        var recent = RecentMessages(capacity: 3)
        for number in 1...5 { recent.add(said("line \(number)", at: Int64(number), id: "m\(number)")) }
        #expect(recent.count == 3)
        let held = (1...5).map { recent.holds(said("line \($0)", at: Int64($0), id: "m\($0)"), byContent: true) }
        #expect(held == [false, false, true, true, true])
    }

    @Test func aKeySharedByTwoMessagesIsKeptUntilBothAreForgotten() {
        var recent = RecentMessages(capacity: 2)
        recent.add(said("same"))
        recent.add(said("same"))
        recent.add(said("other", at: 2_000))
        #expect(recent.holds(said("same"), byContent: true), "the second copy is still remembered")
        recent.add(said("another", at: 3_000))
        #expect(!recent.holds(said("same"), byContent: true))
    }
}
