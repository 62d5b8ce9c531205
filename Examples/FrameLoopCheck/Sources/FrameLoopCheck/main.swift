// The three findings of issue "One frame loop" and the cost of 500 links, through the public API.
import Foundation
import FrameClock
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A value behind a lock, for state the callbacks and this thread share.
final class Shared<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&value) } }
}

func spin(_ duration: Duration) {
    let end = MonotonicInstant.now() + duration
    while MonotonicInstant.now() < end {}
}

func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}

func median(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }

/// Finding 1: a `frames` consumer gets the frame the callback gets, deadline included.
func framesAgree() async throws -> (droppedDeadlines: Int, differing: Int, of: Int) {
    let link = try DisplayLink(source: .timer(framesPerSecond: 60))
    link.presentationLatency = .milliseconds(4)
    let called = Shared<[UInt64: Frame]>([:])
    try link.start { frame in called.update { $0[frame.sequence] = frame } }
    var streamed: [Frame] = []
    for await frame in link.frames {
        streamed.append(frame)
        if streamed.count == 10 { break }
    }
    link.invalidate()
    let byCallback = called.get()
    let dropped = streamed.filter { $0.deadline == $0.targetTimestamp }.count
    // The consumer keeps up, so its skipped count is the callback's too: every field must match.
    let differing = streamed.filter { byCallback[$0.sequence] != $0 }.count
    return (dropped, differing, streamed.count)
}

/// Finding 2: no callback starts after `invalidate()` returned on another thread.
func invalidationBarrier(trials: Int) throws -> Int {
    var sawFlag = 0
    for trial in 0..<trials {
        let link = try DisplayLink(source: .timer(framesPerSecond: 60))
        link.dispatch = .renderDeadline
        let flag = Shared(false)
        let seen = Shared(false)
        let count = Shared(0)
        try link.start { _ in
            if flag.get() { seen.update { $0 = true } }
            spin(.milliseconds(1))
            count.update { $0 += 1 }
        }
        while count.get() < 3 { usleep(1000) }
        usleep(UInt32(1000 + (trial * 997) % 15_000))
        link.invalidate()
        flag.update { $0 = true }
        usleep(40_000)
        if seen.get() { sawFlag += 1 }
    }
    return sawFlag
}

/// Finding 3: an ordinary link's lateness alone and beside a render-deadline link on one source.
func neighbourLateness(seconds: Double) throws -> (alone: Double, beside: Double) {
    func run(withNeighbour: Bool) throws -> [Double] {
        let source = try SharedFrameSource(.timer(framesPerSecond: 60))
        defer { source.close() }
        let ordinary = try DisplayLink(source: .shared(source))
        let lateness = Shared<[Double]>([])
        var neighbour: DisplayLink?
        if withNeighbour {
            let late = try DisplayLink(source: .shared(source))
            late.dispatch = .renderDeadline
            try late.start { _ in spin(.milliseconds(1)) }
            neighbour = late
        }
        try ordinary.start { frame in lateness.update { $0.append(microseconds(frame.lateness)) } }
        Thread.sleep(forTimeInterval: seconds)
        ordinary.invalidate()
        neighbour?.invalidate()
        return Array(lateness.get().dropFirst(3))
    }
    var alone: [Double] = []
    var beside: [Double] = []
    for _ in 0..<2 {
        alone += try run(withNeighbour: false)
        beside += try run(withNeighbour: true)
    }
    return (median(alone), median(beside))
}

/// 500 links made as a front end makes them: the process's CPU as a share of one core.
func manyLinks(_ count: Int, seconds: Double) throws -> (
    percentOfACore: Double, microsecondsPerCallback: Double
) {
    let callbacks = Atomic<Int>(0)
    var links: [DisplayLink] = []
    for _ in 0..<count {
        let link = try DisplayLink(source: .timer(framesPerSecond: 60))
        try link.start { _ in callbacks.add(1, ordering: .relaxed) }
        links.append(link)
    }
    Thread.sleep(forTimeInterval: 0.3)
    var before = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &before)
    let startCount = callbacks.load(ordering: .relaxed)
    let start = MonotonicInstant.now()
    Thread.sleep(forTimeInterval: seconds)
    var after = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &after)
    let wall = MonotonicInstant.now().nanoseconds - start.nanoseconds
    let delivered = callbacks.load(ordering: .relaxed) - startCount
    for link in links { link.invalidate() }
    let cpu = (after.tv_sec - before.tv_sec) * 1_000_000_000 + (after.tv_nsec - before.tv_nsec)
    return (100 * Double(cpu) / Double(wall), Double(cpu) / 1000 / Double(max(1, delivered)))
}

let frames = try await framesAgree()
print(
    "1. frames consumer vs callback: deadline == target in \(frames.droppedDeadlines) of \(frames.of); "
        + "frames differing in any field: \(frames.differing) of \(frames.of)")
let barrier = try invalidationBarrier(trials: 60)
print(
    "2. render-deadline link invalidated from another thread: a callback saw the flag in \(barrier) of 60 trials"
)
let neighbours = try neighbourLateness(seconds: 2)
print(
    String(
        format:
            "3. ordinary link's median lateness: %.1f µs alone, %.1f µs beside a render-deadline link (%.2f ×)",
        neighbours.alone, neighbours.beside, neighbours.beside / neighbours.alone))
let cost = try manyLinks(500, seconds: 3)
print(
    String(
        format: "4. 500 links at 60 Hz, shared by default: %.1f %% of a core, %.2f µs of CPU a callback",
        cost.percentOfACore, cost.microsecondsPerCallback))
if frames.droppedDeadlines + frames.differing + barrier > 0 {
    print("FAILED: a promise of the frame loop was broken")
    exit(1)
}
