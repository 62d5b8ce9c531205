import DRM
import Testing

@testable import FrameClock
@testable import VirtualKernel

#if canImport(Glibc)
    import Glibc
#endif

/// The count of the malloc counter that Tests/Allocations/run-allocation-check.sh preloads; nil when
/// it is not loaded.
enum MallocCounter {
    private typealias Count = @convention(c) () -> UInt64

    private static let function: Count? = {
        guard let symbol = dlsym(nil, "fc_malloc_calls_on_this_thread") else { return nil }
        return unsafeBitCast(symbol, to: Count.self)
    }()

    static var isLoaded: Bool { function != nil }

    /// Allocations made so far by the calling thread.
    static func count() -> UInt64 { function?() ?? 0 }
}

/// The per-frame paths allocate nothing: a tick from the DRM source through the seam (real `poll`
/// and `read` on a descriptor, the event parser), and a tick from the timer source. Counted in an
/// optimised build by Tests/Allocations/run-allocation-check.sh; skipped without its counter.
@Suite("Allocations per tick", .enabled(if: MallocCounter.isLoaded, "needs the preloaded malloc counter"))
struct AllocationTests {
    static let ticks = 10_000

    @Test("a DRM tick through the seam (queue, poll, read, parse) allocates nothing")
    func drmTick() throws {
        let kernel = try PipeKernel()
        let source = try DRMTickSource(system: kernel, crtc: ScriptedKernel.crtc, control: ControlChannel())
        defer { source.close() }
        var next = source.grid.anchorSequence + 1
        // Warm up: the array of requests in flight reaches its capacity.
        for _ in 0..<100 {
            guard let tick = try source.waitForTick(atOrAfter: next) else { break }
            next = tick.sequence + 1
        }
        let before = MallocCounter.count()
        var delivered = 0
        for _ in 0..<Self.ticks {
            guard let tick = try source.waitForTick(atOrAfter: next) else { break }
            next = tick.sequence + 1
            delivered += 1
        }
        let allocations = MallocCounter.count() - before
        print("DRM tick source over the seam: \(allocations) allocations in \(delivered) ticks")
        #expect(delivered == Self.ticks)
        #expect(allocations == 0)
    }

    @Test("holding and releasing the CPU-latency request around a tick allocates nothing")
    func latencyOnDemand() throws {
        var options = FrameThreadOptions(latencyOnDemand: true)
        options.latencyDevicePath = "/dev/null"
        let latency = LatencyOnDemand(options: options)
        defer { latency.close() }
        #expect(latency.isAvailable)
        for _ in 0..<100 {
            _ = latency.hold()
            _ = latency.release()
        }
        let before = MallocCounter.count()
        var failures = 0
        for _ in 0..<Self.ticks {
            if latency.hold() != nil { failures += 1 }
            if latency.release() != nil { failures += 1 }
        }
        let allocations = MallocCounter.count() - before
        print("latency on demand: \(allocations) allocations in \(Self.ticks) holds and releases")
        #expect(failures == 0)
        #expect(allocations == 0)
    }

    @Test("a timer tick through the seam allocates nothing")
    func timerTick() throws {
        let control = try ControlChannel()
        let period = try FramePeriod(framesPerSecond: 20_000)
        let grid = TickGrid(
            anchorSequence: 0, anchorTimestamp: LinuxTimerSystemCalls().monotonicNanoseconds(), period: period
        )
        let source = try TimerTickSource(grid: grid, precision: .standard, control: control)
        defer { source.close() }
        var next: Int64 = 1
        for _ in 0..<100 {
            guard let tick = try source.waitForTick(atOrAfter: next) else { break }
            next = tick.sequence + 1
        }
        let before = MallocCounter.count()
        for _ in 0..<Self.ticks / 10 {
            guard let tick = try source.waitForTick(atOrAfter: next) else { break }
            next = tick.sequence + 1
        }
        let allocations = MallocCounter.count() - before
        print("timer tick source over the seam: \(allocations) allocations in \(Self.ticks / 10) ticks")
        #expect(allocations == 0)
    }
}
