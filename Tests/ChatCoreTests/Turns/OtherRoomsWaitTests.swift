import ChatCore
import Testing

@Suite struct OtherRoomsWaitTests {
    @Test func everyRoomIsAskedUntilATurnAskedThemAll() {
        let wait = OtherRoomsWait()
        #expect(wait.mustAskAll(showing: "local", now: 0))
        #expect(wait.due == nil)
    }

    @Test func keysInTheRoomShownAskItAloneUntilAnotherIsDue() {
        var wait = OtherRoomsWait()
        wait.asked(showing: "local", due: 10.5)
        #expect(!wait.mustAskAll(showing: "local", now: 10))
        #expect(!wait.mustAskAll(showing: "local", now: 10.499))
        #expect(wait.mustAskAll(showing: "local", now: 10.5))
        #expect(wait.mustAskAll(showing: "local", now: 11))
        #expect(wait.due == 10.5)
    }

    @Test func othersWithNothingDueAreNotAskedWhateverTheTime() {
        var wait = OtherRoomsWait()
        wait.asked(showing: "local", due: nil)
        #expect(!wait.mustAskAll(showing: "local", now: 1e9))
    }

    @Test func anotherRoomShownAsksThemAll() {
        var wait = OtherRoomsWait()
        wait.asked(showing: "local", due: nil)
        #expect(wait.mustAskAll(showing: "dev", now: 0))
        // What the others said was said with local shown: dev was among them.
        #expect(wait.mustAskAll(showing: "dev", now: 0))
    }

    @Test func somethingReachingAnotherRoomAsksThemAll() {
        var wait = OtherRoomsWait()
        wait.asked(showing: "local", due: 30)
        wait.forget()
        #expect(wait.mustAskAll(showing: "local", now: 0))
        #expect(wait.due == nil)
        wait.asked(showing: "local", due: nil)
        #expect(!wait.mustAskAll(showing: "local", now: 0))
    }
}
