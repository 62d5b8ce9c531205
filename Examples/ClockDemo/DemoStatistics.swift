import FrameClock
import Histogram

/// What the status line reports: frames, lateness percentiles, skipped frames, frames shown after
/// their target, and the seconds the clock got wrong.
struct DemoStatistics {
    private(set) var frames = 0
    private(set) var skippedFrames = 0
    /// Frames that reached the screen after their target timestamp (drawn too late for it).
    private(set) var shownLateFrames = 0
    /// Frames whose whole second differs from the true second at the moment they are shown.
    private(set) var wrongSecondFrames = 0
    /// The wrong-second frames that were shown late: for a display link, all of them.
    private(set) var wrongSecondShownLate = 0
    /// Times the shown second jumped by two or more between consecutive frames.
    private(set) var skippedSeconds = 0
    private var lateness = Histogram<UInt64>(
        highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    private var lastShownSecond: Int?

    /// Records a frame delivered by the link: how late it was and what it skipped.
    mutating func recordFrame(lateness: Duration, skipped: Int) {
        frames += 1
        skippedFrames += skipped
        _ = self.lateness.record(UInt64(max(0, Int64(lateness / .nanoseconds(1)))))
    }

    /// Records a frame that reached the screen: the second it shows, the true second then, and
    /// whether it was shown after its target.
    mutating func recordShown(shownSecond: Int, trueSecond: Int, shownLate: Bool) {
        if shownLate { shownLateFrames += 1 }
        if shownSecond != trueSecond {
            wrongSecondFrames += 1
            if shownLate { wrongSecondShownLate += 1 }
        }
        if let last = lastShownSecond {
            let step = (shownSecond - last + 60) % 60
            if step >= 2 { skippedSeconds += step - 1 }
        }
        lastShownSecond = shownSecond
    }

    /// The lateness percentile in microseconds.
    func latenessMicroseconds(percentile: Double) -> Double {
        lateness.totalCount == 0 ? 0 : Double(lateness.valueAtPercentile(percentile)) / 1000
    }
}
