import Foundation
import FrameClock
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A scene on the frame thread, whose method blocks as the callback does.
actor Scene {
    nonisolated let link: DisplayLink
    nonisolated var unownedExecutor: UnownedSerialExecutor { link.executor.asUnownedSerialExecutor() }
    init(link: DisplayLink) { self.link = link }

    func sleep() -> String { sleepAsAFrontEndWould() }
}

/// usleep(1.5 s), timed: what it returned, and after how long.
func sleepAsAFrontEndWould() -> String {
    let start = ContinuousClock.now
    let result = usleep(1_500_000)
    let error = result == 0 ? "" : " (errno \(errno))"
    return "usleep returned \(result)\(error) after \(ContinuousClock.now - start)"
}

let inJob = CommandLine.arguments.contains("--job")
let link = try DisplayLink(source: .timer(framesPerSecond: 60))
let reports = Task { for await stall in link.stalls { print("stall report: \(stall)") } }
try await Task.sleep(for: .milliseconds(100))

let scene = Scene(link: link)
let frames = Mutex(0)
try link.start { frame in
    let count = frames.withLock { count in
        count += 1
        return count
    }
    if frame.skippedFrames > 0 { print("frame \(count): \(frame.skippedFrames) intervals skipped") }
    if count == 30 && !inJob { print("callback: \(sleepAsAFrontEndWould())") }
}
if inJob {
    try await Task.sleep(for: .milliseconds(500))
    print("job: \(await scene.sleep())")
}
while frames.withLock({ $0 }) < 150 { try await Task.sleep(for: .milliseconds(50)) }
link.invalidate()
try await Task.sleep(for: .milliseconds(100))
reports.cancel()
print("frames: \(frames.withLock { $0 })")
