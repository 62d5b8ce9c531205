import CGLibCheck
import Dispatch
import FrameClock
import FrameClockGLib
import Glibc
import Synchronization

/// The loop blocks of the default-threshold check: one shorter than the default threshold (the
/// 200 ms of FrameClockGLib's docs), one longer.
let shortBlock: useconds_t = 200_000
let longBlock: useconds_t = 350_000
/// The default stall threshold at 60 Hz, as FrameClockGLib's docs state it: the larger of four
/// intervals (67 ms) and 250 ms.
let documentedDefaultThreshold = Duration.milliseconds(250)

/// The blocks made by `stallingIdle`, in order.
let defaultThresholdBlocks = Mutex<[(start: MonotonicInstant, end: MonotonicInstant)]>([])

/// An idle handler that blocks the loop for the number of microseconds its data holds.
private let stallingIdle: @convention(c) (gpointer?) -> gboolean = { data in
    let start = MonotonicInstant.now()
    usleep(useconds_t(UInt(bitPattern: data)))
    defaultThresholdBlocks.withLock { $0.append((start, .now())) }
    return 0
}

/// What FrameClockGLib's docs promise of a link left at the default stall threshold: a 200 ms block
/// of the loop is counted in the next frame's skips but not reported as a stall; a block past
/// 250 ms is reported, as the loop busy. Returns the figures.
@MainActor func checkDefaultStallThreshold(_ failures: CheckFailures) -> [String] {
    let source: LoopFrameSource
    let delivery: GLibFrameDelivery
    let link: DisplayLink
    do {
        source = try LoopFrameSource(framesPerSecond: 60)
        delivery = try GLibFrameDelivery(source)
        link = try DisplayLink(source: .loop(source))
    } catch {
        failures.expect(false, "a link at the default stall threshold on the GLib main loop: \(error)")
        return []
    }
    failures.expect(link.stallThreshold == nil, "a new link has the default stall threshold")
    let stalls = Mutex<[FrameStall]>([])
    let stallStream = link.stalls
    Task.detached { for await stall in stallStream { stalls.withLock { $0.append(stall) } } }
    let frames = Mutex<[Frame]>([])
    do {
        try link.start { frame in frames.withLock { $0.append(frame) } }
    } catch {
        failures.expect(false, "starting the default-threshold link: \(error)")
        return []
    }

    let loop = GLibMainLoop()
    DispatchQueue.global().async {
        let start = MonotonicInstant.now()
        sleep(until: .milliseconds(500), after: start)
        g_idle_add(stallingIdle, UnsafeMutableRawPointer(bitPattern: UInt(shortBlock)))
        sleep(until: .milliseconds(1500), after: start)
        g_idle_add(stallingIdle, UnsafeMutableRawPointer(bitPattern: UInt(longBlock)))
        sleep(until: .milliseconds(2500), after: start)
        loop.quit()
    }
    loop.run()
    link.invalidate()
    delivery.end()

    let blocks = defaultThresholdBlocks.withLock { $0 }
    guard blocks.count == 2 else {
        failures.expect(false, "both idle handlers blocked the loop (\(blocks.count) did)")
        return []
    }
    let reports = stalls.withLock { $0 }.filter { $0.phase == .ongoing }
    // A report of a block: its activity started at most an interval before the block (a frame due
    // as the idle handler began), and before the block ended.
    let during = { (block: (start: MonotonicInstant, end: MonotonicInstant)) in
        reports.filter { $0.started >= block.start - .milliseconds(17) && $0.started <= block.end }
    }
    let short = blocks[0]
    let shortLasted = short.end - short.start
    // A loaded machine may oversleep a block up to the threshold: then it proves nothing.
    if shortLasted < documentedDefaultThreshold - .milliseconds(20) {
        failures.expect(
            during(short).isEmpty,
            "a \(shortLasted) block under the default threshold is not reported: \(during(short))")
    } else {
        print(
            "note: the \(shortBlock / 1000) ms block lasted \(shortLasted): not checked against the default")
    }
    let long = blocks[1]
    failures.expect(
        during(long).contains { $0.activity == .loopBusy },
        "a \(long.end - long.start) block past the default threshold is reported as the loop busy: "
            + "\(during(long))")
    // The short block covers 12 intervals, the long one 21: each is counted in the frame after it.
    let skipped = frames.withLock { $0 }.map(\.skippedFrames).filter { $0 > 0 }
    failures.expect(
        skipped.filter { $0 >= 10 }.count >= 2,
        "each block's missed intervals are counted in the frame after it: \(skipped)")
    return [
        "default stall threshold: the \(shortBlock / 1000) ms block (\(shortLasted)) reported "
            + "\(during(short).count) times, the \(longBlock / 1000) ms one \(during(long).count); skips \(skipped)"
    ]
}
