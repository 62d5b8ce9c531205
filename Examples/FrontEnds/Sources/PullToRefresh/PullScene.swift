import LayerRendering
import MediaTiming
import Wayland

/// The list and its header as MediaTiming layers: the content (header and rows) moved down by the
/// pull, the arrow that turns over, the spinner (a replicator layer) shown while refreshing. Every
/// animation is sampled at the root time the caller gives (a frame's target time, in seconds).
///
/// Not `Sendable`: it belongs to whoever drives it (the link's scene actor, or the naive loop).
final class PullScene {
    private let root = Layer()
    /// The header and the rows; its vertical translation is the pull.
    private let content = Layer()
    private let arrow = ShapeLayer()
    private let spinner = ReplicatorLayer()
    private let spinnerBar = Layer()
    private let renderer = LayerRenderer(background: Color(white: 0.93))

    /// The key of the animation that moves the content (a spring).
    private static let pullKey = "pull"
    private static let arrowKey = "arrow"
    private static let fadeKey = "fade"
    /// The side of the arrow's and the spinner's square, centred in the header.
    private static let iconSide = 32.0
    /// How many bars the spinner has.
    private static let spinnerBars = 12
    /// The spinner's bars fade over this many seconds, each starting this much over the bar count
    /// after the one before.
    private static let spinnerPeriod = 1.0

    init() throws(LayerTreeError) {
        let width = Double(PullLayout.width)
        root.frame = Rect(x: 0, y: 0, width: width, height: Double(PullLayout.height))
        content.frame = root.frame
        try root.addSublayer(content)
        let header = Layer()
        header.frame = Rect(
            x: 0, y: -PullLayout.refreshingOffset, width: width, height: PullLayout.refreshingOffset)
        try content.addSublayer(header)
        let icon = Rect(
            x: (width - Self.iconSide) / 2, y: (PullLayout.refreshingOffset - Self.iconSide) / 2,
            width: Self.iconSide, height: Self.iconSide)
        try header.addSublayer(Self.configuredArrow(arrow, in: icon))
        try header.addSublayer(try Self.configuredSpinner(spinner, bar: spinnerBar, in: icon))
        for index in 0..<PullLayout.rowCount {
            try content.addSublayer(try Self.row(at: index, width: width))
        }
    }

    // MARK: The pull

    /// The pull shown at `rootTime`: the content's translation, a spring's if one runs.
    func offset(atRootTime rootTime: Double) -> Double {
        content.presentationValue(of: .translationY, atRootTime: rootTime)
    }

    /// How fast the pull shown changes at `rootTime`, per second, looking forwards (so that at a
    /// spring's first instant it is the spring's own start velocity).
    func offsetVelocity(atRootTime rootTime: Double) -> Double {
        let step = Layer.velocityDifferenceStep
        return (offset(atRootTime: rootTime + step) - offset(atRootTime: rootTime)) / step
    }

    /// Holds the content at `offset`: the finger's pull (a spring in flight is dropped).
    func hold(at offset: Double) {
        content.removeAnimation(forKey: Self.pullKey)
        content.transform = Transform2D(translationX: 0, y: offset)
    }

    /// Springs the content from `offset`, moving at `velocity` per second, to `target`, beginning at
    /// `rootTime`: continuous in position and velocity with the motion it takes over. Returns how long
    /// it takes to settle, in seconds.
    func spring(from offset: Double, velocity: Double, to target: Double, atRootTime rootTime: Double)
        -> Double
    {
        let spring = SpringAnimation(
            property: .translationY, continuingFrom: offset, velocity: velocity, to: target,
            mass: PullLayout.springMass, stiffness: PullLayout.springStiffness,
            damping: PullLayout.springDamping)
        content.transform = Transform2D(translationX: 0, y: target)
        content.add(spring, forKey: Self.pullKey, atRootTime: rootTime)
        return spring.settlingDuration
    }

    // MARK: The arrow and the spinner

    /// The arrow's angle shown at `rootTime`: 0 pointing down, π turned over.
    func arrowAngle(atRootTime rootTime: Double) -> Double {
        arrow.presentationValue(of: .rotation, atRootTime: rootTime)
    }

    /// Turns the arrow over (`up`) or back, from the angle shown at `rootTime`, over
    /// ``PullLayout/arrowTurnDuration``.
    func turnArrow(up: Bool, atRootTime rootTime: Double) {
        let target = up ? PullLayout.arrowUpAngle : PullLayout.arrowDownAngle
        var turn = BasicAnimation(
            property: .rotation, fromValue: arrowAngle(atRootTime: rootTime), toValue: target,
            timingFunction: .easeInEaseOut)
        turn.duration = PullLayout.arrowTurnDuration
        arrow.transform = Transform2D(rotationAngle: target)
        arrow.add(turn, forKey: Self.arrowKey, atRootTime: rootTime)
    }

