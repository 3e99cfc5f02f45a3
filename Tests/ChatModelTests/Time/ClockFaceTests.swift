import Testing

@testable import ChatModel

@Suite struct ClockFaceTests {
    @Test func showsHoursAndMinutesLocalToTheClock() {
        let time = Timestamp(secondsSinceEpoch: 1_796_235_084)  // 2026-12-02 18:11:24 UTC
        #expect(ClockFace.utc.hourMinute(time) == "18:11")
        #expect(ClockFace.fixed(offsetSeconds: 9 * 3600).hourMinute(time) == "03:11")
        #expect(ClockFace.fixed(offsetSeconds: -5 * 3600 - 1800).hourMinute(time) == "12:41")
    }

    @Test func timesBeforeTheEpochStillShow() {
        #expect(ClockFace.utc.hourMinute(Timestamp(secondsSinceEpoch: -60)) == "23:59")
    }
}
