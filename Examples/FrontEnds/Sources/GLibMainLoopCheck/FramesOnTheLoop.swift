import CGLibCheck
import Dispatch
import FrameClock
import FrameClockGLib
import Glibc
import Synchronization

/// How long the link runs on the loop, when the loop is blocked, and how long.
let framesRun = Duration.seconds(10)
let blockAt = Duration.seconds(3)
let blockFor: useconds_t = 200_000
let invalidateAt = Duration.seconds(8)

/// What the link's main-actor callback saw.
@MainActor final class FrameLog {
    var frames: [(frame: Frame, at: MonotonicInstant)] = []
    var offMainThread = 0
    /// Callbacks that started after `invalidate()` had returned on another thread.
    var afterInvalidate = 0
}

/// A duration in nanoseconds.
func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// Sleeps until `offset` after `start` on the monotonic clock.
func sleep(until offset: Duration, after start: MonotonicInstant) {
    let remaining = nanoseconds(start + offset - .now())
    if remaining > 0 { usleep(useconds_t(remaining / 1000)) }
}

/// When the idle handler blocked the loop.
let loopBlock = Mutex<(start: MonotonicInstant, end: MonotonicInstant)?>(nil)
/// Set by the thread that invalidated the link, once `invalidate()` returned.
let invalidated = Atomic<Bool>(false)
/// A link that an idle handler invalidates (from inside a GLib callback).
let invalidatedFromHandler = Mutex<DisplayLink?>(nil)

/// An idle handler of the loop's own that sleeps: the loop cannot dispatch a frame meanwhile.
private let blockingIdle: @convention(c) (gpointer?) -> gboolean = { _ in
    let start = MonotonicInstant.now()
    usleep(blockFor)
    loopBlock.withLock { $0 = (start, .now()) }
    return 0
}

/// An idle handler that invalidates a link: it must return at once.
private let invalidatingIdle: @convention(c) (gpointer?) -> gboolean = { _ in
    invalidatedFromHandler.withLock { $0 }?.invalidate()
    return 0
}

