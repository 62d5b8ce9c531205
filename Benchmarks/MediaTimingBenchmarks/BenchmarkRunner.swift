import Benchmark

/// The entry point, as in FrameClockBenchmarks/BenchmarkRunner.swift (which says why it is written).
@main struct BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { _ = benchmarks() }
}
