import LayerRendering
import MediaTiming
import Testing

/// Gradient layers drawn with Cairo patterns, and replicator copies tinted by their colour.
struct GradientAndTintRenderingTests {
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)

    func isClose(_ a: Color, _ b: Color, tolerance: Double = 2.5 / 255) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
            && abs(a.blue - b.blue) <= tolerance
            && abs(a.alpha - b.alpha) <= tolerance
    }

    func gradientScene(_ configure: (GradientLayer) -> Void) throws -> (Layer, GradientLayer) {
        let root = Layer()
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 0, y: 0, width: 101, height: 101)
        gradient.colors = [red, blue]
        configure(gradient)
        try root.addSublayer(gradient)
        return (root, gradient)
    }

    @Test func anAxialGradientRunsFromTheStartPointToTheEndPoint() throws {
        let (root, _) = try gradientScene { layer in
            layer.startPoint = Point(x: 0, y: 0.5)
            layer.endPoint = Point(x: 1, y: 0.5)
        }
        let image = try LayerRenderer().render(root, atRootTime: 0, width: 101, height: 101)
        #expect(isClose(image.pixel(x: 0, y: 50), red, tolerance: 6 / 255))
        #expect(isClose(image.pixel(x: 50, y: 10), Color(red: 0.5, green: 0, blue: 0.5)))
        #expect(isClose(image.pixel(x: 100, y: 90), blue, tolerance: 6 / 255))
    }

    @Test func locationsMoveTheColoursAndAnimate() throws {
        let (root, gradient) = try gradientScene { layer in
            layer.locations = [0.5, 1]  // red down to the middle, then red to blue
        }
        let image = try LayerRenderer().render(root, atRootTime: 0, width: 101, height: 101)
        #expect(image.pixel(x: 50, y: 25) == red)
        #expect(isClose(image.pixel(x: 50, y: 75), Color(red: 0.5, green: 0, blue: 0.5), tolerance: 6 / 255))
        var slide = BasicAnimation(property: .locations, fromValue: [0, 0.01], toValue: [0.5, 1])
        slide.duration = 2
        gradient.add(slide, forKey: "slide", atRootTime: 0)
        let early = try LayerRenderer().render(root, atRootTime: 0, width: 101, height: 101)
        #expect(isClose(early.pixel(x: 50, y: 25), blue), "at the start the blue begins almost at the top")
    }

    @Test func aRadialGradientIsCentredOnTheStartPoint() throws {
        let (root, _) = try gradientScene { layer in
            layer.type = .radial
            layer.startPoint = Point(x: 0.5, y: 0.5)
            layer.endPoint = Point(x: 1, y: 1)
        }
        let image = try LayerRenderer().render(root, atRootTime: 0, width: 101, height: 101)
        #expect(isClose(image.pixel(x: 50, y: 50), red, tolerance: 6 / 255))
        #expect(isClose(image.pixel(x: 75, y: 50), Color(red: 0.5, green: 0, blue: 0.5), tolerance: 6 / 255))
        #expect(isClose(image.pixel(x: 50, y: 25), Color(red: 0.5, green: 0, blue: 0.5), tolerance: 6 / 255))
        #expect(image.pixel(x: 1, y: 1) == blue, "beyond the ellipse the last colour continues")
    }

    @Test func copiesAreTintedByTheInstanceColourAndItsOffsets() throws {
        let root = Layer()
        let row = ReplicatorLayer()
        row.frame = Rect(x: 0, y: 0, width: 40, height: 10)
        row.instanceCount = 4
        row.instanceTransform = Transform2D(translationX: 10, y: 0)
        row.instanceColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        row.instanceGreenOffset = -0.25
        row.instanceBlueOffset = -0.5
        row.instanceAlphaOffset = -0.25
        let square = Layer()
        square.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = .white
        try row.addSublayer(square)
        try root.addSublayer(row)
        let image = try LayerRenderer().render(root, atRootTime: 0, width: 40, height: 10)
        for copy in 0..<4 {
            let k = Double(copy)
            let expected = Color(red: 1, green: 1 - 0.25 * k, blue: max(1 - 0.5 * k, 0), alpha: 1 - 0.25 * k)
            let shown = image.pixel(x: copy * 10 + 5, y: 5)
            if copy == 3 {
                #expect(isClose(shown, expected, tolerance: 8 / 255), "copy \(copy): \(shown)")
            } else {
                #expect(isClose(shown, expected), "copy \(copy): \(shown)")
            }
        }
    }

    @Test func aNegativeInstanceCountDrawsNoCopies() throws {
        let root = Layer()
        let replicator = ReplicatorLayer()
        replicator.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        replicator.instanceCount = -3
        let square = Layer()
        square.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = .white
        try replicator.addSublayer(square)
        try root.addSublayer(replicator)
        let image = try LayerRenderer().render(root, atRootTime: 0, width: 10, height: 10)
        #expect(image.pixel(x: 5, y: 5) == .clear)
    }
}
