/// What the ``StallWatchdog`` watches: a frame driver, seen from below (`FrameDriver` conforms, in
/// Driving/). Declared here so that Stalls/ names nothing of the layer above it.
protocol StallWatched: AnyObject, Sendable {
    /// The alarm the watched thread keeps ahead of its running activity.
    var stallAlarm: StallAlarm { get }
    /// Looks for a stall at `now` on a thread without an alarm; returns when to look next.
    func lookForStall(now: Int64) -> Int64
    /// Handles the alarm having gone off at `now`: reports a stall, or sets the alarm again.
    func stallAlarmWentOff(now: Int64)
}
