import Foundation
import LayerRendering
import MediaTiming
import Testing

/// The iOS-style activity spinner: one short bar replicated twelve times, each copy turned 30° and
/// its fading opacity animation delayed by 1/12 s, checked on the pixels of the PNG it renders to.
struct ReplicatorSpinnerRenderingTests {
    static let barCount = 12
    static let faintest = 0.15

    /// A 100 × 100 root holding the spinner, centred.
    static func spinnerScene() throws -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let spinner = ReplicatorLayer()
        spinner.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        spinner.instanceCount = barCount
        spinner.instanceTransform = Transform2D(rotationAngle: 2 * .pi / Double(barCount))
        spinner.instanceDelay = 1 / Double(barCount)
        let bar = Layer()
        bar.frame = Rect(x: 46, y: 6, width: 8, height: 22)  // centred at (50, 17)
        bar.cornerRadius = 4
        bar.backgroundColor = .white
        var fade = BasicAnimation(property: .opacity, fromValue: 1.0, toValue: faintest)
        fade.duration = 1
        fade.repeatCount = .infinity
        fade.fillMode = .backwards
        bar.add(fade, forKey: "fade", atRootTime: 0)
        try spinner.addSublayer(bar)
        try root.addSublayer(spinner)
        return root
    }

    /// The centre of bar `index`: 33 pixels from the middle, clockwise from 12 o'clock.
    static func barCentre(_ index: Int) -> (x: Int, y: Int) {
        let angle = 2 * Double.pi * Double(index) / Double(barCount)
        return (Int((50 + 33 * sin(angle)).rounded()), Int((50 - 33 * cos(angle)).rounded()))
    }

    /// Renders the scene at `time` to a PNG file and reads the file back.
    static func renderedPNG(at time: Double) throws -> Bitmap {
        let image = try LayerRenderer().render(try spinnerScene(), atRootTime: time, width: 100, height: 100)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spinner-\(UUID().uuidString).png"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.writePNG(to: path)
        return try Bitmap(contentsOfPNG: path)
    }

    @Test(arguments: [3.0, 3.5, 7.25])
    func twelveBarsFadeOneDelayStepApart(time: Double) throws {
        let png = try Self.renderedPNG(at: time)
        for index in 0..<Self.barCount {
            // Bar k's time is k/12 s behind: its progress through the 1 s fade.
            let behind = time - Double(index) / Double(Self.barCount)
            let progress = behind - behind.rounded(.down)
            let expected = 1 + (Self.faintest - 1) * progress
            let centre = Self.barCentre(index)
            let shown = png.pixel(x: centre.x, y: centre.y)
            #expect(
                abs(shown.alpha - expected) <= 1.5 / 255,
                "bar \(index) at \(time) s: opacity \(shown.alpha), expected \(expected)")
            #expect(shown.red == 1 && shown.green == 1 && shown.blue == 1)
        }
        // Between the bars there is nothing: twelve separate bars, not a ring.
        let between = 2 * Double.pi * 0.5 / Double(Self.barCount)
        #expect(png.pixel(x: Int(50 + 33 * sin(between)), y: Int(50 - 33 * cos(between))) == .clear)
    }

    @Test func theBrightestBarStepsClockwiseOncePerDelay() throws {
        var brightest: [Int] = []
        for step in 0..<Self.barCount {
            let png = try Self.renderedPNG(at: 2 + Double(step) / Double(Self.barCount) + 0.001)
            let alphas = (0..<Self.barCount).map { index in
                png.pixel(x: Self.barCentre(index).x, y: Self.barCentre(index).y).alpha
            }
            brightest.append(alphas.indices.max { alphas[$0] < alphas[$1] } ?? -1)
        }
        #expect(brightest == Array(0..<Self.barCount))
    }
}
