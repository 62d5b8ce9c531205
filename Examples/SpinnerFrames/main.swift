// An iOS-style activity spinner from a replicator layer, written as PNG frames: one second (a whole
// turn of the fade) at 30 frames per second, frame k showing t = 1 + k / 30 s (by t = 1 s every
// copy's fade has begun).
//
//   swift run spinner-frames [FOLDER] [SIZE]       (default: spinner-frames, 160 pixels)
import Foundation
import LayerRendering
import MediaTiming

let arguments = CommandLine.arguments.dropFirst()
let folder = arguments.first ?? "spinner-frames"
let size = arguments.dropFirst().first.flatMap { Int($0) }.map { min(max($0, 32), 4096) } ?? 160
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

let tree = LayerTree()
let side = Double(size)

// The spinner: one short rounded bar, replicated twelve times, each copy turned 30° about the centre
// and its fade started 1/12 s after the previous copy's.
let spinner = ReplicatorLayer()
spinner.frame = Rect(x: 0, y: 0, width: side, height: side)
spinner.instanceCount = 12
spinner.instanceTransform = Transform2D(rotationAngle: 2 * .pi / 12)
spinner.instanceDelay = 1.0 / 12
let bar = Layer()
bar.frame = Rect(x: side * 0.46, y: side * 0.1, width: side * 0.08, height: side * 0.24)
bar.cornerRadius = side * 0.04
bar.backgroundColor = Color(white: 0.92)
var fade = BasicAnimation(property: .opacity, fromValue: 1.0, toValue: 0.15)
fade.duration = 1
fade.repeatCount = .infinity
fade.fillMode = .backwards  // copies whose time has not reached 0 yet show the start of the fade
bar.add(fade, forKey: "fade", atRootTime: 0)
try spinner.addSublayer(bar)
try tree.root.addSublayer(spinner)

let renderer = LayerRenderer(background: Color(red: 0.11, green: 0.11, blue: 0.13))
for frame in 0..<30 {
    tree.advance(to: 1 + Double(frame) / 30)
    let image = try renderer.render(tree.root, atRootTime: tree.currentTime, width: size, height: size)
    try image.writePNG(to: folder + String(format: "/frame-%03d.png", frame))
}
print("wrote 30 frames to \(folder)")
