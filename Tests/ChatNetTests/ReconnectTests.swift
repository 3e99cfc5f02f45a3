import Testing

@testable import ChatNet

/// When to try again, and when a quiet connection is dead.
@Suite struct ReconnectTests {
    @Test func delaysDoubleFromTwoSecondsToFiveMinutesWithJitterAndStartAgainAfterAGoodConnection() {
        var backoff = Backoff()
        let middle = (0..<10).map { _ in backoff.delay(jitter: 0.5) }
        #expect(middle == [2, 4, 8, 16, 32, 64, 128, 256, 300, 300])
        var low = Backoff()
        #expect(low.delay(jitter: 0) == 1.6)
        var high = Backoff()
        let first = high.delay(jitter: 0.999_999)
        #expect(first > 2.39 && first < 2.4, "up to a fifth later")
        for _ in 0..<40 { _ = high.delay(jitter: 0.999_999) }
        #expect(high.delay(jitter: 0.999_999) == 300, "never past five minutes, however many failures")
        backoff.reset()
        #expect(backoff.delay(jitter: 0.5) == 2)
    }

    @Test func aQuietConnectionIsAskedOnceThenDeclaredDead() {
        var watch = Liveness(idle: 30, now: 100)
        #expect(watch.check(at: 129) == .fine)
        #expect(watch.due == 130)
        #expect(watch.check(at: 130) == .ask)
        #expect(watch.check(at: 131) == .fine, "asked once")
        #expect(watch.due == 160)
        #expect(watch.check(at: 160) == .dead)
        var answered = Liveness(idle: 30, now: 0)
        #expect(answered.check(at: 30) == .ask)
        answered.heard(at: 35)
        #expect(answered.check(at: 64) == .fine, "an answer starts a new quiet spell")
        #expect(answered.check(at: 65) == .ask)
    }
}

/// The pace lines go to a server at.
@Suite struct SendPaceTests {
    @Test func fiveAtOnceThenOneEveryTwoSeconds() {
        var pace = SendPace(now: 0)
        func take(at now: Double) -> Bool { pace.take(at: now) }
        let firstSix = (0..<6).map { _ in take(at: 0) }
        #expect(firstSix == [true, true, true, true, true, false], "five at once; the sixth waits")
        #expect(pace.nextAllowed(at: 0) == 2)
        let early = take(at: 1.9)
        let onTime = take(at: 2)
        #expect(!early && onTime)
        #expect(pace.nextAllowed(at: 2) == 4)
        let afterQuiet = (0..<6).map { _ in take(at: 100) }
        #expect(afterQuiet == [true, true, true, true, true, false], "a quiet spell fills the bucket, never past five")
    }

    @Test func aServerThatPromisesNotToPunishSpeedLiftsThePaceUntilItTakesThePromiseBack() {
        var pace = SendPace(now: 0)
        pace.isLifted = true
        let thirty = (0..<30).map { _ in pace.take(at: 0) }
        #expect(thirty.allSatisfy { $0 }, "a paste goes at once")
        #expect(pace.nextAllowed(at: 0) == 0)
        pace.isLifted = false
        let afterwards = (0..<6).map { _ in pace.take(at: 0) }
        #expect(afterwards == [true, true, true, true, true, false], "the bucket was not spent while lifted")
        #expect(pace.nextAllowed(at: 0) == 2)
    }
}
