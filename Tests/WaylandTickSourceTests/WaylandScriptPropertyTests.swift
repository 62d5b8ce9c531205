import Foundation
import TestSupport
import Testing

@testable import FrameClock
@testable import VirtualKernel

/// Random scripts of a compositor in virtual time — its refresh and repaint style, a second output,
/// the surface hidden and shown, repaints missed, the socket unread for a while, callbacks that
/// commit nothing or stall — played through a link on the real Wayland source, and every frame held
/// to the pacing rules that hold whatever the compositor does.
@Suite("Random Wayland scripts: the link's frames against the pacing rules")
struct WaylandScriptPropertyTests {
    /// 120 scripts in the unit tests (about 15 s under the thread sanitizer);
    /// `FRAMECLOCK_WAYLAND_SCRIPTS` asks for more, `FRAMECLOCK_WAYLAND_SEED` starts elsewhere (a
    /// replay).
    static let run = RandomScriptRun(
        countVariable: "FRAMECLOCK_WAYLAND_SCRIPTS", defaultCount: 120,
        seedVariable: "FRAMECLOCK_WAYLAND_SEED")

    @Test("every frame of every random Wayland script keeps the rules")
    func randomScripts() async throws {
        var failures: [String] = []
        for seed in Self.run.seeds {
            let script = WaylandScript(seed: seed)
            let outcome = try await script.play()
            let broken = WaylandScriptCheck(script: script, outcome: outcome).violations
            if !broken.isEmpty {
                failures.append("\(script): \(broken.prefix(3).joined(separator: "; "))")
            }
            if failures.count >= 5 { break }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

/// One random script: the compositor, what happens to it and when, and what the callbacks do.
struct WaylandScript: CustomStringConvertible {
    var seed: UInt64
    /// The first output's refresh interval.
    var interval: Int64
    /// How long after a vblank the compositor repaints.
    var repaintLag: Int64
    /// Set for a compositor that shows a commit that long after it is made (wlroots' headless).
    var showsCommitsAfter: Int64?
    var feedback: Bool
    /// A second output (its refresh interval), or none.
    var otherOutput: Int64?
    /// The changes, at offsets from the start.
    var changes: [(at: Int64, change: ScriptedCompositor.Change)]
    /// Runs of callbacks (counted from 1) that commit nothing.
    var idleRuns: [ClosedRange<Int>]
    /// Every `every`th callback blocks `duration` more.
    var stall: (every: Int, duration: Duration)?
    var policy: HiddenWindowPolicy
    /// How long the script runs.
    static let length: Int64 = 3_000_000_000
    /// How long before the end nothing changes, so that the end is settled.
    static let quietEnd: Int64 = 800_000_000

    init(seed: UInt64) {
        self.seed = seed
        var random = SplitMix64(seed: seed)
        interval = [16_666_667, 25_000_000, 6_944_444, 8_333_333].randomElement(using: &random)!
        repaintLag = Bool.random(using: &random) ? 0 : 700_000
        showsCommitsAfter = random.next() % 4 == 0 ? 300_000 : nil
        feedback = random.next() % 8 != 0
        otherOutput = random.next() % 4 == 0 ? [16_666_667, 6_944_444].randomElement(using: &random) : nil
        let last = Self.length - Self.quietEnd
        var changes: [(Int64, ScriptedCompositor.Change)] = []
        for _ in 0..<Int(random.next() % 4) {
            let at = Int64.random(in: 200_000_000..<last - 400_000_000, using: &random)
            let span = Int64.random(in: 10_000_000..<400_000_000, using: &random)
            switch random.next() % 4 {
            case 0: changes += [(at, .hidden), (at + span, .shown)]
            case 1: changes += [(at, .stopsReading), (at + span, .readsAgain)]
            case 2: changes.append((at, .skipsRepaint))
            default:
                if otherOutput != nil {
                    changes += [(at, .movesToOutput(1)), (at + span, .movesToOutput(0))]
                } else {
                    changes.append((at, .skipsRepaint))
                }
            }
        }
        self.changes = changes.sorted { $0.0 < $1.0 }
        var idleRuns: [ClosedRange<Int>] = []
        for _ in 0..<Int(random.next() % 3) {
            let first = Int.random(in: 10..<120, using: &random)
            idleRuns.append(first...(first + Int.random(in: 0..<15, using: &random)))
        }
        stall = random.next() % 5 == 0 ? (Int.random(in: 7..<30, using: &random), .milliseconds(40)) : nil
        policy = random.next() % 4 == 0 ? .pauseUntilShown : .keepRate
        // Paused until shown, a link learns that the window is shown again only from the frame
        // callback of its last commit: a callback that commits nothing leaves it paused (WaylandPacing
        // says so), so every callback of those scripts commits.
        self.idleRuns = policy == .pauseUntilShown ? [] : idleRuns
    }

    /// Whether callback `count` commits.
    func commits(_ count: Int) -> Bool { !idleRuns.contains { $0.contains(count) } }

    var description: String {
        "seed \(seed) (interval \(interval), lag \(repaintLag), at once \(showsCommitsAfter.map(String.init) ?? "no"), "
            + "feedback \(feedback), other \(otherOutput.map(String.init) ?? "none"), changes "
            + "\(changes.map { "\($0.change)@\($0.at / 1_000_000)ms" }), idle \(idleRuns), stall "
            + "\(stall.map { "\($0.every)" } ?? "none"), \(policy))"
    }

    /// The compositor, on a fresh kernel clock, and that clock's start.
    func compositor() -> (ScriptedCompositor, start: Int64) {
        let kernel = ScriptedKernel()
        let start = kernel.monotonicNanoseconds()
        let compositor = ScriptedCompositor(
            kernel: kernel, interval: interval, firstRepaint: start + 5_000_000 + repaintLag,
            repaintLag: repaintLag, otherOutputs: otherOutput.map { [($0, start + 3_000_000)] } ?? [],
            feedback: feedback, showsCommitsAfter: showsCommitsAfter)
        for (at, change) in changes { compositor.schedule(change, at: start + at) }
        return (compositor, start)
    }

    /// Plays the script through a link.
    func play() async throws -> WaylandScriptOutcome {
        let (compositor, start) = compositor()
        let idleRuns = idleRuns
        let outcome = try await WaylandLinkHarness.run(
            compositor, until: start + Self.length, hiddenWindowPolicy: policy, stall: stall,
            commits: { _, count in !idleRuns.contains { $0.contains(count) } })
        return WaylandScriptOutcome(link: outcome, start: start, record: compositor.record)
    }
}

/// What a script's link did, and what its compositor did.
struct WaylandScriptOutcome {
    var link: WaylandLinkOutcome
    var start: Int64
    var record: ScriptedCompositor.Record
}

/// The rules a link on any compositor keeps, checked frame by frame.
struct WaylandScriptCheck {
    private(set) var violations: [String] = []

    init(script: WaylandScript, outcome: WaylandScriptOutcome) {
        let delivered = outcome.link.delivered
        guard delivered.count > 20 else {
            violations.append("only \(delivered.count) frames")
            return
        }
        for (index, (earlier, later)) in zip(delivered, delivered.dropFirst()).enumerated() {
            let (a, b) = (earlier.frame, later.frame)
            let frame = "frame \(b.sequence) (#\(index + 2))"
            // P12: each target after the one before.
            if b.targetTimestamp <= a.targetTimestamp {
                violations.append("P12 \(frame): target \(b.targetTimestamp) not after \(a.targetTimestamp)")
            }
            // One frame a grid point, in order.
            if b.sequence <= a.sequence || b.timestamp <= a.timestamp {
                violations.append("P2 \(frame): sequence or timestamp not after frame \(a.sequence)'s")
            }
            // P4: callbacks half an interval apart at least.
            let half = min(a.duration, b.duration).wholeNanoseconds / 2
            if later.calledAt - earlier.calledAt < half {
                violations.append(
                    "P4 \(frame): started \(later.calledAt - earlier.calledAt) ns after the one before")
            }
        }
        let skipped = delivered.reduce(0) { $0 + $1.frame.skippedFrames }
        if skipped != outcome.link.statistics.skippedFrames {
            violations.append(
                "P5: frames skipped \(skipped), statistics \(outcome.link.statistics.skippedFrames)")
        }
        checkPresentations(script: script, outcome: outcome)
        let dies = script.changes.contains { if case .dies = $0.change { true } else { false } }
        if !dies, !outcome.link.errors.isEmpty { violations.append("errors: \(outcome.link.errors)") }
    }

    /// What the timeline says was shown: only what a callback committed, never two frames at one
    /// presentation, none before its callback started; and, at the settled end, every frame's
    /// outcome known.
    private mutating func checkPresentations(script: WaylandScript, outcome: WaylandScriptOutcome) {
        let delivered = outcome.link.delivered
        var countOfSequence: [UInt64: Int] = [:]
        for (index, entry) in delivered.enumerated() { countOfSequence[entry.frame.sequence] = index + 1 }
        let entries = outcome.link.timeline.entries.sorted { $0.sequence < $1.sequence }
        var lastShown: (sequence: UInt64, at: Int64)?
        for entry in entries {
            guard let presented = entry.presented?.nanoseconds else { continue }
            let count = countOfSequence[entry.sequence] ?? 0
            if !script.commits(count) {
                violations.append(
                    "frame \(entry.sequence) (#\(count)) committed nothing, yet shown at \(presented)")
            }
            if presented < entry.callbackStart.nanoseconds {
                violations.append("frame \(entry.sequence) shown before its callback started")
            }
            if let last = lastShown, presented <= last.at {
                violations.append(
                    "frame \(entry.sequence) shown at \(presented), not after frame \(last.sequence) (\(last.at))"
                )
            }
            lastShown = (entry.sequence, presented)
        }
        // Settled: everything older than a few intervals before the end has an outcome (known only
        // from presentation feedback).
        guard script.feedback else { return }
        // A frame's feedback rides the next commit (a callback may commit nothing): the frames before
        // the last commit made well before the end are answered by then.
        let end = outcome.start + WaylandScript.length
        let answeredBy = end - 10 * max(script.interval, script.otherOutput ?? 0)
        let settledBefore = outcome.record.commits.last { $0 <= answeredBy } ?? outcome.start
        let pending = entries.filter {
            $0.outcome == .pending && $0.callbackStart.nanoseconds < settledBefore
        }
        if !pending.isEmpty {
            violations.append(
                "pending at the end: \(pending.map { "\($0.sequence) (#\(countOfSequence[$0.sequence] ?? 0), started \(($0.callbackStart.nanoseconds - outcome.start) / 1_000_000) ms)" })"
            )
        }
    }
}
