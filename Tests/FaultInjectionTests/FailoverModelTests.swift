import Foundation
import Logging
import TestSupport
import Testing

@testable import FrameClock
@testable import PacingReference
@testable import VirtualKernel

/// Random failover scripts played on the real DRM source, failover and return over the virtual
/// kernel, every frame compared with the reference model (``PacingModel``, rules P1–P8 and F1–F3). A
/// failure prints its seed and the script shrunk to a minimal one, as Swift source.
@Suite("Pacing model: random failover scripts")
struct FailoverModelTests {
    /// 500 scripts in the unit tests (about 20 s in a debug build); `FRAMECLOCK_FAILOVER_SCRIPTS` asks
    /// for more, `FRAMECLOCK_FAILOVER_SEED` starts elsewhere (a replay).
    static let run = RandomScriptRun(
        countVariable: "FRAMECLOCK_FAILOVER_SCRIPTS", defaultCount: 500,
        seedVariable: "FRAMECLOCK_FAILOVER_SEED")
    static var scriptCount: Int { run.count }
    static var firstSeed: UInt64 { run.firstSeed }
    /// Failures reported in full (shrunk) before the run stops reporting (the count is still given).
    static let reportedFailures = 2
    /// Real runs a shrink may spend on one failure.
    static let shrinkBudget = 60

    /// Whether `FRAMECLOCK_FAILOVER_TRACE` asks for every frame and change of source to be printed (a
    /// replay's detail).
    static let traces = ProcessInfo.processInfo.environment["FRAMECLOCK_FAILOVER_TRACE"] != nil

    /// Prints `run`'s frames and changes of source, one a line, times in ms after vblank 0.
    static func trace(_ run: FailoverRun) {
        for level in [Logger.Level.debug, .info, .notice, .warning, .error] {
            for message in run.log.messages(at: level) { print("  log \(level): \(message)") }
        }
        if let statistics = run.statistics { print("  statistics: \(statistics)") }
        let origin = run.kernel.vblankTime(0)
        func ms(_ instant: Int64) -> String { String(Double(instant - origin) / 1e6) }
        var changes = run.changes[...]
        for (index, observed) in run.observed.enumerated() {
            while let change = changes.first, change.beforeFrame <= index {
                changes = changes.dropFirst()
                print("  \(change.kind) at \(ms(change.at))")
            }
            print(
                "  #\(index) \(observed.kind) \(observed.frame.sequence) at \(ms(observed.frame.timestamp.nanoseconds)) start \(ms(observed.start)) end \(ms(observed.end)) skipped \(observed.frame.skippedFrames)"
            )
        }
    }

    /// The violations a script's run shows.
    static func violations(_ script: FailoverScript) -> [FailoverCheck.Violation] {
        guard let run = try? FailoverRun(script) else { return [] }
        return FailoverCheck(run).violations
    }

    @Test("every frame of every failover script agrees with the model")
    func failoverScriptsAgreeWithTheModel() throws {
        var failed = 0
        var frames = 0
        var changes = 0
        var byRule: [String: Int] = [:]
        for offset in 0..<UInt64(Self.scriptCount) {
            let seed = Self.firstSeed &+ offset
            let script = FailoverScript.random(seed: seed)
            guard let run = try? FailoverRun(script) else {
                Issue.record("seed \(seed): the script could not be played")
                continue
            }
            frames += run.observed.count
            if Self.traces {
                print("seed \(seed):\n\(script)")
                Self.trace(run)
            }
            changes += run.changes.count
            let violations = FailoverCheck(run).violations
            guard let first = violations.first else { continue }
            failed += 1
            byRule[first.rule.rawValue, default: 0] += 1
            guard failed <= Self.reportedFailures else {
                print("failover model: seed \(seed) disagrees too: \(first)")
                continue
            }
            let minimal = script.shrunk(budget: Self.shrinkBudget) { candidate in
                Self.violations(candidate).contains { $0.rule == first.rule }
            }
            let shrunkTo = Self.violations(minimal).first { $0.rule == first.rule }?.description ?? "?"
            let replay = "FRAMECLOCK_FAILOVER_SEED=\(seed) FRAMECLOCK_FAILOVER_SCRIPTS=1"
            Issue.record(
                Comment(
                    rawValue:
                        "seed \(seed) (replay: \(replay)): \(violations.count) violations, first: \(first)\nshrunk to \(shrunkTo):\n\(minimal)"
                ))
        }
        #expect(failed == 0, "\(failed) of \(Self.scriptCount) failover scripts disagree with the model")
        print(
            "failover model: \(Self.scriptCount) scripts, \(frames) frames, \(changes) changes of source, \(failed) disagreeing \(byRule)"
        )
    }

    @Test("the failover scripts exercise every failover rule of the model")
    func everyFailoverRuleIsExercised() throws {
        var exercised: Set<PacingModel.Rule> = []
        for seed in UInt64(1)...100 {
            exercised.formUnion(FailoverCheck(try FailoverRun(FailoverScript.random(seed: seed))).exercised)
        }
        let missing = PacingModel.failoverRules.subtracting(exercised).map(\.rawValue).sorted()
        #expect(missing.isEmpty, "failover rules no script exercised: \(missing)")
    }
}
