import CGLibCheck

/// The sequence numbers of hops as `MainActor` ran them.
@MainActor private var hopsRun: [Int] = []

/// Hops `count` times to `MainActor` from the caller (a detached task), one after the other, each
/// after `pause(index)`: records each hop's latency, and whether they ran in order on the main thread.
func measureHops(count: Int, pause: @Sendable (Int) -> Duration = { _ in .zero }) async -> HopLatencies {
    await MainActor.run { hopsRun = [] }
    var latencies = HopLatencies()
    let clock = ContinuousClock()
    for index in 0..<count {
        let wait = pause(index)
        if wait > .zero { try? await Task.sleep(for: wait) }
        let sent = clock.now
        let (ranAt, onMainThread) = await MainActor.run {
            hopsRun.append(index)
            return (clock.now, check_is_main_thread() != 0)
        }
        let latency = sent.duration(to: ranAt)
        latencies.microseconds.append(
            Double(latency.components.seconds) * 1e6 + Double(latency.components.attoseconds) / 1e12)
        latencies.allOnMainThread = latencies.allOnMainThread && onMainThread
    }
    let run = await MainActor.run { hopsRun }
    latencies.inOrder = run == Array(0..<count)
    return latencies
}
