/// How closely the timer source meets its deadlines.
public enum TimerPrecision: Hashable, Sendable {
    /// Sleep on an absolute `timerfd` deadline; lateness is the kernel's wake-up latency
    /// (tens of microseconds with the 1 ns timer slack FrameClock asks for). The thread wakes once
    /// 300 µs before the deadline (at most a quarter of the interval) to run the dispatch path as
    /// a rehearsal that delivers nothing, then sleeps again until the deadline: two wake-ups a
    /// frame, and a callback that starts on a warm path instead of a cold one.
    case standard
    /// Sleep until `spinWindow` before the deadline, then spin on the clock for the rest. Costs up to
    /// `spinWindow` of CPU a frame and brings typical lateness under a microsecond; the window must be
    /// shorter than the frame interval.
    case precise(spinWindow: Duration = .microseconds(200))
    /// One wake-up a frame, for battery-powered devices: sleep on the absolute deadline with no
    /// early wake-up to warm the dispatch path. Half the wake-ups of ``standard`` (one context switch
    /// a frame instead of two), at the cost of a cold dispatch path: callbacks start later, by the
    /// machine's cold wake-up latency (on a shared virtual machine, about 2 × the standard mode's
    /// median lateness; `frame-bench` reports both, beside the wake-ups per frame).
    case lowPower

    /// The spin window in nanoseconds (zero for `.standard`).
    var spinWindowNanoseconds: Int64 {
        switch self {
        case .standard, .lowPower: return 0
        case .precise(let window): return window.wholeNanoseconds
        }
    }

    /// Checks the window against an interval.
    func validate(against period: FramePeriod) throws(DisplayLinkError) {
        guard case .precise(let window) = self else { return }
        let nanoseconds = window.wholeNanoseconds
        guard nanoseconds >= 0, Double(nanoseconds) < period.nanoseconds else {
            throw .invalidSpinWindow(window)
        }
    }
}
