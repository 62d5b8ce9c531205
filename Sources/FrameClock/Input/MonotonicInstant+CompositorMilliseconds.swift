extension MonotonicInstant {
    /// The span of a 32-bit millisecond counter: it wraps every 2³² ms, about 49.7 days.
    static let millisecondCounterSpan: Int64 = 1 << 32

    /// The instant of a compositor's event time: `CLOCK_MONOTONIC` in milliseconds truncated to 32
    /// bits, as Wayland's `wl_pointer`, `wl_touch` and `wl_keyboard` events carry it (weston and mutter
    /// stamp `CLOCK_MONOTONIC`). The counter is widened to the value nearest `now`, so that a time just
    /// before the counter wrapped comes out just before `now`, not 49.7 days after it, and a time that
    /// went backwards comes out earlier, as it was sent (``InputQueue`` takes a motion sample stamped
    /// before an earlier one of its point at that earlier time).
    ///
    /// - Parameters:
    ///   - milliseconds: the event's time as the compositor sent it.
    ///   - now: the instant the event is read at; events are taken to be less than 24.8 days (2³¹ ms)
    ///     from it.
    public init(compositorMilliseconds milliseconds: UInt32, near now: MonotonicInstant = .now()) {
        let span = Self.millisecondCounterSpan
        let nowMilliseconds = now.nanoseconds / 1_000_000
        var widened = nowMilliseconds - (nowMilliseconds & (span - 1)) + Int64(milliseconds)
        if widened - nowMilliseconds > span / 2 {
            widened -= span
        } else if nowMilliseconds - widened > span / 2 {
            widened += span
        }
        let (nanoseconds, overflow) = widened.multipliedReportingOverflow(by: 1_000_000)
        self.init(nanoseconds: overflow ? (widened < 0 ? .min : .max) : nanoseconds)
    }
}
