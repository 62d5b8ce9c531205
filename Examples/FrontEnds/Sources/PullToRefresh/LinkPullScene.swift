import FrameClock
import MediaTiming

/// The pull-to-refresh on one display link: an actor whose executor is the link's frame thread, so
/// that the input phase (``handle(_:)``: discrete events once, the finger's motion resampled to the
/// frame) and the frame's drawing (``draw(_:)``) share the gesture and the layers without a lock.
/// The refresh runs off the thread; its end is applied here, between frames.
actor LinkPullScene {
    nonisolated let link: DisplayLink
    nonisolated var unownedExecutor: UnownedSerialExecutor { link.executor.asUnownedSerialExecutor() }

    private let window: PullWindow
    private let gesture: PullGesture
    private let log: RunLog
    /// Root time 0 of the scene.
    private let origin: MonotonicInstant
    private var isRefreshInFlight = false
    /// The frame the next ``draw(_:)`` records (the input phase runs just before it).
    private var frameIndex = 0
    /// The next frame's target, predicted from the last one: when a refresh's end takes effect.
    private var nextTarget: MonotonicInstant
    /// Why drawing stopped, if it did.
    private(set) var failure: String?

    init(link: DisplayLink, window: PullWindow, log: RunLog) throws(LayerTreeError) {
        self.link = link
        self.window = window
        self.log = log
        gesture = PullGesture(scene: try PullScene())
        origin = .now()
        nextTarget = origin
    }

    /// The input phase: every event in order, the dragging point's raw samples to the velocity
    /// tracker (before its release, so that the release velocity counts them).
    func handle(_ batch: InputBatch) {
        let rootTime = rootTime(of: batch.frame.targetTimestamp)
        for event in batch.events {
            if !event.isMotion, let point = gesture.draggedPoint, event.point == point {
                gesture.track(batch.rawMotion(of: point).filter { $0.time <= event.time })
            }
            gesture.handle(event, samplingTime: batch.samplingTime, rootTime: rootTime)
        }
        gesture.track(batch.rawMotion)
        log.received(discrete: batch.discreteEvents, motion: batch.rawMotion, frame: frameIndex)
        startRefreshIfAsked()
    }

    /// The frame: the scene at the frame's target time, drawn and committed, and recorded.
    func draw(_ frame: Frame) {
        guard failure == nil else { return }
        let rootTime = rootTime(of: frame.targetTimestamp)
        gesture.settle(atRootTime: rootTime)
        let drawStart = MonotonicInstant.now()
        do {
            try window.present(gesture.scene, atRootTime: rootTime)
        } catch {
            failure = "\(error)"
        }
        let drawTime = (MonotonicInstant.now() - drawStart) / .nanoseconds(1)
        let handOff = gesture.lastHandOff.flatMap { $0.rootTime == rootTime ? $0 : nil }
        let samplingTime = frame.timestamp - link.input.resamplingLatency
        log.append(
            FrameRecord(
                timestamp: frame.timestamp.nanoseconds, target: frame.targetTimestamp.nanoseconds,
                duration: Int64(frame.duration / .nanoseconds(1)),
                samplingTime: samplingTime.nanoseconds, skipped: frame.skippedFrames,
                drawTime: Int64(drawTime), phase: gesture.phase,
                fingerOffset: gesture.fingerOffset, offset: gesture.scene.offset(atRootTime: rootTime),
                offsetVelocity: gesture.scene.offsetVelocity(atRootTime: rootTime),
                arrowAngle: gesture.scene.arrowAngle(atRootTime: rootTime),
                grabbed: gesture.grabRootTime == rootTime, handOff: handOff))
        frameIndex += 1
        nextTarget = frame.targetTimestamp + frame.duration
    }

    /// The refresh came back (on the link's thread, between frames): the header springs home from
    /// the next frame on.
    func finishRefresh(after duration: Duration) {
        isRefreshInFlight = false
        log.refreshed(after: duration)
        gesture.finishRefresh(atRootTime: rootTime(of: nextTarget))
    }

    /// Starts the refresh off the frame thread when a release asked for one.
    private func startRefreshIfAsked() {
        guard gesture.isRefreshing, !isRefreshInFlight else { return }
        isRefreshInFlight = true
        Task {
            let duration = await Refresh.run()
            finishRefresh(after: duration)
        }
    }

    /// Seconds from the scene's origin to `instant`.
    private func rootTime(of instant: MonotonicInstant) -> Double {
        Double((instant - origin) / .nanoseconds(1)) / 1e9
    }
}
