import Testing

@testable import ChatCore

@Suite struct AutosaveScheduleTests {
    @Test func aChangeIsSavedHalfASecondAfterTypingPausesAndNotBefore() {
        var schedule = AutosaveSchedule(savedRevision: 0)
        var due: AutosaveSchedule.Save?
        due = schedule.due(revision: 0, isEmpty: true, now: 10)
        #expect(due == nil)
        #expect(schedule.secondsUntilDue(now: 10) == nil)
        due = schedule.due(revision: 1, isEmpty: false, now: 10)
        #expect(due == nil)
        #expect(schedule.secondsUntilDue(now: 10.2)! > 0.29)
        // A turn without a change does not put the save off.
        due = schedule.due(revision: 1, isEmpty: false, now: 10.4)
        #expect(due == nil)
        due = schedule.due(revision: 1, isEmpty: false, now: 10.5)
        #expect(due == .flushed, "a pause's save is flushed")
        schedule.saved(revision: 1, .flushed, now: 10.5)
        #expect(schedule.isSaved(revision: 1))
        #expect(schedule.secondsUntilDue(now: 10.5) == nil)
        due = schedule.due(revision: 1, isEmpty: false, now: 20)
        #expect(due == nil)
    }

    @Test func steadyTypingIsSavedEverySecondNotAtEveryPauseItNeverMakes() {
        var schedule = AutosaveSchedule(savedRevision: 0)
        var saves: [Double] = []
        var firstUnsaved: Double?
        // A key every 100 ms for three seconds: never half a second of pause.
        for tick in 0..<30 {
            let now = 50 + Double(tick) / 10
            firstUnsaved = firstUnsaved ?? now
            if let save = schedule.due(revision: tick + 1, isEmpty: false, now: now) {
                // No change waits more than the longest wait, and the key
                // that comes within `early` of its end makes the save.
                #expect(now - firstUnsaved! <= AutosaveSchedule.longest + 0.001)
                #expect(now - firstUnsaved! >= AutosaveSchedule.longest - AutosaveSchedule.early - 0.001)
                saves.append(now)
                schedule.saved(revision: tick + 1, save, now: now)
                firstUnsaved = nil
            }
        }
        // At 50.8, 51.7 and 52.6: the first key three quarters of a second
        // after the first change not saved.
        #expect(saves.count == 3, "\(saves)")
        // Typing stops: saved when the pause or the longest wait ends, whichever comes first.
        let last = 50 + 2.9
        let expected = min(last + AutosaveSchedule.delay, firstUnsaved! + AutosaveSchedule.longest)
        #expect(schedule.secondsUntilDue(now: last).map { abs($0 - (expected - last)) < 0.001 } == true)
        let early = schedule.due(revision: 30, isEmpty: false, now: expected - 0.01)
        #expect(early == nil)
        let due = schedule.due(revision: 30, isEmpty: false, now: expected)
        #expect(due != nil)
    }

    @Test(arguments: [0.07, 0.2])
    func steadyTypingsSavesWaitForAKeyAndNeedNoWakeUpOfTheirOwn(interval: Double) {
        var schedule = AutosaveSchedule(savedRevision: 0)
        var saves: [Double] = []
        // A key every `interval` for five seconds: the benchmark's pace, and a typist's.
        let keys = Int(5 / interval)
        for tick in 0..<keys {
            let now = 10 + Double(tick) * interval
            if let save = schedule.due(revision: tick + 1, isEmpty: false, now: now) {
                saves.append(now)
                schedule.saved(revision: tick + 1, save, now: now)
            }
            // The loop wakes up for the next key before any save falls due.
            let wait = schedule.secondsUntilDue(now: now)
            #expect(wait.map { $0 > interval } ?? true, "at \(now): \(String(describing: wait))")
        }
        // Still a save at least every second.
        let gaps = zip([10] + saves, saves).map { $1 - $0 }
        #expect(gaps.allSatisfy { $0 <= AutosaveSchedule.longest + interval + 0.001 }, "\(saves)")
        #expect(saves.count >= 5, "\(saves)")
    }

