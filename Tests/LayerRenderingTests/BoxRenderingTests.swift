import LayerRendering
import MediaTiming
import Testing

/// Rounded corners and borders (`cornerRadius`, `borderWidth`, `borderColor`) as Core Animation
/// draws them: on the background, inside the bounds, over the sublayers, and on the clip.
struct BoxRenderingTests {
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)
    let green = Color(red: 0, green: 1, blue: 0)

    /// A 100 × 100 root holding a 40 × 40 red box centred at (50, 50): it covers 30..<70.
    func scene() throws -> (root: Layer, box: Layer) {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let box = Layer()
        box.frame = Rect(x: 30, y: 30, width: 40, height: 40)
        box.backgroundColor = red
        try root.addSublayer(box)
        return (root, box)
    }

    func render(_ root: Layer, at time: Double = 0) throws -> Bitmap {
        try LayerRenderer().render(root, atRootTime: time, width: 100, height: 100)
    }

    @Test func cornerRadiusRoundsTheBackground() throws {
        let (root, box) = try scene()
        #expect(try render(root).pixel(x: 30, y: 30) == red)  // square: the corner is filled
        box.cornerRadius = 12
        let image = try render(root)
        #expect(image.pixel(x: 31, y: 31) == .clear)  // outside the quarter circle
        #expect(image.pixel(x: 68, y: 68) == .clear)
        #expect(image.pixel(x: 50, y: 50) == red)
        #expect(image.pixel(x: 30, y: 50) == red)  // the straight edges stay
        #expect(image.pixel(x: 50, y: 69) == red)
        #expect(image.pixel(x: 34, y: 34) == red)  // inside the curve (4 px in on a 12 px radius)
    }

    @Test func theBorderIsDrawnInsideTheBoundsOverTheSublayers() throws {
        let (root, box) = try scene()
        box.borderWidth = 4
        box.borderColor = blue
        let cover = Layer()
        cover.frame = Rect(x: 0, y: 0, width: 40, height: 40)  // fills the box
        cover.backgroundColor = green
        try box.addSublayer(cover)
        let image = try render(root)
        #expect(image.pixel(x: 30, y: 50) == blue)  // the band 30..<34
        #expect(image.pixel(x: 33, y: 50) == blue)
        #expect(image.pixel(x: 69, y: 69) == blue)
        #expect(image.pixel(x: 35, y: 50) == green)  // inside it the sublayer shows
        #expect(image.pixel(x: 29, y: 50) == .clear)  // nothing outside the bounds
        // Rounded, the border follows the curve and leaves the corner to the sublayer (which is not
        // clipped without masksToBounds, as in Core Animation).
        box.cornerRadius = 12
        let rounded = try render(root)
        #expect(rounded.pixel(x: 31, y: 31) == green)
        #expect(rounded.pixel(x: 34, y: 34) == blue)
        #expect(rounded.pixel(x: 30, y: 50) == blue)
        // No width, or a clear colour: no border.
        box.borderColor = .clear
        #expect(try render(root).pixel(x: 30, y: 50) == green)
    }

    @Test func masksToBoundsClipsToTheRoundedCorners() throws {
        let (root, box) = try scene()
        box.cornerRadius = 20  // a circle
        box.masksToBounds = true
        let cover = Layer()
        cover.frame = Rect(x: -10, y: -10, width: 60, height: 60)
        cover.backgroundColor = green
        try box.addSublayer(cover)
        let image = try render(root)
        #expect(image.pixel(x: 32, y: 32) == .clear)
        #expect(image.pixel(x: 50, y: 50) == green)
        #expect(image.pixel(x: 50, y: 31) == green)
        #expect(image.pixel(x: 25, y: 50) == .clear)
    }

    @Test func animatedCornerRadiusAndBorderAreDrawnAtTheirPresentationValues() throws {
        let (root, box) = try scene()
        var round = BasicAnimation(property: .cornerRadius, fromValue: 0.0, toValue: 20.0)
        round.duration = 1
        var border = BasicAnimation(property: .borderWidth, fromValue: 0.0, toValue: 8.0)
        border.duration = 1
        var tint = BasicAnimation(property: .borderColor, fromValue: blue, toValue: blue)
        tint.duration = 1
        box.add(round, forKey: "round", atRootTime: 0)
        box.add(border, forKey: "border", atRootTime: 0)
        box.add(tint, forKey: "tint", atRootTime: 0)
        let start = try render(root, at: 0)
        #expect(start.pixel(x: 30, y: 30) == red)
        let end = try render(root, at: 0.999)
        #expect(end.pixel(x: 31, y: 31) == .clear)
        #expect(end.pixel(x: 36, y: 50) == blue)
        #expect(end.pixel(x: 39, y: 50) == red)
        let state = box.presentation(atRootTime: 0.5)
        #expect(state.cornerRadius == 10 && state.borderWidth == 4 && state.borderColor == blue)
    }
}
