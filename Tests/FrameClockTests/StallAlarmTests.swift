import Foundation
import Testing

@testable import FrameClock

/// The stall alarm a frame thread keeps ahead of its activities (a real timerfd; no frame thread).
@Suite("Stall alarm")
struct StallAlarmTests {
    private func watchedAlarm(threshold: Int64) throws -> StallAlarm {
        let alarm = StallAlarm()
        try #require(alarm.timer != nil)
        alarm.threshold.store(threshold, ordering: .relaxed)
        alarm.isWatched.store(true, ordering: .relaxed)
        return alarm
    }

    @Test("nobody watching: an activity sets nothing")
    func unwatched() {
        let alarm = StallAlarm()
        alarm.cover(activityAt: 1_000_000)
        #expect(alarm.armedDeadline == 0)
    }

    @Test("set once per half threshold: activities sooner than that keep the alarm set before")
    func keptAheadOncePerHalfThreshold() throws {
        let threshold: Int64 = 250_000_000
        let alarm = try watchedAlarm(threshold: threshold)
        let start = MonotonicInstant.now().nanoseconds + 10_000_000_000
        alarm.cover(activityAt: start)
        #expect(alarm.armedDeadline == start + threshold)
        // Frames at 60 Hz for just under half a threshold: the first deadline stays.
        for frame in 1...7 {
            alarm.cover(activityAt: start + Int64(frame) * 16_666_667)
            #expect(alarm.armedDeadline == start + threshold)
        }
        // The eighth frame is past half a threshold: the alarm moves to its own threshold.
        let eighth = start + 8 * 16_666_667
        alarm.cover(activityAt: eighth)
        #expect(alarm.armedDeadline == eighth + threshold)
        #expect(alarm.wentOff() == false)
        #expect(alarm.timesWentOff.load(ordering: .relaxed) == 0)
    }

    @Test("once it went off, the next activity sets it again, however soon")
    func setAgainAfterGoingOff() async throws {
        let threshold: Int64 = 2_000_000
        let alarm = try watchedAlarm(threshold: threshold)
        let start = MonotonicInstant.now().nanoseconds
        alarm.cover(activityAt: start)
        try await Task.sleep(for: .milliseconds(20))
        #expect(alarm.wentOff())
        #expect(alarm.armedDeadline == 0)
        #expect(alarm.timesWentOff.load(ordering: .relaxed) == 1)
        // An activity that began before the old deadline's half threshold would have been skipped
        // had the alarm not gone off.
        alarm.cover(activityAt: start + 1)
        #expect(alarm.armedDeadline == start + 1 + threshold)
    }

    @Test("an alarm set again before the watchdog read it has not gone off")
    func setAgainBeforeRead() async throws {
        let threshold: Int64 = 2_000_000
        let alarm = try watchedAlarm(threshold: threshold)
        alarm.cover(activityAt: MonotonicInstant.now().nanoseconds)
        try await Task.sleep(for: .milliseconds(20))
        // The frame thread moves it on (an activity a whole threshold later) before the read.
        alarm.cover(activityAt: MonotonicInstant.now().nanoseconds + 10_000_000_000)
        #expect(alarm.wentOff() == false)
        #expect(alarm.armedDeadline > 0)
    }
}
