@testable import ChatCore
import Testing

@Suite struct AutosaveScheduleTests {
    @Test func aChangeIsSavedHalfASecondAfterItAndNotBefore() {
        var schedule = AutosaveSchedule(savedRevision: 0)
        var due: Bool
        due = schedule.isDue(revision: 0, isEmpty: true, now: 10)
        #expect(!due)
        #expect(schedule.secondsUntilDue(now: 10) == nil)
        due = schedule.isDue(revision: 1, isEmpty: false, now: 10)
        #expect(!due)
        #expect(schedule.secondsUntilDue(now: 10.2)! > 0.29)
        // More typing does not put the save off.
        due = schedule.isDue(revision: 5, isEmpty: false, now: 10.4)
        #expect(!due)
        due = schedule.isDue(revision: 6, isEmpty: false, now: 10.5)
        #expect(due)
        schedule.saved(revision: 6)
        #expect(schedule.isSaved(revision: 6))
        #expect(schedule.secondsUntilDue(now: 10.5) == nil)
        due = schedule.isDue(revision: 6, isEmpty: false, now: 20)
        #expect(!due)
    }

    @Test func anEmptiedDraftIsSavedAtOnceEvenWhenAChangeWasWaiting() {
        var schedule = AutosaveSchedule(savedRevision: 3)
        var due = schedule.isDue(revision: 4, isEmpty: false, now: 1)
        #expect(!due)
        due = schedule.isDue(revision: 5, isEmpty: true, now: 1.1)
        #expect(due)
    }

    @Test func aFailedSaveIsTriedAgainAfterTheDelayNotAtEveryTurn() {
        var schedule = AutosaveSchedule(savedRevision: 0)
        var due: Bool
        due = schedule.isDue(revision: 1, isEmpty: true, now: 1)
        #expect(due)
        schedule.failed(now: 1)
        due = schedule.isDue(revision: 1, isEmpty: true, now: 1.1)
        #expect(!due)
        due = schedule.isDue(revision: 1, isEmpty: true, now: 1.5)
        #expect(due)
    }
}