    /// Shows the spinner in the arrow's place, its fade starting at `rootTime`.
    func startSpinner(atRootTime rootTime: Double) {
        var fade = BasicAnimation(property: .opacity, fromValue: 1.0, toValue: 0.15)
        fade.duration = Self.spinnerPeriod
        fade.repeatCount = .infinity
        fade.fillMode = .backwards  // bars whose delayed time has not begun show the fade's start
        spinnerBar.add(fade, forKey: Self.fadeKey, atRootTime: rootTime)
        spinner.isHidden = false
        arrow.isHidden = true
    }

    /// Hides the spinner and puts the arrow back, pointing down.
    func stopSpinner() {
        spinner.isHidden = true
        spinnerBar.removeAnimation(forKey: Self.fadeKey)
        arrow.removeAnimation(forKey: Self.arrowKey)
        arrow.transform = Transform2D(rotationAngle: PullLayout.arrowDownAngle)
        arrow.isHidden = false
    }

    // MARK: Drawing

    /// Draws the scene at `rootTime` into a window buffer.
    func render(into pixels: WaylandPixels, atRootTime rootTime: Double) throws(RenderingError) {
        try renderer.render(
            root, atRootTime: rootTime, intoXRGB8888: pixels.baseAddress, width: pixels.width,
            height: pixels.height, bytesPerRow: pixels.stride)
    }

    // MARK: Building the layers

    /// The arrow: a shaft and a head, pointing down, turning about its centre.
    private static func configuredArrow(_ arrow: ShapeLayer, in frame: Rect) -> ShapeLayer {
        arrow.frame = frame
        let middle = frame.size.width / 2
        var path = Path()
        path.move(to: Point(x: middle, y: 3))
        path.addLine(to: Point(x: middle, y: frame.size.height - 3))
        path.move(to: Point(x: middle - 9, y: frame.size.height - 12))
        path.addLine(to: Point(x: middle, y: frame.size.height - 3))
        path.addLine(to: Point(x: middle + 9, y: frame.size.height - 12))
        arrow.path = path
        arrow.strokeColor = Color(white: 0.45)
        arrow.fillColor = .clear
        arrow.lineWidth = 3
        arrow.lineCap = .round
        arrow.lineJoin = .round
        return arrow
    }

    /// The spinner: one rounded bar replicated twelve times round the centre, hidden until a refresh.
    private static func configuredSpinner(_ spinner: ReplicatorLayer, bar: Layer, in frame: Rect)
        throws(LayerTreeError) -> ReplicatorLayer
    {
        let side = frame.size.width
        spinner.frame = frame
        spinner.instanceCount = spinnerBars
        spinner.instanceTransform = Transform2D(rotationAngle: 2 * .pi / Double(spinnerBars))
        spinner.instanceDelay = spinnerPeriod / Double(spinnerBars)
        spinner.isHidden = true
        bar.frame = Rect(x: side * 0.46, y: side * 0.05, width: side * 0.08, height: side * 0.26)
        bar.cornerRadius = side * 0.04
        bar.backgroundColor = Color(white: 0.35)
        try spinner.addSublayer(bar)
        return spinner
    }

    /// A list row: a white card with two grey bars where its text would be.
    private static func row(at index: Int, width: Double) throws(LayerTreeError) -> Layer {
        let inset = PullLayout.rowInset
        let height = PullLayout.rowHeight - inset
        let card = Layer()
        card.frame = Rect(
            x: inset, y: Double(index) * PullLayout.rowHeight + inset / 2, width: width - 2 * inset,
            height: height)
        card.backgroundColor = .white
        card.cornerRadius = 8
        let title = Layer()
        title.frame = Rect(x: 16, y: height * 0.25, width: (width - 2 * inset) * 0.55, height: 10)
        title.backgroundColor = Color(white: 0.6)
        title.cornerRadius = 5
        let subtitle = Layer()
        subtitle.frame = Rect(x: 16, y: height * 0.6, width: (width - 2 * inset) * 0.35, height: 8)
        subtitle.backgroundColor = Color(white: 0.8)
        subtitle.cornerRadius = 4
        try card.addSublayer(title)
        try card.addSublayer(subtitle)
        return card
    }
}
