internal import CWayland
internal import CWaylandProtocols
internal import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// Which of the compositor's protocols for timed content a window's commits use.
public struct WaylandCommitTimingSupport: Hashable, Sendable, CustomStringConvertible {
    /// `wp_commit_timing_v1`: a commit given a time is not shown before it.
    public var commitTiming: Bool
    /// `wp_fifo_v1`: a commit given a time is applied no sooner than the refresh after the one that
    /// showed the commit before it, so that none replaces another unseen.
    public var fifo: Bool

    /// Support as given.
    public init(commitTiming: Bool, fifo: Bool) {
        self.commitTiming = commitTiming
        self.fifo = fifo
    }

    /// "commit-timing and fifo", "commit-timing", "fifo" or "neither commit-timing nor fifo".
    public var description: String {
        switch (commitTiming, fifo) {
        case (true, true): "commit-timing and fifo"
        case (true, false): "commit-timing"
        case (false, true): "fifo"
        case (false, false): "neither commit-timing nor fifo"
        }
    }
}

/// The protocol objects a window's timed commits use: a `wp_commit_timer_v1` and a `wp_fifo_v1` on
/// its surface, and a one-pixel transparent subsurface whose commit wakes the compositor's repaint.
///
/// Mutter 48 applies a timed commit only at a repaint that something else causes: alone on its
/// output, a commit with a time in the future was never shown (nothing within 20 s, with or without
/// a frame callback; ../shared/research/debian13/), and the window's later commits wait behind it.
/// A commit of a desynchronised subsurface is such a cause: measured with a raw client, 200 of 200
/// commits, each timed between the next two refreshes, were shown at the first refresh at or after
/// their time, none early. The wake is made at the commit's time (``WaylandFrameTiming`` makes it
/// while a thread waits for the surface's events), not with the commit: mutter starts a repaint at
/// once when woken with its repaint idle, and a repaint that starts before the commit's time leaves
/// it held. The subsurface is transparent and one pixel.
///
/// Made on first use, under the connection's lock; every member is used under it.
final class WaylandCommitPacing {
    /// The surface the timed commits are made on.
    private let surface: Proxy
    private var timer: Proxy?
    private var fifo: Proxy?
    private var wakeSurface: Proxy?
    private var wakeSubsurface: Proxy?
    private var wakeBuffer: SharedMemoryBuffers?
    /// Whether making the objects was tried (they are made once).
    private var isMade = false

    /// What the compositor offers for `surface`'s commits.
    let support: WaylandCommitTimingSupport

    /// Pacing for `surface`, with the globals `connection` bound. Call holding the lock.
    init(surface: Proxy, connectionLocked connection: WaylandConnection) {
        self.surface = surface
        support = WaylandCommitTimingSupport(
            commitTiming: connection.commitTimingManager != nil, fifo: connection.fifoManager != nil)
    }

    /// Requests `surface`'s next commit is to carry: its time, `notBefore` (CLOCK_MONOTONIC
    /// nanoseconds, converted to the presentation clock `clock`), and the fifo barrier. Returns
    /// whether the commit is timed (the compositor then needs ``wakeRepaint()`` at its time).
    func prepareTimedCommit(notBefore: Int64, clock: clockid_t?, connection: WaylandConnection) -> Bool {
        makeObjects(connection: connection)
        if let fifo {
            fifo.send(WaylandRequest.Fifo.waitBarrier)
            fifo.send(WaylandRequest.Fifo.setBarrier)
        }
        // A time without a wake could be held without end (mutter 48): no time without one.
        guard let timer, wakeSurface != nil else { return false }
        let converter = PresentationClockConverter(clockID: clock ?? CLOCK_MONOTONIC)
        guard let time = converter.compositorTime(ofMonotonic: notBefore), time >= 0 else { return false }
        let seconds = UInt64(time / Self.nanosecondsPerSecond)
        timer.send(
            WaylandRequest.CommitTimer.setTimestamp,
            [
                wl_argument(u: UInt32(truncatingIfNeeded: seconds >> 32)),
                wl_argument(u: UInt32(truncatingIfNeeded: seconds)),
                wl_argument(u: UInt32(time % Self.nanosecondsPerSecond)),
            ])
        return true
    }

    /// Commits the transparent subsurface with damage, which makes the compositor repaint the output
    /// at its next refresh and apply the timed commit then if its time has come.
    func wakeRepaint() {
        guard let wakeSurface, let wakeBuffer else { return }
        wakeSurface.send(
            WaylandRequest.Surface.attach,
            [wl_argument(o: wakeBuffer.proxy(0).pointer), wl_argument(i: 0), wl_argument(i: 0)])
        wakeSurface.send(
            WaylandRequest.Surface.damage,
            [wl_argument(i: 0), wl_argument(i: 0), wl_argument(i: 1), wl_argument(i: 1)])
        wakeSurface.send(WaylandRequest.Surface.commit)
    }

    /// Destroys the objects (before the surface). Idempotent.
    func destroy() {
        timer?.destroy(sending: WaylandRequest.CommitTimer.destroy)
        fifo?.destroy(sending: WaylandRequest.Fifo.destroy)
        wakeSubsurface?.destroy(sending: WaylandRequest.Subsurface.destroy)
        wakeSurface?.destroy(sending: WaylandRequest.Surface.destroy)
        wakeBuffer?.destroy()
        (timer, fifo, wakeSubsurface, wakeSurface, wakeBuffer) = (nil, nil, nil, nil, nil)
    }

    private static let nanosecondsPerSecond: Int64 = 1_000_000_000

    /// Makes the timer, the fifo and the waking subsurface, as far as the compositor offers them.
    private func makeObjects(connection: WaylandConnection) {
        guard !isMade else { return }
        isMade = true
        if let manager = connection.commitTimingManager {
            timer = manager.create(
                WaylandRequest.CommitTimingManager.getTimer, cwl_interface_wp_commit_timer_v1(),
                version: manager.version, [wl_argument(n: 0), wl_argument(o: surface.pointer)])
        }
        if let manager = connection.fifoManager {
            fifo = manager.create(
                WaylandRequest.FifoManager.getFifo, cwl_interface_wp_fifo_v1(), version: manager.version,
                [wl_argument(n: 0), wl_argument(o: surface.pointer)])
        }
        guard timer != nil, let compositor = connection.compositor,
            let subcompositor = connection.subcompositor,
            let shm = connection.shm,
            let buffer = try? SharedMemoryBuffers(shm: shm, width: 1, height: 1, format: .argb8888, count: 1)
        else { return }
        guard
            let child = compositor.create(
                WaylandRequest.Compositor.createSurface, cwl_interface_wl_surface(),
                version: compositor.version,
                [wl_argument(n: 0)]),
            let subsurface = subcompositor.create(
                WaylandRequest.Subcompositor.getSubsurface, cwl_interface_wl_subsurface(),
                version: subcompositor.version,
                [wl_argument(n: 0), wl_argument(o: child.pointer), wl_argument(o: surface.pointer)])
        else {
            buffer.destroy()
            return
        }
        subsurface.send(WaylandRequest.Subsurface.setDesync)
        (wakeSurface, wakeSubsurface, wakeBuffer) = (child, subsurface, buffer)
    }
}
