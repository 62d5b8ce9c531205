internal import CLinuxShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Ticks on an absolute grid of `CLOCK_MONOTONIC` deadlines, waited for with a blocking `read` on a
/// `timerfd` armed with `TFD_TIMER_ABSTIME`. No relative sleep anywhere, so nothing drifts: tick *k* is
/// at `anchor + floor(k · period)` however late any wake-up was.
///
/// The control channel wakes the thread by firing the same timerfd; a blocking read wakes as fast as
/// `clock_nanosleep` does, where an epoll set in between costs a few microseconds at the median and
/// more in the tail (measured here).
final class TimerTickSource: TickSource {
    let kind = FrameSourceKind.timer
    let grid: TickGrid
    private let spinWindow: Int64
    private let control: ControlChannel
    private let timer: Int32

    init(grid: TickGrid, precision: TimerPrecision, control: ControlChannel) throws(DisplayLinkError) {
        try precision.validate(against: grid.period)
        self.grid = grid
        self.spinWindow = precision.spinWindowNanoseconds
        self.control = control
        let timer = fc_timerfd_create(0)
        guard timer >= 0 else { throw .system(SystemCallError(call: "timerfd_create", errno: errno)) }
        self.timer = timer
        control.kick(timer: timer)
    }

    var description: String {
        let mode = spinWindow > 0 ? "precise, spin \(spinWindow / 1000) µs" : "standard"
        return "timer \(DecimalFormat.string(grid.period.framesPerSecond, digits: 3)) Hz (\(mode))"
    }

    func waitForTick(atOrAfter sequence: Int64?) throws(TickSourceFailure) -> Tick? {
        guard let sequence else {
            try arm(at: 0)
            guard !control.consume() else { return nil }
            try waitForExpiry()
            _ = control.consume()
            return nil
        }
        let deadline = grid.timestamp(of: sequence)
        let wakeAt = deadline - spinWindow
        if fc_monotonic_ns() < wakeAt {
            // Arm first, then look at the flag: a signal after the look fires the armed timer.
            try arm(at: wakeAt)
            guard !control.consume() else { return nil }
            try waitForExpiry()
            guard !control.consume() else { return nil }
        }
        if spinWindow > 0 {
            while fc_monotonic_ns() < deadline { fc_cpu_relax() }
        }
        let now = fc_monotonic_ns()
        // A late wake-up snaps to the latest grid point: the tick is the one that has just passed.
        let current = max(sequence, grid.sequence(at: now))
        return Tick(sequence: current, timestamp: grid.timestamp(of: current), wokeAt: now, grid: grid)
    }

    func close() {
        control.kick(timer: -1)
        Glibc.close(timer)
    }

    private func arm(at deadline: Int64) throws(TickSourceFailure) {
        guard fc_timerfd_set_absolute(timer, deadline) == 0 else {
            throw TickSourceFailure(reason: "timerfd_settime failed: \(ErrnoName.name(errno))", errno: errno)
        }
    }

    private func waitForExpiry() throws(TickSourceFailure) {
        while fc_timerfd_drain(timer) != 0 {
            guard errno == EINTR else {
                throw TickSourceFailure(
                    reason: "read(timerfd) failed: \(ErrnoName.name(errno))", errno: errno)
            }
        }
    }
}
