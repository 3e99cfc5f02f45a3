@testable import ChatCore
import Testing

@Suite struct AutosaveScheduleTests {
    @Test func aChangeIsSavedHalfASecondAfterTypingPausesAndNotBefore() {
        var schedule = AutosaveSchedule(savedRevision: 0)
        var due: Bool
        due = schedule.isDue(revision: 0, isEmpty: true, now: 10)
        #expect(!due)
        #expect(schedule.secondsUntilDue(now: 10) == nil)
        due = schedule.isDue(revision: 1, isEmpty: false, now: 10)
        #expect(!due)
        #expect(schedule.secondsUntilDue(now: 10.2)! > 0.29)
        // A turn without a change does not put the save off.
        due = schedule.isDue(revision: 1, isEmpty: false, now: 10.4)
        #expect(!due)
        due = schedule.isDue(revision: 1, isEmpty: false, now: 10.5)
        #expect(due)
        schedule.saved(revision: 1)
        #expect(schedule.isSaved(revision: 1))
        #expect(schedule.secondsUntilDue(now: 10.5) == nil)
        due = schedule.isDue(revision: 1, isEmpty: false, now: 20)
        #expect(!due)
    }

    @Test func steadyTypingIsSavedEverySecondNotAtEveryPauseItNeverMakes() {
        var schedule = AutosaveSchedule(savedRevision: 0)
        var saves: [Double] = []
        var firstUnsaved: Double?
        // A key every 100 ms for three seconds: never half a second of pause.
        for tick in 0..<30 {
            let now = 50 + Double(tick) / 10
            firstUnsaved = firstUnsaved ?? now
            if schedule.isDue(revision: tick + 1, isEmpty: false, now: now) {
                // No change waits more than the longest wait.
                #expect(now - firstUnsaved! <= AutosaveSchedule.longest + 0.001)
                saves.append(now)
                schedule.saved(revision: tick + 1)
                firstUnsaved = nil
            }
        }
        #expect(saves.count == 2, "\(saves)")
        // Typing stops: saved when the pause or the longest wait ends, whichever comes first.
        let last = 50 + 2.9
        let expected = min(last + AutosaveSchedule.delay, firstUnsaved! + AutosaveSchedule.longest)
        #expect(schedule.secondsUntilDue(now: last).map { abs($0 - (expected - last)) < 0.001 } == true)
        let early = schedule.isDue(revision: 30, isEmpty: false, now: expected - 0.01)
        #expect(!early)
        let due = schedule.isDue(revision: 30, isEmpty: false, now: expected)
        #expect(due)
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
