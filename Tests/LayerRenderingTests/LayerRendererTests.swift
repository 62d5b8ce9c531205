import LayerRendering
import MediaTiming
import Testing

/// Layer geometry, shapes, opacity and clipping as the renderer draws them.
struct LayerRendererTests {
    let red = Color(red: 1, green: 0, blue: 0)

    /// A 100 × 100 root layer whose space is the image's.
    func makeRoot() -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        return root
    }

    func square(side: Double, color: Color) -> ShapeLayer {
        let layer = ShapeLayer()
        layer.bounds = Rect(x: 0, y: 0, width: side, height: side)
        var path = Path()
        path.addRect(layer.bounds)
        layer.path = path
        layer.fillColor = color
        return layer
    }

    @Test func positionAndAnchorPlaceALayer() throws {
        let root = makeRoot()
        let box = square(side: 20, color: red)
        box.position = Point(x: 50, y: 50)  // centred on (50, 50): covers 40..<60
        try root.addSublayer(box)
        let image = try LayerRenderer().render(root, atRootTime: 0, width: 100, height: 100)
        #expect(image.pixel(x: 50, y: 50) == red)
        #expect(image.pixel(x: 41, y: 41) == red)
        #expect(image.pixel(x: 38, y: 50) == .clear)
        box.anchorPoint = Point(x: 0, y: 0)  // top-left on (50, 50): covers 50..<70
        let moved = try LayerRenderer().render(root, atRootTime: 0, width: 100, height: 100)
        #expect(moved.pixel(x: 45, y: 45) == .clear)
        #expect(moved.pixel(x: 65, y: 65) == red)
    }

    @Test func transformsApplyAboutTheAnchorPoint() throws {
        let root = makeRoot()
        let bar = square(side: 10, color: red)
        bar.bounds = Rect(x: 0, y: 0, width: 60, height: 10)
        var path = Path()
        path.addRect(bar.bounds)
        bar.path = path
        bar.position = Point(x: 50, y: 50)
        bar.transform = Transform2D(rotationAngle: Double.pi / 2)  // now vertical through (50, 50)
        try root.addSublayer(bar)
        let image = try LayerRenderer().render(root, atRootTime: 0, width: 100, height: 100)
        #expect(image.pixel(x: 50, y: 25) == red)
        #expect(image.pixel(x: 25, y: 50) == .clear)
    }

    @Test func animatedPropertiesAreDrawnAtTheRootTime() throws {
        let root = makeRoot()
        let box = square(side: 10, color: red)
        try root.addSublayer(box)
        let move = BasicAnimation(
            property: .position, fromValue: Point(x: 10, y: 50), toValue: Point(x: 90, y: 50),
            timing: TimingParameters(duration: 1))
        box.add(move, forKey: "move", atRootTime: 0)
        let image = try LayerRenderer().render(root, atRootTime: 0.5, width: 100, height: 100)
        #expect(image.pixel(x: 50, y: 50) == red)
        #expect(image.pixel(x: 10, y: 50) == .clear)
    }

    @Test func opacityHiddenAndBackground() throws {
        let root = makeRoot()
        let box = square(side: 100, color: red)
        box.position = Point(x: 50, y: 50)
        box.opacity = 0.5
        try root.addSublayer(box)
        let renderer = LayerRenderer(background: .white)
        let image = try renderer.render(root, atRootTime: 0, width: 100, height: 100)
        let blended = image.pixel(x: 50, y: 50)
        #expect(blended.red == 1 && abs(blended.green - 0.5) < 0.01 && blended.alpha == 1)
        box.isHidden = true
        #expect(
            try renderer.render(root, atRootTime: 0, width: 100, height: 100).pixel(x: 50, y: 50) == .white)
    }

    @Test func masksToBoundsClipsSublayers() throws {
        let root = makeRoot()
        let clip = Layer()
        clip.frame = Rect(x: 0, y: 0, width: 50, height: 100)
        clip.masksToBounds = true
        let box = square(side: 100, color: red)
        box.position = Point(x: 50, y: 50)
        try clip.addSublayer(box)
        try root.addSublayer(clip)
        let image = try LayerRenderer().render(root, atRootTime: 0, width: 100, height: 100)
        #expect(image.pixel(x: 25, y: 50) == red)
        #expect(image.pixel(x: 75, y: 50) == .clear)
    }

    @Test func strokeStartAndEndTrimTheStroke() throws {
        let root = makeRoot()
        let line = ShapeLayer()
        line.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        line.path = .line(from: Point(x: 0, y: 50), to: Point(x: 100, y: 50))
        line.strokeColor = red
        line.lineWidth = 6
        line.strokeStart = 0.25
        line.strokeEnd = 0.75
        try root.addSublayer(line)
        let image = try LayerRenderer().render(root, atRootTime: 0, width: 100, height: 100)
        #expect(image.pixel(x: 50, y: 50) == red)
        #expect(image.pixel(x: 30, y: 51) == red)
        #expect(image.pixel(x: 20, y: 50) == .clear)
        #expect(image.pixel(x: 80, y: 50) == .clear)
    }

    @Test func degenerateInputDrawsNothingAndDoesNotStopTheRest() throws {
        let root = makeRoot()
        let flat = square(side: 10, color: red)
        flat.transform = Transform2D(scaleX: 0, y: 1)
        let broken = square(side: 10, color: red)
        broken.path = .line(from: Point(x: .nan, y: 0), to: Point(x: 5, y: .infinity))
        broken.strokeColor = red
        broken.lineWidth = .nan
        let fine = square(side: 10, color: red)
        fine.position = Point(x: 80, y: 80)
        for layer in [flat, broken, fine] { try root.addSublayer(layer) }
        let image = try LayerRenderer().render(root, atRootTime: .nan, width: 100, height: 100)
        #expect(image.pixel(x: 80, y: 80) == red)
        #expect(throws: RenderingError.invalidSize(width: 0, height: 10)) {
            _ = try LayerRenderer().render(root, atRootTime: 0, width: 0, height: 10)
        }
    }

    @Test func bitmapColourConversions() throws {
        let half = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let argb = Bitmap.premultipliedARGB(of: half)
        #expect(argb == 0x8080_0000)
        let back = Bitmap.color(fromPremultipliedARGB: argb)
        #expect(back.red == 1 && abs(back.alpha - 128.0 / 255) < 1e-12)
        let bitmap = try Bitmap(width: 2, height: 1, pixels: [argb, 0])
        #expect(bitmap.pixel(x: 1, y: 0) == .clear)
        #expect(bitmap.pixel(x: 5, y: 5) == .clear)
        #expect(throws: RenderingError.invalidSize(width: 3, height: 1)) {
            _ = try Bitmap(width: 3, height: 1, pixels: [0])
        }
    }
}
