import TestSupport
import Testing

@testable import FrameClock

/// The numbering and targets of a followed frame clock, in virtual time, over random scripts of a
/// toolkit's frames and their presentations (the real-time loop-source test runs a few of them).
@Suite("A followed clock's frames, numbered and targeted")
struct FollowedClockGridTests {
    /// A toolkit's frames against the grid G of their presentations: frame k (k ≥ 1) begins
    /// `phase` of an interval after G(k), up to `jitter` either side, and is shown at
    /// G(k + `shownAfter`); frame 0, the window's first, begins `firstGap` before frame 1 and is
    /// shown `firstLatency` after it; each presentation is reported `reportedAfter` frames later.
    struct Script: CustomStringConvertible {
        static let nominal: Int64 = 16_666_667
        var interval: Int64
        var phase: Double
        var jitter: Int64
        var shownAfter: Int64
        var firstGap: Int64
        var firstLatency: Int64
        var reportedAfter: Int
        var advertisesNominal: Bool
        var jitters: [Int64]

        init(seed: UInt64, frames: Int) {
            var random = SplitMix64(seed: seed)
            interval = Int64(Double(Self.nominal) * Double.random(in: 0.95...1.05, using: &random))
            phase = Double.random(in: 0..<1, using: &random)
            jitter = Int64.random(in: 0...1_000_000, using: &random)
            // From a compositor that repaints just after its vblank to one triple buffered.
            shownAfter = Int64((phase + Double.random(in: 0.8...2.6, using: &random)).rounded(.up))
            firstGap = Int64.random(in: interval...(Self.nominal * 13 / 2), using: &random)
            firstLatency = Int64.random(in: (Self.nominal * 5 / 2)...(Self.nominal * 8), using: &random)
            reportedAfter = Int.random(in: 1...3, using: &random)
            advertisesNominal = Bool.random(using: &random)
            let bound = jitter
            jitters = (0..<frames).map { _ in Int64.random(in: -bound...bound, using: &random) }
        }

        func gridPoint(_ k: Int64) -> Int64 { 1_000_000_000_000 + k * interval }
        func start(_ k: Int) -> Int64 {
            let onGrid = gridPoint(1) + Int64(phase * Double(interval))
            guard k > 0 else { return onGrid - firstGap }
            return gridPoint(Int64(k)) + Int64(phase * Double(interval)) + jitters[k]
        }
        func presentation(_ k: Int) -> Int64 {
            // The first frame's presentation comes before the second's.
            guard k > 0 else { return min(start(0) + firstLatency, presentation(1) - interval) }
            return gridPoint(Int64(k) + shownAfter)
        }

        var description: String {
            "interval \(interval) ns, phase \(phase), jitter \(jitter) ns, shown \(shownAfter) on, first frame "
                + "\(firstGap) ns before and shown \(firstLatency) ns after, reported \(reportedAfter) on, "
                + "advertised nominal \(advertisesNominal)"
        }
    }

    /// Scripts run, and frames in each: the measured interval and latency settle within 40.
    static let scripts: UInt64 = 1_000
    static let frames = 120
    static let settled = 40

    @Test(
        "random scripts: each frame numbered once, one on from the last, its timestamp within an interval of its start, its target its presentation"
    )
    func randomScripts() {
        for seed in 0..<Self.scripts {
            let script = Script(seed: seed, frames: Self.frames)
            var clock = FollowedClockGrid(start: script.start(0) - 5_000_000, nominalInterval: Script.nominal)
            var last: Int64?
            var failures: [String] = []
            for k in 0..<Self.frames {
                let reported = k - script.reportedAfter
                if reported >= 0 {
                    _ = clock.presented(
                        frameTime: script.start(reported), at: script.presentation(reported),
                        refreshInterval: script.advertisesNominal ? Script.nominal : nil)
                }
                let (sequence, timestamp, depth) = clock.tick(frameTime: script.start(k))
                defer { last = sequence }
                if let last, sequence <= last {
                    failures.append("frame \(k) numbered \(sequence) after \(last)")
                }
                guard k >= Self.settled else { continue }
                if let last, sequence != last + 1 {
                    failures.append("frame \(k) numbered \(sequence - last) on")
                }
                let target = clock.grid.timestamp(of: sequence + depth)
                if abs(target - script.presentation(k)) > 1_000 {
                    failures.append("frame \(k) targets \(target - script.presentation(k)) ns off")
                }
                if abs(timestamp - script.start(k)) >= script.interval {
                    failures.append("frame \(k) stamped \(timestamp - script.start(k)) ns from its start")
                }
            }
            #expect(failures.isEmpty, "seed \(seed), \(script): \(failures.prefix(3))")
            if !failures.isEmpty { return }
        }
    }
}
