import FrameClock
import Foundation
import Synchronization

/// The naive variant, for comparison: no display link. Each input event is handled as it arrives and
/// the list redrawn and committed for it; animations with no input redraw on a 60 Hz timer. Its
/// figures are printed, not judged.
struct NaiveRun {
    let options: Options

    /// The animation timer's period when no input comes.
    private static let animationPeriod = Duration.nanoseconds(16_666_667)
    /// The longest wait for the connection's events before the loop looks at the timer again.
    private static let eventWait = Duration.milliseconds(1)

    /// What the loop did, for the figures.
    private struct Counts {
        var events = 0
        var eventRedraws = 0
        var timerRedraws = 0
        var failure: String?
    }

    /// Runs until the window is closed, or plays the self-test; returns the exit status.
    ///
    /// - Throws: when the window or the scene cannot be made.
    func run() throws -> Int32 {
        let window = try PullWindow()
        defer { window.close() }
        let log = RunLog()
        let inbox = NaiveInbox()
        window.window.setInputHandler { inbox.append($0) }
        let result = Mutex(Counts())
        let loop = Thread {
            var counts = Counts()
            do {
                counts = Self.loop(window: window, scene: try PullScene(), log: log, inbox: inbox)
            } catch {
                counts.failure = "the scene: \(error)"
            }
            result.withLock { $0 = counts }
            inbox.markStopped()
        }
        loop.start()
        var outcome = SelfTestScript.Outcome()
        if let path = options.injectFIFO {
            do {
                let fifo = try InjectorFIFO(path: path)
                outcome = SelfTestScript(downSeconds: options.duration).play(to: fifo, watching: log)
            } catch {
                inbox.stop()
                while !inbox.hasStopped { SelfTestScript.pause(.milliseconds(1)) }
                throw error
            }
        } else {
            while !window.window.isCloseRequested { SelfTestScript.pause(.milliseconds(50)) }
        }
        inbox.stop()
        while !inbox.hasStopped { SelfTestScript.pause(.milliseconds(1)) }
        let counts = result.withLock { $0 }
        print(
            "pull-to-refresh --naive: \(counts.events) input events handled one by one: \(counts.eventRedraws) redraws for them (\((Double(counts.eventRedraws) / Double(max(counts.events, 1))).fixed(2)) per event), \(counts.timerRedraws) on the animation timer"
        )
        print("pull-to-refresh --naive: \(Self.dragRate(log.frames)) (figures, not judged)")
        if let failure = counts.failure ?? outcome.failure {
            printToStandardError("pull-to-refresh --naive: FAILED: \(failure)")
            return 1
        }
        return 0
    }

    /// The redraws a second while a finger or button held the header.
    private static func dragRate(_ frames: [FrameRecord]) -> String {
        let dragging = frames.filter { $0.phase == .dragging }
        guard let first = dragging.first, let last = dragging.last, last.timestamp > first.timestamp else {
            return "no redraws while dragging"
        }
        let seconds = Double(last.timestamp - first.timestamp) / 1e9
        return "\(dragging.count) redraws while dragging, \((Double(dragging.count) / seconds).fixed(1)) a second"
    }

    /// The loop: events as they come, each handled and drawn; the timer's redraws between them.
    private static func loop(window: PullWindow, scene: PullScene, log: RunLog, inbox: NaiveInbox) -> Counts {
        let gesture = PullGesture(scene: scene)
        let origin = MonotonicInstant.now()
        var counts = Counts()
        var lastRedraw = origin
        var isRefreshInFlight = false
        let rootTime = { (instant: MonotonicInstant) in Double((instant - origin) / .nanoseconds(1)) / 1e9 }
        let redraw = { (now: MonotonicInstant) -> Bool in
            do {
                try window.present(scene, atRootTime: rootTime(now))
            } catch {
                counts.failure = "\(error)"
                return false
            }
            log.append(
                FrameRecord(
                    timestamp: now.nanoseconds, target: now.nanoseconds, duration: 0,
                    samplingTime: now.nanoseconds, skipped: 0, phase: gesture.phase,
                    fingerOffset: gesture.fingerOffset, offset: scene.offset(atRootTime: rootTime(now)),
                    offsetVelocity: scene.offsetVelocity(atRootTime: rootTime(now)),
                    arrowAngle: scene.arrowAngle(atRootTime: rootTime(now)), grabbed: false, handOff: nil))
            lastRedraw = now
            return true
        }
        while !inbox.isStopping && counts.failure == nil {
            _ = window.window.frameTiming.nextEvent(timeout: eventWait)
            for waylandEvent in inbox.drain() {
                let now = MonotonicInstant.now()
                guard let event = InputEvent(waylandEvent, now: now) else { continue }
                counts.events += 1
                log.received(
                    discrete: event.isMotion ? [] : [event], motion: event.isMotion ? [event] : [],
                    frame: log.frameCount)
                gesture.handle(event, samplingTime: now, rootTime: rootTime(now))
                if event.isMotion { gesture.track([event]) }
                if gesture.isRefreshing && !isRefreshInFlight {
                    isRefreshInFlight = true
                    Task {
                        inbox.refreshed(after: await Refresh.run())
                    }
                }
                guard redraw(now) else { break }
                counts.eventRedraws += 1
            }
            let now = MonotonicInstant.now()
            if let duration = inbox.takeRefresh() {
                isRefreshInFlight = false
                log.refreshed(after: duration)
                gesture.finishRefresh(atRootTime: rootTime(now))
            }
            gesture.settle(atRootTime: rootTime(now))
            if gesture.phase != .idle && gesture.phase != .dragging && now - lastRedraw >= animationPeriod {
                if redraw(now) { counts.timerRedraws += 1 }
            }
        }
        return counts
    }
}
