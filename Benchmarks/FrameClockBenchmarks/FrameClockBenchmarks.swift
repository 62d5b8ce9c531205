import Benchmark
import Dispatch
import FrameClock

/// An actor on a display link's frame thread, for the hop benchmarks.
actor FrameActor {
    let link: DisplayLink
    nonisolated var unownedExecutor: UnownedSerialExecutor { link.executor.asUnownedSerialExecutor() }
    private var count = 0

    init(link: DisplayLink) { self.link = link }

    func touch() -> Int {
        count += 1
        return count
    }
}

/// An actor on the default executor, for comparison.
actor PlainActor {
    private var count = 0

    func touch() -> Int {
        count += 1
        return count
    }
}

/// Microbenchmarks of the per-frame path: `swift package benchmark` (release build).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .instructions], warmupIterations: 1_000,
        scalingFactor: .kilo, maxDuration: .seconds(2))

    // One frame through the whole link: the frame thread's target computation, the pacing decision,
    // the Frame, the callback and the bookkeeping after it (the manual source stands in for the wait).
    Benchmark("DisplayLink per-frame path (pacing and dispatch)") { benchmark in
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        try link.start { frame in blackHole(frame.sequence) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            source.advanceTicks(1)
        }
        benchmark.stopMeasurement()
        link.invalidate()
    }

    // The same with ten links at different rates sharing one source.
    Benchmark("Ten links sharing one source, per tick") { benchmark in
        let source = try ManualFrameSource(framesPerSecond: 120)
        let links = try (0..<10).map { index in
            let link = try DisplayLink(source: .manual(source))
            link.preferredFramesPerSecond = [120, 60, 30][index % 3]
            try link.start { frame in blackHole(frame.sequence) }
            return link
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            source.advanceTicks(1)
        }
        benchmark.stopMeasurement()
        for link in links { link.invalidate() }
    }

    // An `await` onto an actor that lives on a display link's frame thread, and back: the job is
    // queued, the frame thread woken out of its wait (no frame is due), the method run between
    // frames, the task resumed on the global executor.
    Benchmark(
        "await hop onto the frame actor and back",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one)
    ) { benchmark in
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 1), options: FrameThreadOptions(realtimePriority: nil))
        let scene = FrameActor(link: link)
        try link.start { _ in }
        _ = await scene.touch()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(await scene.touch())
        }
        benchmark.stopMeasurement()
        link.invalidate()
    }

    // The same onto an actor on Swift's default executor, for comparison.
    Benchmark(
        "await hop onto an actor on the default executor and back",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one)
    ) { benchmark in
        let plain = PlainActor()
        _ = await plain.touch()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(await plain.touch())
        }
        benchmark.stopMeasurement()
    }

    // Onto the main actor and back (the benchmark runner's main thread serves the main queue).
    Benchmark(
        "await hop onto MainActor and back",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one)
    ) { benchmark in
        _ = await MainActor.run { 1 }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(await MainActor.run { 1 })
        }
        benchmark.stopMeasurement()
    }

    // A round trip through a serial DispatchQueue, as code without Swift concurrency makes it.
    Benchmark(
        "DispatchQueue.async round trip",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one)
    ) { benchmark in
        let queue = DispatchQueue(label: "frame-bench.round-trip")
        let done = DispatchSemaphore(value: 0)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            queue.async { done.signal() }
            done.wait()
        }
        benchmark.stopMeasurement()
    }

    // A stall report's stack of a thread blocked in `read` on a pipe, taken without disturbing it
    // (its registers from /proc, libunwind over our memory, the registers read again), then named
    // (dladdr, a cache by address after the first time).
    Benchmark(
        "Stack of a blocked thread, taken and named",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal, .instructions], scalingFactor: .one)
    ) { benchmark in
        let blocked = BlockedReader()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(StackSampler.name(StackSampler.sample(blocked.thread)))
        }
        benchmark.stopMeasurement()
        blocked.release()
    }

    // The grid arithmetic alone: where tick k lies and which tick an instant falls in.
    Benchmark("Pacing arithmetic (exact grid offset and tick lookup)") { benchmark in
        let period = try FramePeriod(framesPerSecond: 59.94)
        var k: Int64 = 1
        for _ in benchmark.scaledIterations {
            let offset = period.offset(ofTicks: k)
            blackHole(period.ticks(containing: offset + 1_000))
            k &+= 7
        }
    }
}
