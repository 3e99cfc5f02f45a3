import Testing

@testable import ChatNet

/// When a network's connections are made, given up and tried again, fed a clock.
@Suite struct LinkScheduleTests {
    @Test func aConnectionThatNeverRegistersIsGivenUpAfterThirtySeconds() {
        var schedule = LinkSchedule()
        let value1 = schedule.start(at: 100)
        #expect(value1)
        let value2 = schedule.start(at: 101)
        #expect(!value2, "once")
        let value3 = schedule.due(at: 129, registered: false, open: true)
        #expect(value3 == nil)
        #expect(schedule.nextDue(at: 110, registered: false, open: true) == 130)
        let value4 = schedule.due(at: 130, registered: false, open: true)
        #expect(value4 == .abandon(.timedOut(seconds: 30)))
        let value5 = schedule.due(at: 130, registered: true, open: true)
        #expect(value5 == nil, "registered, it is not")
    }

    @Test func aQuietServerIsAskedThenDeclaredDead() {
        var schedule = LinkSchedule(idleSeconds: 2)
        _ = schedule.start(at: 0)
        let value6 = schedule.registered(at: 1)
        #expect(value6 == nil, "never down before")
        let value7 = schedule.due(at: 2.5, registered: true, open: true)
        #expect(value7 == nil)
        let value8 = schedule.due(at: 3, registered: true, open: true)
        #expect(value8 == .ask)
        schedule.heard(at: 3.5)
        let value9 = schedule.due(at: 5, registered: true, open: true)
        #expect(value9 == nil, "it answered")
        let value10 = schedule.due(at: 5.5, registered: true, open: true)
        #expect(value10 == .ask)
        let value11 = schedule.due(at: 7.5, registered: true, open: true)
        #expect(value11 == .abandon(.noAnswer(seconds: 4)))
    }

    @Test func aLostLinkIsTriedAgainLaterAndItsGapMeasured() {
        var schedule = LinkSchedule()
        _ = schedule.start(at: 0)
        _ = schedule.registered(at: 1)
        let lost = schedule.closed(.closedByServer, quit: false, jitter: 0, at: 10)
        #expect(lost.wasUp && !lost.sameAsBefore)
        let retry = try! #require(lost.retryInSeconds)
        #expect(schedule.mayRetry(at: 10 + Double(retry)) && !schedule.mayRetry(at: 10))
        #expect(schedule.secondsUntilRetry(at: 10) == retry)
        schedule.connecting(at: 12)
        let refused = schedule.closed(.refused(address: "a", reason: "no"), quit: false, jitter: 0, at: 13)
        #expect(!refused.wasUp && !refused.sameAsBefore)
        schedule.connecting(at: 20)
        let again = schedule.closed(.refused(address: "a", reason: "no"), quit: false, jitter: 0, at: 21)
        #expect(again.sameAsBefore, "the same refusal as the try before")
        #expect(again.retryInSeconds! > refused.retryInSeconds!, "each try waits longer")
        schedule.connecting(at: 40)
        let value12 = schedule.registered(at: 45)
        #expect(value12 == 35, "down from 10 to 45")
        #expect(schedule.lastProblem == nil)
        let value13 = schedule.closed(.closedByServer, quit: true, jitter: 0, at: 50)
        #expect(value13.retryInSeconds == nil, "a quit is not tried again")
    }
}
