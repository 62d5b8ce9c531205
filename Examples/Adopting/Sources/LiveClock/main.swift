// One second of a display link at 30 fps, sampling an animation at each frame's target timestamp;
// FrameClock's log lines go where the program's swift-log handler sends them (standard error here).
import FrameClock
import Logging
import MediaTiming

LoggingSystem.bootstrap(StreamLogHandler.standardError)
let logger = Logger(label: "FrameClock")  // without a logger, FrameClock logs nothing

let ring = ShapeLayer()
var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
sweep.duration = 1
ring.add(sweep, forKey: "sweep", atRootTime: 0)

let link = try DisplayLink(source: .automatic(fallbackFramesPerSecond: 60), logger: logger)
link.preferredFramesPerSecond = 30
var start: MonotonicInstant? = nil
var frames = 0
var skipped = 0
var strokeEnd = 0.0
for await frame in link.frames {  // on this task: the ring needs no lock
    let first = start ?? frame.targetTimestamp
    start = first
    let time = (frame.targetTimestamp - first) / .seconds(1)  // seconds since the first frame
    strokeEnd = ring.presentationValue(of: .strokeEnd, atRootTime: time)
    frames += 1
    skipped += frame.skippedFrames
    if frames + skipped >= 30 { break }
}
link.invalidate()
print("\(frames) frames at \(link.framesPerSecond) fps from \(link.sourceInfo.name), \(skipped) skipped")
print("strokeEnd \(strokeEnd) on the last frame")
