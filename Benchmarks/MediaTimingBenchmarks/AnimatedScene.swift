import MediaTiming

/// A root layer with many animated shape layers and one presentation cache per layer: what a
/// renderer holds to evaluate a scene every frame.
struct AnimatedScene {
    /// Which animations each layer carries.
    enum Animations {
        /// A linear 60 s `strokeEnd` sweep 0 → 1.
        case one
        /// The sweep, an eased autoreversing opacity pulse and a keyframe `position` path.
        case three
        /// The three animations (the pulse and the path repeating three times rather than forever)
        /// on layers whose inputs do not change from frame to frame: the even layers are paused at
        /// a fixed offset inside every animation, the odd ones run on, an hour past the end of
        /// every animation, with nothing filling.
        case idle
    }

    /// The frame interval, 60 Hz.
    static let frameInterval = 1.0 / 60

    let root = Layer()
    let layers: [ShapeLayer]
    var caches: [PresentationCache]
    var frameIndex = 0

    init(layerCount: Int, animationsPerLayer: Animations) throws {
        var layers: [ShapeLayer] = []
        layers.reserveCapacity(layerCount)
        for index in 0..<layerCount {
            let layer = ShapeLayer()
            layer.path = .circle(center: Point(x: 16, y: 16), radius: 12)
            layer.strokeColor = .white
            layer.lineWidth = 2
            layer.position = Point(x: Double(index % 100) * 32, y: Double(index / 100) * 32)
            try root.addSublayer(layer)
            try Self.addAnimations(animationsPerLayer, to: layer, phase: Double(index % 60))
            if animationsPerLayer == .idle {
                if index % 2 == 0 {
                    layer.speed = 0
                    layer.timeOffset = 30
                } else {
                    layer.timeOffset = 3_600
                }
            }
            layers.append(layer)
        }
        self.layers = layers
        caches = Array(repeating: PresentationCache(), count: layerCount)
    }

    /// Attaches the animations; `phase` staggers the layers so that they are at different points.
    private static func addAnimations(_ kind: Animations, to layer: ShapeLayer, phase: Double) throws {
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        sweep.duration = 60
        sweep.timeOffset = phase
        sweep.timingFunction = .linear
        layer.add(sweep, forKey: "sweep", atRootTime: 0)
        guard kind != .one else { return }
        let repeats = kind == .idle ? 3 : Double.infinity

        var pulse = BasicAnimation(property: .opacity, fromValue: 1.0, toValue: 0.2)
        pulse.duration = 0.8
        pulse.autoreverses = true
        pulse.repeatCount = repeats
        pulse.timeOffset = phase / 60
        pulse.timingFunction = .easeInEaseOut
        layer.add(pulse, forKey: "pulse", atRootTime: 0)

        let start = layer.position
        var path = try KeyframeAnimation(
            property: .position,
            values: [
                start, Point(x: start.x + 8, y: start.y), Point(x: start.x + 8, y: start.y + 8),
                Point(x: start.x, y: start.y + 8), start,
            ],
            keyTimes: [0, 0.2, 0.5, 0.7, 1])
        path.duration = 2
        path.repeatCount = repeats
        path.timeOffset = phase / 30
        layer.add(path, forKey: "path", atRootTime: 0)
    }

    /// Brings every layer's cache to root time `rootTime`.
    mutating func evaluate(atRootTime rootTime: Double) {
        Layer.updatePresentations(
            of: layers, into: &caches, atParentTime: root.localTime(atRootTime: rootTime))
    }

    /// Evaluates the next 60 Hz frame, wrapping round after 59 s so that the sweeps stay inside
    /// their active interval.
    mutating func nextFrame() {
        frameIndex = frameIndex == 59 * 60 ? 0 : frameIndex + 1
        evaluate(atRootTime: Double(frameIndex) * Self.frameInterval)
    }

    /// A sum over the presentation states, so that the evaluation cannot be optimised away.
    var checksum: Double {
        caches.reduce(0) { $0 + $1.state.strokeEnd + $1.state.opacity + $1.state.position.x }
    }
}
