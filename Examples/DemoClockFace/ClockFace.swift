package import LayerRendering
package import MediaTiming

/// clock-demo's face, the layer tree of a seconds clock ready to draw: a ring track, a progress ring
/// revealed from 12 o'clock clockwise by a frozen 60-second `strokeEnd` animation, 60 tick marks and
/// a text label.
///
/// The progress layer has speed 0, so its `timeOffset` picks the frame: ``show(secondsIntoMinute:label:)``
/// sets it, and the ring then covers `seconds / 60` of the circle at any root time. Compute the
/// seconds from the instant the frame will be shown (a display link frame's target timestamp),
/// not by adding up frame durations.
///
/// ```swift
/// let face = ClockFace(size: Size(width: 256, height: 256))
/// face.show(secondsIntoMinute: 15.5, label: "12:34:15")
/// let image = try face.render()
/// try image.writePNG(to: "/tmp/clock.png")
/// ```
///
/// Like its layers, a clock face is not `Sendable`: it belongs to one isolation domain.
package final class ClockFace {
    /// The size of the face in pixels.
    package let size: Size
    /// The root of the tree: the whole face, `size` large.
    package let root: Layer
    /// The full circle behind the progress ring.
    package let track: ShapeLayer
    /// The ring that grows with the seconds (speed 0, a 60 s `strokeEnd` animation 0 → 1 under the
    /// key ``progressAnimationKey``).
    package let progress: ShapeLayer
    /// The 60 tick marks (every fifth longer).
    package let ticks: ShapeLayer
    /// The text in the middle.
    package let label: TextLayer
    /// What fills the image behind the face when rendering. Default: opaque near-black.
    package var background = Color(red: 0.06, green: 0.06, blue: 0.08)

    /// The key of the progress ring's `strokeEnd` animation.
    package static let progressAnimationKey = "secondsSweep"

    /// A face of `size` pixels; the ring's radius fits the smaller side. Colours, widths and the
    /// font can be changed afterwards through the layers.
    package init(size: Size) {
        self.size = size
        let width = size.width.isFinite && size.width > 0 ? size.width : 1
        let height = size.height.isFinite && size.height > 0 ? size.height : 1
        let center = Point(x: width / 2, y: height / 2)
        let outer = min(width, height) / 2
        let ringWidth = max(outer * 0.1, 1)
        let radius = max(outer - ringWidth, 1)

        root = Layer()
        root.name = "clock face"
        root.bounds = Rect(x: 0, y: 0, width: width, height: height)
        root.position = center

        func fullSizeLayer<L: Layer>(_ layer: L, named name: String) -> L {
            layer.name = name
            layer.bounds = Rect(x: 0, y: 0, width: width, height: height)
            layer.position = center
            return layer
        }

        track = fullSizeLayer(ShapeLayer(), named: "track")
        track.path = .circle(center: center, radius: radius)
        track.fillColor = .clear
        track.strokeColor = Color(red: 0.22, green: 0.22, blue: 0.26)
        track.lineWidth = ringWidth

        ticks = fullSizeLayer(ShapeLayer(), named: "ticks")
        var tickPath = Path()
        for tick in 0..<60 {
            let angle = -Double.pi / 2 + Double(tick) * Double.pi / 30
            let length = tick % 5 == 0 ? ringWidth * 1.6 : ringWidth * 0.7
            let inner = radius - ringWidth / 2 - ringWidth * 0.4 - length
            let outerEnd = radius - ringWidth / 2 - ringWidth * 0.4
            let direction = Transform2D(rotationAngle: angle).applied(to: Point(x: 1, y: 0))
            tickPath.move(to: Point(x: center.x + direction.x * inner, y: center.y + direction.y * inner))
            tickPath.addLine(
                to: Point(x: center.x + direction.x * outerEnd, y: center.y + direction.y * outerEnd))
        }
        ticks.path = tickPath
        ticks.fillColor = .clear
        ticks.strokeColor = Color(red: 0.55, green: 0.55, blue: 0.6)
        ticks.lineWidth = max(ringWidth * 0.18, 1)
        ticks.lineCap = .round

        progress = fullSizeLayer(ShapeLayer(), named: "progress")
        progress.path = .circle(center: center, radius: radius)
        progress.fillColor = .clear
        progress.strokeColor = Color(red: 0.2, green: 0.75, blue: 1)
        progress.lineWidth = ringWidth
        progress.lineCap = .round
        progress.strokeEnd = 0
        // Frozen at local time 0 while the animation is added, so that its begin time is 0 and the
        // offset alone selects the frame.
        progress.speed = 0
        progress.timeOffset = 0
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        sweep.duration = 60
        sweep.timingFunction = .linear
        sweep.fillMode = .both
        sweep.isRemovedOnCompletion = false
        progress.add(sweep, forKey: Self.progressAnimationKey, atRootTime: 0)

        label = fullSizeLayer(TextLayer(), named: "label")
        label.alignment = .center
        label.fontFamily = "monospace"
        label.isBold = true
        label.fontSize = max(radius * 0.3, 1)
        label.foregroundColor = Color(white: 0.92)

        for layer in [track, ticks, progress, label] as [Layer] {
            try? root.addSublayer(layer)  // cannot fail: fresh layers, no cycle
        }
    }

    /// The seconds the progress ring shows, in [0, 60).
    package var secondsIntoMinute: Double { progress.timeOffset }

    /// The label's text.
    package var labelText: String {
        get { label.string }
        set { label.string = newValue }
    }

    /// Shows `seconds` into the minute: the ring covers `seconds / 60` of the circle from 12 o'clock.
    /// Seconds outside [0, 60) wrap round (61.5 shows as 1.5; a leap second's 60.x as 0.x); NaN and
    /// infinities show 0. With `label`, the label text is replaced too.
    package func show(secondsIntoMinute seconds: Double, label text: String? = nil) {
        var wrapped = seconds.isFinite ? seconds.truncatingRemainder(dividingBy: 60) : 0
        if wrapped < 0 { wrapped += 60 }
        if wrapped >= 60 { wrapped = 0 }
        progress.timeOffset = wrapped
        if let text { label.string = text }
    }

    /// The face as a new bitmap of ``size`` (rounded up to whole pixels), at root time `rootTime`
    /// (which matters only for animations added to the tree by the caller).
    ///
    /// - Throws: ``RenderingError`` if the size cannot be drawn.
    package func render(atRootTime rootTime: Double = 0) throws(RenderingError) -> Bitmap {
        try renderer.render(root, atRootTime: rootTime, width: pixelWidth, height: pixelHeight)
    }

    /// Draws the face into `bitmap` (its memory reused; the face is drawn at the bitmap's size with
    /// the face's own geometry).
    ///
    /// - Throws: ``RenderingError`` if Cairo cannot set up.
    package func render(into bitmap: inout Bitmap, atRootTime rootTime: Double = 0) throws(RenderingError) {
        try renderer.render(root, atRootTime: rootTime, into: &bitmap)
    }

    /// Draws the face into caller-owned XRGB8888 memory such as a KMS dumb buffer (see
    /// ``LayerRenderer/render(_:atRootTime:intoXRGB8888:width:height:bytesPerRow:)``).
    ///
    /// - Throws: ``RenderingError/invalidBufferLayout(width:height:bytesPerRow:)`` for an impossible
    ///   layout.
    package func render(
        intoXRGB8888 memory: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int,
        atRootTime rootTime: Double = 0
    ) throws(RenderingError) {
        try renderer.render(
            root, atRootTime: rootTime, intoXRGB8888: memory, width: width, height: height,
            bytesPerRow: bytesPerRow)
    }

    private var renderer: LayerRenderer { LayerRenderer(background: background) }
    private var pixelWidth: Int { Self.pixels(size.width) }
    private var pixelHeight: Int { Self.pixels(size.height) }

    /// A side in whole pixels: at least 1, and capped so that an absurd size is refused by the
    /// renderer rather than overflowing here.
    private static func pixels(_ side: Double) -> Int {
        let usable = side.isFinite && side > 1 ? side : 1
        return Int(min(usable, 1_000_000).rounded(.up))
    }
}
