internal import CLinuxShims

#if canImport(Glibc)
    import Glibc
#endif

/// Ticks on an absolute grid of `CLOCK_MONOTONIC` deadlines, waited for with a blocking `read` on a
/// `timerfd` armed with `TFD_TIMER_ABSTIME`. No relative sleep anywhere, so nothing drifts: tick *k* is
/// at `anchor + floor(k · period)` however late any wake-up was.
///
/// The control channel wakes the thread by firing the same timerfd: a blocking read on the timerfd
/// alone wakes as fast as `clock_nanosleep` does, where polling a set of descriptors in between adds
/// a few microseconds at the median and more in the tail.
///
/// The source is generic over its ``TimerSystemCalls`` (``LinuxTimerSystemCalls`` in production, a
/// virtual clock in tests).
final class TimerTickSource<System: TimerSystemCalls>: TickSource {
    let kind = FrameSourceKind.timer
    let grid: TickGrid
    private let spinWindow: Int64
    /// How long before a standard-mode deadline the thread wakes to rehearse the dispatch path
    /// (zero: no early wake-up).
    let warmUpLead: Int64
    /// One wake-up a frame (``TimerPrecision/lowPower``).
    private let isLowPower: Bool
    private let control: ControlChannel
    private let system: System
    private let timer: Int32
    private var isClosed = false

    /// The standard mode's early wake-up: longer than a typical wake-up latency on a shared virtual
    /// machine (about 110 µs at the median) plus a cold rehearsal, so that the thread is back asleep
    /// before the deadline; never more than a quarter of the interval.
    static var defaultWarmUpLead: Int64 { 300_000 }

    init(
        grid: TickGrid, precision: TimerPrecision, control: ControlChannel, system: System,
        warmUpLead: Int64 = defaultWarmUpLead
    ) throws(DisplayLinkError) {
        try precision.validate(against: grid.period)
        self.grid = grid
        self.spinWindow = precision.spinWindowNanoseconds
        isLowPower = precision == .lowPower
        self.warmUpLead =
            precision == .lowPower ? 0 : max(0, min(warmUpLead, Int64(grid.period.nanoseconds / 4)))
        self.control = control
        self.system = system
        do {
            timer = try system.createTimer()
        } catch {
            throw .system(error)
        }
        control.kick(timer: timer)
    }

    /// The standard mode holds a CPU-latency request from its early wake-up to the deadline; the
    /// precise mode spins there instead, and the low-power mode does not wake early.
    var holdsLatencyBeforeTicks: Bool { spinWindow == 0 && warmUpLead > 0 }

    var description: String {
        let mode =
            spinWindow > 0 ? "precise, spin \(spinWindow / 1000) µs" : (isLowPower ? "low power" : "standard")
        return "timer \(DecimalFormat.string(grid.period.framesPerSecond, digits: 3)) Hz (\(mode))"
    }

    func waitForTick(
        atOrAfter sequence: Int64?, until limit: Int64?, rehearsing: Bool, rehearse: (Tick) -> Void
    ) throws(TickSourceFailure) -> TickWait {
        guard let sequence else {
            if let limit { return try sleep(until: limit) ? .due : .woken }
            try arm(at: 0)
            guard !control.consume() else { return .woken }
            try waitForExpiry()
            _ = control.consume()
            return .woken
        }
        // An event of the run loop comes before the tick: wake for it (the next wait rehearses).
        if let limit, limit < grid.timestamp(of: sequence) {
            return try sleep(until: limit) ? .due : .woken
        }
        let deadline = grid.timestamp(of: sequence)
        // A frame thread asleep for most of an interval comes back to a cold dispatch path (on a
        // shared virtual machine, 11-13 µs from wake-up to the callback, against 0.3 µs warm). Both modes therefore wake once
        // before the deadline and run that path as a rehearsal, which delivers nothing: the precise
        // mode at the start of its spin window, the standard mode `warmUpLead` early, before it
        // sleeps again until the deadline itself.
        if spinWindow > 0 {
            guard try sleep(until: deadline - spinWindow) else { return .woken }
            if rehearsing,
                let tick = grid.rehearsal(of: sequence, now: system.monotonicNanoseconds(), lead: spinWindow)
            {
                rehearse(tick)
            }
            while system.monotonicNanoseconds() < deadline { fc_cpu_relax() }
        } else {
            if warmUpLead > 0, rehearsing {
                guard try sleep(until: deadline - warmUpLead) else { return .woken }
                if let tick = grid.rehearsal(
                    of: sequence, now: system.monotonicNanoseconds(), lead: warmUpLead)
                {
                    rehearse(tick)
                }
            }
            guard try sleep(until: deadline) else { return .woken }
        }
        let now = system.monotonicNanoseconds()
        // A late wake-up snaps to the latest grid point: the tick is the one that has just passed.
        let current = max(sequence, grid.sequence(at: now))
        return .tick(Tick(sequence: current, timestamp: grid.timestamp(of: current), wokeAt: now, grid: grid))
    }

    /// Sleeps until `instant` unless it has passed; false when the control channel interrupted.
    private func sleep(until instant: Int64) throws(TickSourceFailure) -> Bool {
        guard system.monotonicNanoseconds() < instant else { return true }
        // Arm first, then look at the flag: a signal after the look fires the armed timer.
        try arm(at: instant)
        guard !control.consume() else { return false }
        try waitForExpiry()
        return !control.consume()
    }

    /// Closes the timer; idempotent (a second close must not reach a descriptor number reused since).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        control.kick(timer: -1)
        system.closeTimer(timer)
    }

    private func arm(at deadline: Int64) throws(TickSourceFailure) {
        do {
            try system.setTimer(timer, absoluteDeadline: deadline)
        } catch {
            throw TickSourceFailure(
                reason: "\(error.call) failed: \(error.errnoName)", errno: error.errno)
        }
    }

    private func waitForExpiry() throws(TickSourceFailure) {
        while true {
            do {
                return try system.waitForTimer(timer)
            } catch  where error.errno == .interrupted {
                continue
            } catch {
                throw TickSourceFailure(
                    reason: "\(error.call) failed: \(error.errnoName)", errno: error.errno)
            }
        }
    }
}

extension TimerTickSource where System == LinuxTimerSystemCalls {
    /// A timer source on the real clock and a real `timerfd`.
    convenience init(grid: TickGrid, precision: TimerPrecision, control: ControlChannel)
        throws(DisplayLinkError)
    {
        try self.init(grid: grid, precision: precision, control: control, system: LinuxTimerSystemCalls())
    }
}
