import LayerRendering
import MediaTiming
import Testing

/// The spinner recipe, drawn: a dot on a layer whose `transform.rotation.z` animates 0 → 2π
/// forever goes round the centre once per second.
struct SpinnerRenderingTests {
    let red = Color(red: 1, green: 0, blue: 0)

    @Test func theDotGoesRoundOncePerSecond() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let spinner = ShapeLayer()
        spinner.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
        spinner.position = Point(x: 50, y: 50)
        spinner.path = .circle(center: Point(x: 30, y: 6), radius: 6)  // a dot at 12 o'clock
        spinner.fillColor = red
        try root.addSublayer(spinner)
        var spin = BasicAnimation(property: .rotation, fromValue: 0, toValue: 2 * Double.pi)
        spin.duration = 1
        spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin", atRootTime: 0)

        // Where the dot's centre is at each quarter turn (clockwise on screen, y down).
        let places = [(50, 26), (74, 50), (50, 74), (26, 50)]
        for second in 0..<3 {
            for (quarter, place) in places.enumerated() {
                let time = Double(second) + Double(quarter) / 4
                let image = try LayerRenderer().render(root, atRootTime: time, width: 100, height: 100)
                for (other, elsewhere) in places.enumerated() {
                    let shown = image.pixel(x: elsewhere.0, y: elsewhere.1)
                    if other == quarter {
                        #expect(shown == red, "at \(time) s the dot should be at \(place)")
                    } else {
                        #expect(shown == .clear, "at \(time) s nothing should be at \(elsewhere)")
                    }
                }
            }
        }
        // Between quarters it is on the way: at 1/8 s, up and to the right.
        let eighth = try LayerRenderer().render(root, atRootTime: 0.125, width: 100, height: 100)
        #expect(eighth.pixel(x: 50 + 17, y: 50 - 17) == red)
    }
}
