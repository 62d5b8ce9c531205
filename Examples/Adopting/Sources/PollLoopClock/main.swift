// A display link on a program's own loop: the main thread runs a plain poll loop over standard input
// and the frame source's descriptor, and the frames come on the main thread, between the loop's
// other work, with the program's state on the main actor. Ends after a second of frames or at "q".
import FrameClock
import Glibc
import MediaTiming

let ring = ShapeLayer()
var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
sweep.duration = 1
ring.add(sweep, forKey: "sweep", atRootTime: 0)

let source = try LoopFrameSource(framesPerSecond: 60)  // made here: the main thread is the loop's
let link = try DisplayLink(source: .loop(source))
link.preferredFramesPerSecond = 30
var start: MonotonicInstant? = nil
var frames = 0
var skipped = 0
var strokeEnd = 0.0
var offMainThread = 0
let mainThread = pthread_self()
try link.startOnMainActor { frame in  // main-actor state, no lock, no hop
    let first = start ?? frame.targetTimestamp
    start = first
    strokeEnd = ring.presentationValue(
        of: .strokeEnd, atRootTime: (frame.targetTimestamp - first) / .seconds(1))
    frames += 1
    skipped += frame.skippedFrames
    if pthread_equal(pthread_self(), mainThread) == 0 { offMainThread += 1 }
    if frames + skipped >= 30 { link.invalidate() }
}

var watched = [
    pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0),
    pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
]
loop: while !link.isInvalidated {
    guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
    if watched[1].revents != 0 {  // the program's own work: a line of input
        var line = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &line, line.count)
        if count <= 0 { watched[1].fd = -1 } else if line[0] == UInt8(ascii: "q") { break loop }
    }
    if watched[0].revents != 0 { try source.dispatch() }
}
link.invalidate()
print(
    "\(frames) frames on the main thread at \(link.framesPerSecond) fps from \(link.sourceInfo.name), "
        + "\(skipped) skipped, \(offMainThread) off it")
print("strokeEnd \(strokeEnd) on the last frame")
