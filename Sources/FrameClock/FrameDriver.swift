internal import CLinuxShims
import Logging

/// The links that share one source, and the loop that feeds them ticks.
///
/// A driver with a thread (timer, DRM) waits on its `TickSource` on that thread and dispatches each
/// tick to its links there; a manual driver has no thread and is driven by `ManualFrameSource`.
final class FrameDriver: @unchecked Sendable {
    private struct Shared {
        var links: [DisplayLink] = []
        var info: FrameSourceInfo
        var threadReport: FrameThreadReport?
        var threadStarted = false
        var finished = false
        /// The thread goes on, idle, when the last link leaves (a shared source) rather than ending.
        var isShared = false
    }

    private let shared: Locked<Shared>
    /// Wakes the frame thread; nil for a manual driver.
    let control: ControlChannel?
    /// The source the thread waits on; touched only by the thread once it runs.
    private var source: (any TickSource)?
    private let options: FrameThreadOptions
    private let logger: Logger
    /// Reads the driver's clock (monotonic, or the manual source's virtual time).
    let now: @Sendable () -> Int64

    /// A driver for a source that is waited on by a frame thread.
    init(
        source: any TickSource, control: ControlChannel, reason: String, options: FrameThreadOptions,
        logger: Logger
    ) {
        self.source = source
        self.control = control
        self.options = options
        self.logger = logger
        self.now = { fc_monotonic_ns() }
        shared = Locked(
            Shared(
                info: FrameSourceInfo(
                    kind: source.kind, name: source.description, period: source.grid.period, reason: reason)))
    }

    /// A driver without a thread, driven by hand in virtual time.
    init(manualPeriod: FramePeriod, now: @escaping @Sendable () -> Int64, logger: Logger) {
        self.source = nil
        self.control = nil
        self.options = FrameThreadOptions(realtimePriority: nil)
        self.logger = logger
        self.now = now
        let info = FrameSourceInfo(
            kind: .manual, name: "manual \(manualPeriod)", period: manualPeriod, reason: "requested")
        shared = Locked(Shared(info: info))
    }

    var info: FrameSourceInfo { shared.withLock { $0.info } }
    var threadReport: FrameThreadReport? { shared.withLock { $0.threadReport } }

    func attach(_ link: DisplayLink) {
        shared.withLock { $0.links.append(link) }
    }

    /// Removes a link; a driver whose last link left stops its thread.
    func detach(_ link: DisplayLink) {
        let stop = shared.withLock { state -> Bool in
            state.links.removeAll { $0 === link }
            if state.links.isEmpty && control != nil && !state.isShared {
                state.finished = true
                return true
            }
            return false
        }
        if stop { control?.signal() } else { linkChanged() }
    }

    /// Keeps the frame thread when the last link leaves, for links that join later.
    func makeShared() {
        shared.withLock { $0.isShared = true }
    }

    /// Ends the frame thread of a shared source (its links stop receiving frames).
    func close() {
        shared.withLock { $0.finished = true }
        control?.signal()
    }

    /// Tells the frame thread that a link's wishes changed.
    func linkChanged() {
        control?.signal()
    }

    /// Starts the frame thread if it has not started yet.
    func ensureRunning() throws(DisplayLinkError) {
        guard control != nil else { return }
        let start = shared.withLock { state -> Bool in
            guard !state.threadStarted, !state.finished else { return false }
            state.threadStarted = true
            return true
        }
        guard start else { return }
        do {
            try FrameThread.start { [self] in self.runThread() }
        } catch {
            shared.withLock { $0.threadStarted = false }
            throw error
        }
    }

    /// The earliest tick any active link wants, or nil when none wants one.
    func nextWantedSequence(grid: TickGrid, now: Int64) -> Int64? {
        let links = shared.withLock { $0.links }
        let current = grid.sequence(at: now)
        var earliest: Int64? = nil
        for link in links {
            if let wanted = link.nextWantedSequence(currentSequence: current) {
                earliest = min(earliest ?? wanted, wanted)
            }
        }
        return earliest
    }

    /// Hands a tick to every link, in the order they were attached.
    func dispatch(_ tick: Tick) {
        let links = shared.withLock { $0.links }
        for link in links {
            link.handle(tick, clock: now)
        }
    }

    private func runThread() {
        let report = FrameThread.configureCurrentThread(name: "FrameClock", options: options)
        shared.withLock { $0.threadReport = report }
        logger.debug("frame thread started: \(report)")
        guard var source else { return }
        while !shared.withLock({ $0.finished }) {
            let target = nextWantedSequence(grid: source.grid, now: now())
            do {
                if let tick = try source.waitForTick(atOrAfter: target) {
                    dispatch(tick)
                }
            } catch {
                guard let fallback = failOver(from: source, failure: error) else { break }
                source = fallback
            }
        }
        source.close()
        self.source = nil
    }

    /// Replaces a failed source by a timer on its last grid (phase and interval); nil when even that
    /// cannot be made, in which case the links are told and the thread ends.
    private func failOver(from failed: any TickSource, failure: TickSourceFailure) -> (any TickSource)? {
        failed.close()
        let reason =
            "\(failed.description) failed: \(failure.reason); continuing on the timer from its last phase"
        guard failed.kind != .timer, let control,
            let timer = try? TimerTickSource(grid: failed.grid, precision: .standard, control: control)
        else {
            logger.error("frame source failed and no fallback is possible: \(failure.reason)")
            shared.withLock {
                $0.info = FrameSourceInfo(
                    kind: failed.kind, name: failed.description, period: failed.grid.period,
                    reason: failure.reason)
                $0.finished = true
            }
            return nil
        }
        logger.warning("\(reason)")
        shared.withLock {
            $0.info = FrameSourceInfo(
                kind: .timer, name: timer.description, period: timer.grid.period, reason: reason)
        }
        return timer
    }
}
