import FrameClock
import MediaTiming

/// A front end's scene on the frame thread: an actor whose executor is the display link's. Its layer
/// tree is not `Sendable` and needs no lock — the frame callback (isolated to the scene) and the
/// methods other tasks await all run on the frame thread, never at once.
actor SpinnerScene {
    nonisolated let link: DisplayLink
    nonisolated var unownedExecutor: UnownedSerialExecutor { link.executor.asUnownedSerialExecutor() }

    /// The spinner: twelve bars from a replicator layer, each fading a twelfth of a second after
    /// the one before.
    private let tree = LayerTree()
    private var start: MonotonicInstant?
    private var frames = 0
    private var skipped = 0
    private var status = "fetching…"
    private var lastPrintedSecond = 0
    /// The frames drawn while the fetch was out, once it is in.
    private(set) var framesWhileFetching: Int?

    init(link: DisplayLink) throws {
        self.link = link
        let spinner = ReplicatorLayer()
        spinner.frame = Rect(x: 0, y: 0, width: 64, height: 64)
        spinner.instanceCount = 12
        spinner.instanceTransform = Transform2D(rotationAngle: 2 * .pi / 12)
        spinner.instanceDelay = 1.0 / 12
        let bar = Layer()
        bar.frame = Rect(x: 29, y: 6, width: 6, height: 16)
        var fade = BasicAnimation(property: .opacity, fromValue: 1.0, toValue: 0.15)
        fade.duration = 1
        fade.repeatCount = .infinity
        fade.fillMode = .backwards
        bar.add(fade, forKey: "fade", atRootTime: 0)
        try spinner.addSublayer(bar)
        try tree.root.addSublayer(spinner)
    }

    /// A frame: the spinner's time moves to the frame's target, and once a second a line says where
    /// it is and what the fetch gave so far.
    func draw(_ frame: Frame) {
        let start = start ?? frame.targetTimestamp
        self.start = start
        let seconds = Double((frame.targetTimestamp - start) / .nanoseconds(1)) / 1e9
        tree.advance(to: seconds)
        frames += 1
        skipped += frame.skippedFrames
        let second = Int(seconds)
        guard second > lastPrintedSecond else { return }
        lastPrintedSecond = second
        // The brightest bar moves on a twelfth of a turn every twelfth of a second.
        let steps = Int(tree.currentTime * 12)
        print("\(second) s: \(frames) frames, \(skipped) skipped, spinner \(steps) steps on; \(status)")
    }

    /// Applies the fetch's result: on the frame thread, between frames.
    func apply(_ result: String, framesBefore: Int) {
        status = result
        framesWhileFetching = frames - framesBefore
        let onFrameThread = link.executor.isIsolatingCurrentContext() == true
        print("applied between frames (on the frame thread: \(onFrameThread)): \(result)")
    }

    /// Frames drawn and skipped so far.
    func counts() -> (frames: Int, skipped: Int) { (frames, skipped) }
}
