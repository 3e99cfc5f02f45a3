@testable import ChatNet
import Testing

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
