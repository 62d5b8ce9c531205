// Three seconds of a ring drawing itself, as PNG frames: frame k shows t = k / 30 s, from t = 0.
import Foundation
import FrameClock
import LayerRendering
import MediaTiming

let folder = CommandLine.arguments.dropFirst().first ?? "frames"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

let ring = ShapeLayer()
ring.bounds = Rect(x: 0, y: 0, width: 128, height: 128)
ring.position = Point(x: 64, y: 64)
ring.path = .circle(center: Point(x: 64, y: 64), radius: 50)  // from 12 o'clock, clockwise
ring.fillColor = .clear
ring.strokeColor = Color(red: 0.35, green: 0.75, blue: 1)
ring.lineWidth = 12
var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
sweep.duration = 3
ring.add(sweep, forKey: "sweep", atRootTime: 0)

let renderer = LayerRenderer(background: Color(red: 0.06, green: 0.06, blue: 0.08))
let frames = try OfflineFrames(framesPerSecond: 30, duration: .seconds(3))
for frame in frames {
    let time = frame.targetTimestamp.seconds  // 0, 1/30, 2/30, … s
    let image = try renderer.render(ring, atRootTime: time, width: 128, height: 128)
    try image.writePNG(to: folder + String(format: "/frame-%03d.png", frame.sequence))
}
print("wrote \(frames.count) frames to \(folder)")
