import Benchmark
import FrameClock

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