/// A link on a loop source delivered from the default context while the main thread runs the GLib
/// main loop for `framesRun`: every callback on the main thread, a 200 ms block of the loop skipped
/// and, with the stall threshold lowered to 100 ms, reported as a stall; `invalidate()` from another
/// thread a barrier. Returns the figures.
@MainActor func checkFramesOnTheLoop(_ failures: CheckFailures) -> [String] {
    let source: LoopFrameSource
    let delivery: GLibFrameDelivery
    let link: DisplayLink
    let other: DisplayLink
    do {
        source = try LoopFrameSource(framesPerSecond: 60)
        delivery = try GLibFrameDelivery(source)
        link = try DisplayLink(source: .loop(source))
        other = try DisplayLink(source: .loop(source))
    } catch {
        failures.expect(false, "a link delivered on the GLib main loop: \(error)")
        return []
    }
    do {
        _ = try GLibFrameDelivery(source)
        failures.expect(false, "delivering one source twice throws alreadyDelivered")
    } catch {
        failures.expect(error == .alreadyDelivered, "delivering one source twice: \(error)")
    }
    link.stallThreshold = .milliseconds(100)
    let stalls = Mutex<[FrameStall]>([])
    let stallStream = link.stalls
    Task.detached { for await stall in stallStream { stalls.withLock { $0.append(stall) } } }

    let log = FrameLog()
    do {
        try link.startOnMainActor { frame in
            log.frames.append((frame, .now()))
            if check_is_main_thread() == 0 { log.offMainThread += 1 }
            if invalidated.load(ordering: .acquiring) { log.afterInvalidate += 1 }
        }
        try other.start { _ in }
    } catch {
        failures.expect(false, "starting the links on the loop: \(error)")
        return []
    }
    invalidatedFromHandler.withLock { $0 = other }
    // The same rate on a frame thread of its own, for the lateness beside the loop's.
    let onFrameThread: DisplayLink
    let frameThreadLateness = Mutex<[Double]>([])
    do {
        onFrameThread = try DisplayLink(source: .timer(framesPerSecond: 60))
        try onFrameThread.start { frame in
            frameThreadLateness.withLock { $0.append(nanoseconds(frame.lateness) / 1000) }
        }
    } catch {
        failures.expect(false, "a link on a frame thread beside the loop: \(error)")
        return []
    }

    let loop = GLibMainLoop()
    DispatchQueue.global().async {
        let start = MonotonicInstant.now()
        sleep(until: blockAt, after: start)
        g_idle_add(blockingIdle, nil)
        g_idle_add(invalidatingIdle, nil)
        sleep(until: invalidateAt, after: start)
        link.invalidate()
        invalidated.store(true, ordering: .releasing)
        sleep(until: framesRun, after: start)
        loop.quit()
    }
    loop.run()
    delivery.end()
    onFrameThread.invalidate()

    let frames = log.frames
    failures.expect(frames.count > 60, "frames came on the loop (\(frames.count))")
    failures.expect(log.offMainThread == 0, "every callback ran on the main thread")
    failures.expect(
        log.afterInvalidate == 0, "no callback started after invalidate() returned on another thread")
    failures.expect(other.isInvalidated, "invalidate() inside an idle handler returned")
    let period = source.period
    var paced = true
    for (a, b) in zip(frames, frames.dropFirst()) {
        let intervals = nanoseconds(b.frame.timestamp - a.frame.timestamp) / period.nanoseconds
        if b.frame.skippedFrames != Int(b.frame.sequence - a.frame.sequence) - 1
            || abs(intervals - Double(b.frame.sequence - a.frame.sequence)) > 1e-6
        {
            paced = false
        }
    }
    failures.expect(paced, "frames on the grid, every skip counted")
    guard let block = loopBlock.withLock({ $0 }),
        let after = frames.firstIndex(where: { $0.at >= block.end })
    else {
        failures.expect(false, "the idle handler blocked the loop, and a frame came after it")
        return []
    }
    let blocked = Int(nanoseconds(block.end - block.start) / period.nanoseconds)
    let first = frames[after].frame
    failures.expect(
        first.skippedFrames >= blocked - 2,
        "the frame after the \(blockFor / 1000) ms block skipped \(first.skippedFrames) intervals")
    if after + 1 < frames.count {
        failures.expect(
            frames[after + 1].frame.timestamp > block.end,
            "one frame after the block, then the grid: no burst")
    }
    let reports = stalls.withLock { $0 }
    let ongoing = reports.first { $0.phase == .ongoing }
    failures.expect(
        ongoing?.activity == .loopBusy && ongoing?.stack.contains { $0.contains("usleep") } == true,
        "the block was reported as the loop busy, naming usleep: \(ongoing.map { "\($0)" } ?? "no report")")
    failures.expect(reports.contains { $0.phase == .ended }, "and reported again when it ended")

    let lateness = frames.map { nanoseconds($0.frame.lateness) / 1000 }.sorted()
    let threadLateness = frameThreadLateness.withLock { $0 }.sorted()
    let percentile = { (values: [Double], fraction: Double) in
        values.isEmpty ? .nan : values[Int(fraction * Double(values.count - 1))]
    }
    checkDeliveryAfterTheLoopQuit(failures)
    checkContextRunOnAnotherThread(failures)
    return [
        "frames on the loop: \(frames.count) in \(framesRun), callback lateness p50 "
            + "\(Int(percentile(lateness, 0.5))) µs, p99 \(Int(percentile(lateness, 0.99))) µs; the same "
            + "rate on a frame thread in the same run: p50 \(Int(percentile(threadLateness, 0.5))) µs, p99 "
            + "\(Int(percentile(threadLateness, 0.99))) µs",
        "loop blocked \(blocked) intervals: the next frame skipped \(first.skippedFrames); "
            + "stall report: \(ongoing.map { "\($0)" } ?? "none")",
    ]
}

/// Delivery asked for on the default context after its loop quit: it returns at once and nothing
/// is dispatched until the context runs again.
@MainActor private func checkDeliveryAfterTheLoopQuit(_ failures: CheckFailures) {
    do {
        let source = try LoopFrameSource(framesPerSecond: 60)
        let delivery = try GLibFrameDelivery(source)
        let link = try DisplayLink(source: .loop(source))
        let count = Atomic<Int>(0)
        try link.start { _ in count.add(1, ordering: .relaxed) }
        usleep(100_000)
        failures.expect(count.load(ordering: .relaxed) == 0, "no frame while no loop runs the context")
        delivery.end()
        link.invalidate()
    } catch {
        failures.expect(false, "delivery after the loop quit: \(error)")
    }
}

/// A context iterated by a thread other than the source's: the delivery ends, and no callback runs
/// on that thread.
@MainActor private func checkContextRunOnAnotherThread(_ failures: CheckFailures) {
    do {
        let context = GLibMainContext()
        let source = try LoopFrameSource(framesPerSecond: 60)
        let delivery = try GLibFrameDelivery(source, context: context)
        let link = try DisplayLink(source: .loop(source))
        let count = Atomic<Int>(0)
        try link.start { _ in count.add(1, ordering: .relaxed) }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            context.iterate(mayBlock: true)
            done.signal()
        }
        done.wait()
        failures.expect(
            !delivery.isActive && delivery.failure == .notOnLoopThread,
            "a context run on another thread ends the delivery (\(String(describing: delivery.failure)))")
        failures.expect(count.load(ordering: .relaxed) == 0, "no callback ran on that thread")
        link.invalidate()
    } catch {
        failures.expect(false, "a context run on another thread: \(error)")
    }
}
