internal import CLinuxShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Ticks on an absolute grid of `CLOCK_MONOTONIC` deadlines, waited for with a `timerfd`
/// (`TFD_TIMER_ABSTIME`) in an epoll set beside the control channel. No relative sleep anywhere, so
/// nothing drifts: tick *k* is at `anchor + floor(k · period)` however late any wake-up was.
final class TimerTickSource: TickSource {
    let kind = FrameSourceKind.timer
    let grid: TickGrid
    private let spinWindow: Int64
    private let control: ControlChannel
    private let epoll: Int32
    private let timer: Int32
    private static let controlTag: UInt64 = 1
    private static let timerTag: UInt64 = 2

    init(grid: TickGrid, precision: TimerPrecision, control: ControlChannel) throws(DisplayLinkError) {
        try precision.validate(against: grid.period)
        self.grid = grid
        self.spinWindow = precision.spinWindowNanoseconds
        self.control = control
        let epoll = fc_epoll_create()
        guard epoll >= 0 else { throw .system(SystemCallError(call: "epoll_create1", errno: errno)) }
        let timer = fc_timerfd_create()
        guard timer >= 0 else {
            let code = errno
            Glibc.close(epoll)
            throw .system(SystemCallError(call: "timerfd_create", errno: code))
        }
        guard fc_epoll_add_readable(epoll, control.fd, Self.controlTag) == 0,
            fc_epoll_add_readable(epoll, timer, Self.timerTag) == 0
        else {
            let code = errno
            Glibc.close(epoll)
            Glibc.close(timer)
            throw .system(SystemCallError(call: "epoll_ctl", errno: code))
        }
        self.epoll = epoll
        self.timer = timer
    }

    var description: String {
        let mode = spinWindow > 0 ? "precise, spin \(spinWindow / 1000) µs" : "standard"
        return "timer \(DecimalFormat.string(grid.period.framesPerSecond, digits: 3)) Hz (\(mode))"
    }

    func waitForTick(atOrAfter sequence: Int64?) throws(TickSourceFailure) -> Tick? {
        guard let sequence else {
            try arm(at: 0)
            _ = try waitForEvent()
            return nil
        }
        let deadline = grid.timestamp(of: sequence)
        let wakeAt = deadline - spinWindow
        if fc_monotonic_ns() < wakeAt {
            try arm(at: wakeAt)
            guard try waitForEvent() == .timer else { return nil }
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
        Glibc.close(timer)
        Glibc.close(epoll)
    }

    private enum Event { case control, timer }

    private func arm(at deadline: Int64) throws(TickSourceFailure) {
        guard fc_timerfd_set_absolute(timer, deadline) == 0 else {
            throw TickSourceFailure(reason: "timerfd_settime failed: \(ErrnoName.name(errno))", errno: errno)
        }
    }

    private func waitForEvent() throws(TickSourceFailure) -> Event {
        var tags = (UInt64(0), UInt64(0))
        while true {
            let count = withUnsafeMutableBytes(of: &tags) { raw in
                fc_epoll_wait_tags(epoll, raw.baseAddress!.assumingMemoryBound(to: UInt64.self), 2, -1)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw TickSourceFailure(reason: "epoll_wait failed: \(ErrnoName.name(errno))", errno: errno)
            }
            let first = count >= 1 ? tags.0 : 0
            let second = count >= 2 ? tags.1 : 0
            if first == Self.controlTag || second == Self.controlTag {
                control.drain()
                return .control
            }
            if first == Self.timerTag || second == Self.timerTag {
                _ = fc_timerfd_drain(timer)
                return .timer
            }
        }
    }
}
