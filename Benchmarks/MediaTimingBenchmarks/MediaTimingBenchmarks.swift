import Benchmark
import MediaTiming

/// Microbenchmarks of MediaTiming's per-frame path: `swift package benchmark --target
/// MediaTimingBenchmarks` (release build). One iteration of a frame benchmark evaluates every
/// layer once; the allocation count of the steady state must be 0.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 10, maxDuration: .seconds(3),
        maxIterations: 1_000)

    // 10,000 shape layers under one root, each with a linear 60 s strokeEnd animation (the seconds
    // ring), brought up to date through their presentation caches once per frame.
    frameBenchmark("Frame: 10,000 shape layers, one strokeEnd animation each", animations: .one)

    // The same layers with three animations each: the strokeEnd sweep, an eased autoreversing
    // opacity pulse and a keyframe position path.
    frameBenchmark("Frame: 10,000 shape layers, three animations each", animations: .three)

    // The same three animations on layers whose inputs do not change between frames (half paused
    // at a fixed offset, half past the end of every animation with nothing filling): their caches
    // are already current, so a frame should cost next to nothing.
    frameBenchmark("Frame: 10,000 idle shape layers, three animations each", animations: .idle)

    // One cubic-Bézier timing-function solve (Newton with a bisection fallback) at inputs spread
    // over [0, 1].
    Benchmark(
        "Cubic-Bézier timing function solve (easeInEaseOut)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1_000, scalingFactor: .kilo,
            maxDuration: .seconds(2))
    ) { benchmark in
        let function = TimingFunction.easeInEaseOut
        var input = 0.0
        var sum = 0.0
        for _ in benchmark.scaledIterations {
            sum += function.output(forInput: input)
            // A golden-ratio stride visits [0, 1] evenly without repeating an input soon.
            input += 0.618_033_988_749_894_9
            if input >= 1 { input -= 1 }
        }
        blackHole(sum)
    }
}

/// Registers a benchmark whose iterations are frames of a 10,000-layer scene. The scene is built
/// (and every cache filled once) by the setup hook, outside the measured samples, so each sample
/// is one steady-state frame.
private func frameBenchmark(_ name: String, animations: AnimatedScene.Animations) {
    let holder = SceneHolder()
    Benchmark(
        name,
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                holder.scene?.nextFrame()
            }
        },
        setup: {
            var scene = try AnimatedScene(layerCount: 10_000, animationsPerLayer: animations)
            scene.evaluate(atRootTime: 0)
            holder.scene = scene
        },
        teardown: {
            blackHole(holder.scene?.checksum)
            holder.scene = nil
        })
}

/// The scene shared by a frame benchmark's setup, samples and teardown, which the benchmark runner
/// calls one after another on one task.
private final class SceneHolder: @unchecked Sendable {
    var scene: AnimatedScene?
}
