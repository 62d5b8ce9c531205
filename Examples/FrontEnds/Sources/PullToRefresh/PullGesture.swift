import FrameClock

/// The pull-to-refresh's rules, applied to a ``PullScene``: a press or a touch grabs the header where
/// it is shown (mid-spring too), motion pulls it, the arrow turns over while the pull is past the
/// threshold, and a release springs it — to the spinner's row with a refresh when past the threshold,
/// home otherwise — from the release's position and velocity.
///
/// Times: `rootTime` is the scene's time the change shows at (a frame's target, in seconds); event
/// times are on `CLOCK_MONOTONIC`. Not `Sendable`: it belongs to whoever drives it.
final class PullGesture {
    let scene: PullScene

    private(set) var phase = PullPhase.idle
    /// The pull the finger asks for, while dragging.
    private(set) var fingerOffset: Double?
    /// Whether a refresh runs (it may go on under a new drag); the owner starts the work when this
    /// turns true and calls ``finishRefresh(atRootTime:)`` when it is done.
    private(set) var isRefreshing = false
    /// The root time of the newest grab.
    private(set) var grabRootTime: Double?
    /// The newest hand-off from a drag to a spring.
    private(set) var lastHandOff: HandOff?

    private var grab: Grab?
    private var tracker = VelocityTracker()
    /// The newest time fed to the tracker.
    private var trackedUntil = MonotonicInstant(nanoseconds: .min)
    private var isArrowTurned = false
    /// Where each pointer is: a press carries no position.
    private var pointerPositions: [UInt32: InputPosition] = [:]
    /// When the running spring settles, in root time.
    private var springSettles = 0.0

    /// What a drag holds: the point, and where it and the header were when it grabbed.
    private struct Grab {
        var point: InputPointID
        var fingerY: Double
        var offset: Double
    }

    /// A drag handed to a spring: the release's velocity and where the spring began.
    struct HandOff: Sendable {
        /// The tracker's velocity at the release, per second.
        var releaseVelocity: Double
        /// The pull the spring began at, and its root time.
        var startOffset: Double
        var rootTime: Double
    }

    init(scene: PullScene) {
        self.scene = scene
    }

    /// Applies one event. `samplingTime` is the instant the scene's frame shows the finger at (the
    /// batch's sampling time; for per-event handling, the event's receipt).
    func handle(_ event: InputEvent, samplingTime: MonotonicInstant, rootTime: Double) {
        switch event.kind {
        case .pointerMotion(let pointer, let position):
            pointerPositions[pointer] = position
            move(.pointer(pointer), to: position, rootTime: rootTime)
        case .touchMotion(let touch, let position):
            move(.touch(touch), to: position, rootTime: rootTime)
        case .pointerPressed(let pointer, _):
            guard let position = pointerPositions[pointer] else { return }
            begin(.pointer(pointer), at: position, time: event.time, rootTime: rootTime)
        case .touchDown(let touch, let position):
            begin(.touch(touch), at: position, time: event.time, rootTime: rootTime)
        case .pointerReleased(let pointer, _):
            end(.pointer(pointer), time: event.time, samplingTime: samplingTime, rootTime: rootTime)
        case .touchUp(let touch), .touchCancel(let touch):
            end(.touch(touch), time: event.time, samplingTime: samplingTime, rootTime: rootTime)
        case .keyPressed, .keyReleased:
            break
        }
    }

    /// Feeds the velocity tracker the raw samples of the dragging point that it has not seen.
    func track(_ samples: [InputEvent]) {
        guard let grab else { return }
        for sample in samples where sample.point == grab.point && sample.time > trackedUntil {
            tracker.add(sample)
            trackedUntil = sample.time
        }
    }

    /// The point being dragged, if any.
    var draggedPoint: InputPointID? { grab?.point }

    /// Ends a spring home once it has settled.
    func settle(atRootTime rootTime: Double) {
        if phase == .springingBack && rootTime >= springSettles { phase = .idle }
    }

    /// The refresh came back: the spinner goes, and the header springs home from where it is shown
    /// (unless a finger holds it).
    func finishRefresh(atRootTime rootTime: Double) {
        guard isRefreshing else { return }
        isRefreshing = false
        isArrowTurned = false
        scene.stopSpinner()
        guard grab == nil else { return }
        startSpring(
            from: scene.offset(atRootTime: rootTime), velocity: scene.offsetVelocity(atRootTime: rootTime),
            to: 0, rootTime: rootTime)
        phase = .springingBack
    }

    private func begin(
        _ point: InputPointID, at position: InputPosition, time: MonotonicInstant, rootTime: Double
    ) {
        guard grab == nil else { return }
        let offset = scene.offset(atRootTime: rootTime)
        grab = Grab(point: point, fingerY: position.y, offset: offset)
        scene.hold(at: offset)
        fingerOffset = offset
        grabRootTime = rootTime
        tracker.reset()
        tracker.add(position, at: time)
        trackedUntil = time
        phase = .dragging
    }

    private func move(_ point: InputPointID, to position: InputPosition, rootTime: Double) {
        guard let grab, grab.point == point else { return }
        let offset = max(0, grab.offset + position.y - grab.fingerY)
        fingerOffset = offset
        scene.hold(at: offset)
        guard !isRefreshing else { return }
        let turned = offset >= PullLayout.threshold
        if turned != isArrowTurned {
            isArrowTurned = turned
            scene.turnArrow(up: turned, atRootTime: rootTime)
        }
    }

    /// The release: the spring starts at the pull the finger had at `samplingTime` (the release's
    /// position carried along the release velocity), so that this frame is one step on from the last.
    private func end(
        _ point: InputPointID, time: MonotonicInstant, samplingTime: MonotonicInstant, rootTime: Double
    ) {
        guard let grab, grab.point == point, let offset = fingerOffset else { return }
        let velocity = offset > 0 ? tracker.velocity(at: time).y : 0
        let lead = Double((samplingTime - time) / .nanoseconds(1)) / 1e9
        let start = max(0, offset + velocity * lead)
        self.grab = nil
        fingerOffset = nil
        let target: Double
        if isRefreshing || offset >= PullLayout.threshold {
            target = PullLayout.refreshingOffset
            if !isRefreshing {
                isRefreshing = true
                scene.startSpinner(atRootTime: rootTime)
            }
            phase = .refreshing
        } else {
            target = 0
            phase = .springingBack
        }
        startSpring(from: start, velocity: velocity, to: target, rootTime: rootTime)
        lastHandOff = HandOff(releaseVelocity: velocity, startOffset: start, rootTime: rootTime)
    }

    private func startSpring(from offset: Double, velocity: Double, to target: Double, rootTime: Double) {
        springSettles =
            rootTime + scene.spring(from: offset, velocity: velocity, to: target, atRootTime: rootTime)
    }
}