    @Test func savesWhileTypingGoesOnAreFlushedEveryFiveSecondsAndAtThePause() {
        var schedule = AutosaveSchedule(savedRevision: 0)
        var saves: [(at: Double, save: AutosaveSchedule.Save)] = []
        // A key every 70 ms for twelve seconds, then nothing.
        let keys = 172
        for tick in 0..<(keys + 20) {
            let now = 100 + Double(tick) * 0.07
            let revision = min(tick, keys - 1) + 1
            if let save = schedule.due(revision: revision, isEmpty: false, now: now) {
                saves.append((now, save))
                schedule.saved(revision: revision, save, now: now)
                #expect(schedule.isSaved(revision: revision) == (save == .flushed))
            }
        }
        let lastKey = 100 + Double(keys - 1) * 0.07
        let whileTyping = saves.filter { $0.at <= lastKey }
        #expect(whileTyping.contains { $0.save == .unflushed }, "\(saves)")
        // A save at least every second (from the first change not saved, seen a
        // tick after the last save, to the tick after it is due), the first
        // flushed, and a flush at least every five seconds.
        #expect(whileTyping.first?.save == .flushed)
        let atLeastEverySecond = zip(whileTyping, whileTyping.dropFirst()).allSatisfy {
            $1.at - $0.at <= AutosaveSchedule.longest + 2 * 0.07 + 0.001
        }
        #expect(atLeastEverySecond && whileTyping.count >= 10, "\(saves)")
        let flushed = saves.filter { $0.save == .flushed }.map(\.at)
        for (earlier, later) in zip(flushed, flushed.dropFirst()) {
            #expect(
                later - earlier <= AutosaveSchedule.flushInterval + AutosaveSchedule.longest + 2 * 0.07 + 0.001,
                "\(flushed)")
        }
        // Once typing pauses, the last draft is flushed.
        #expect(schedule.isSaved(revision: keys), "\(saves)")
        #expect(saves.last.map { $0.at <= lastKey + AutosaveSchedule.delay + 0.071 } == true, "\(saves)")
    }

    @Test func aSaveLeftUnflushedIsDueToBeFlushedWhenTypingPauses() {
        var schedule = AutosaveSchedule(savedRevision: 0)
        // A flush at 0.9 s, then steady typing until a save left unflushed at
        // 1.8, the first key three quarters of a second after the change at 1.0.
        schedule.saved(revision: 1, .flushed, now: 0.9)
        #expect(schedule.due(revision: 2, isEmpty: false, now: 1.0) == nil)
        #expect(schedule.due(revision: 20, isEmpty: false, now: 1.7) == nil)
        #expect(schedule.due(revision: 21, isEmpty: false, now: 1.8) == .unflushed)
        #expect(schedule.isWaiting)
        schedule.saved(revision: 21, .unflushed, now: 1.8)
        #expect(!schedule.isSaved(revision: 21), "quitting still saves it, flushed")
        #expect(schedule.isWaiting, "the flush waits")
        // The wake-up for the flush is half a second after the last change (1.8).
        #expect(schedule.secondsUntilDue(now: 1.9).map { abs($0 - 0.4) < 0.001 } == true)
        #expect(schedule.due(revision: 21, isEmpty: false, now: 2.2) == nil)
        #expect(schedule.due(revision: 21, isEmpty: false, now: 2.3) == .flushed)
        schedule.saved(revision: 21, .flushed, now: 2.3)
        #expect(schedule.isSaved(revision: 21))
        #expect(!schedule.isWaiting)
        #expect(schedule.secondsUntilDue(now: 2.4) == nil)
    }

    @Test func anEmptiedDraftIsSavedAtOnceEvenWhenAChangeWasWaiting() {
        var schedule = AutosaveSchedule(savedRevision: 3)
        var due = schedule.due(revision: 4, isEmpty: false, now: 1)
        #expect(due == nil)
        due = schedule.due(revision: 5, isEmpty: true, now: 1.1)
        #expect(due == .flushed)
    }

    @Test func aFailedSaveIsTriedAgainAfterTheDelayNotAtEveryTurn() {
        var schedule = AutosaveSchedule(savedRevision: 0)
        var due: AutosaveSchedule.Save?
        due = schedule.due(revision: 1, isEmpty: true, now: 1)
        #expect(due == .flushed)
        schedule.failed(now: 1)
        due = schedule.due(revision: 1, isEmpty: true, now: 1.1)
        #expect(due == nil)
        due = schedule.due(revision: 1, isEmpty: true, now: 1.5)
        #expect(due == .flushed)
    }
}
