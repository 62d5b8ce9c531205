import PacingReference
import TestSupport

@testable import FrameClock

/// A random script for links on one manual source: the settings they start with and what happens,
/// in order. Its `description` is Swift source that rebuilds it, so a shrunk failure becomes a
/// regression test by pasting.
struct PacingScript: Hashable, Sendable, CustomStringConvertible, ShrinkableScript {
    /// A rate range a script sets.
    enum RangeChoice: Hashable, Sendable {
        case native
        case preferred(Int)
        case span(minimum: Int, maximum: Int)

        var range: FrameRateRange {
            switch self {
            case .native: .native
            case .preferred(let rate): (try? FrameRateRange(preferred: Double(rate))) ?? .native
            case .span(let minimum, let maximum):
                (try? FrameRateRange(minimum: Double(minimum), maximum: Double(maximum))) ?? .native
            }
        }
    }

    /// What a display does with each frame of the first link.
    enum Feedback: Hashable, Sendable {
        /// No presentation is reported (a timer's link).
        case none
        /// Each frame is shown at the first refresh at or after its target that its work plus the
        /// latency makes, and reported.
        case display
        /// As `display`, but some frames are shown a refresh late (the display's fault) and some are
        /// discarded.
        case faultyDisplay
    }

    /// One thing that happens.
    enum Step: Hashable, Sendable {
        /// `ticks` ticks handed to the links, each first-link callback `cost` µs long.
        case run(ticks: Int, cost: Int)
        /// The range set between frames, `idle` µs after the last callback returned.
        case setRange(RangeChoice, idle: Int)
        /// The range set inside the next callback of the first link, `cost` µs into it.
        case setRangeInCallback(RangeChoice, cost: Int)
        /// The adaptive rate turned on or off between frames.
        case adaptive(Bool)
        /// The frame thread held off until `delay` µs after now.
        case stall(delay: Int)
        /// The first link paused for `duration` µs, then resumed.
        case pause(duration: Int)
        /// The first link's dispatch changed between frames.
        case renderDeadline(Bool)
        /// The first link invalidated (from inside its next callback, or between frames), and `idle` µs
        /// later a new one started in its place with the same settings on the same source.
        case restart(idle: Int, inCallback: Bool)
        /// Another link, each callback `cost` µs long, started on the same source between frames.
        case addOtherLink(cost: Int)
        /// The newest other link still running invalidated between frames (nothing when none runs).
        case removeOtherLink
        /// `pictures` pieces of content scheduled on the first link between frames, `spacing` µs
        /// apart, the first `lead` µs from now (after the last one scheduled) — or, with `onRefresh`,
        /// at the first refresh at or after that plus `onRefresh` ns (−1, 0 or 1: the edges of
        /// "never before").
        case schedule(pictures: Int, spacing: Int, lead: Int, onRefresh: Int?)
        /// The first link's scheduled content removed (a seek).
        case removeContent
        /// The first link's late-content policy set: `showLate` or drop late.
        case contentPolicy(showLate: Bool)
    }

    var refreshRate: Int
    var range: RangeChoice
    var adaptive: Bool
    var renderDeadline: Bool
    /// The first link's presentation latency, in µs.
    var latency: Int
    var feedback: Feedback
    /// Other links on the same source, after-vblank, each callback this long (µs).
    var otherLinks: [Int]
    var steps: [Step]

    /// The first link's frames the script asks for, roughly (ticks handed out).
    var ticks: Int {
        steps.reduce(0) { count, step in
            if case .run(let ticks, _) = step { return count + ticks }
            return count
        }
    }

    /// Whether another link shares the source at any time (the first link's frames are then checked
    /// by the rules that hold whatever shares its thread, not exactly).
    var hasOtherLinks: Bool {
        !otherLinks.isEmpty || steps.contains { if case .addOtherLink = $0 { true } else { false } }
    }

    var description: String {
        let head =
            "PacingScript(refreshRate: \(refreshRate), range: \(Self.literal(range)), adaptive: \(adaptive), renderDeadline: \(renderDeadline), latency: \(latency), feedback: .\(feedback), otherLinks: \(otherLinks), steps: ["
        let lines: [String] = steps.map { step in "    \(Self.literal(step))," }
        return ([head] + lines + ["])"]).joined(separator: "\n")
    }

    private static func literal(_ range: RangeChoice) -> String {
        switch range {
        case .native: ".native"
        case .preferred(let rate): ".preferred(\(rate))"
        case .span(let minimum, let maximum): ".span(minimum: \(minimum), maximum: \(maximum))"
        }
    }

    private static func literal(_ step: Step) -> String {
        switch step {
        case .run(let ticks, let cost): ".run(ticks: \(ticks), cost: \(cost))"
        case .setRange(let range, let idle): ".setRange(\(literal(range)), idle: \(idle))"
        case .setRangeInCallback(let range, let cost): ".setRangeInCallback(\(literal(range)), cost: \(cost))"
        case .adaptive(let on): ".adaptive(\(on))"
        case .stall(let delay): ".stall(delay: \(delay))"
        case .pause(let duration): ".pause(duration: \(duration))"
        case .renderDeadline(let on): ".renderDeadline(\(on))"
        case .restart(let idle, let inCallback): ".restart(idle: \(idle), inCallback: \(inCallback))"
        case .addOtherLink(let cost): ".addOtherLink(cost: \(cost))"
        case .removeOtherLink: ".removeOtherLink"
        case .schedule(let pictures, let spacing, let lead, let onRefresh):
            ".schedule(pictures: \(pictures), spacing: \(spacing), lead: \(lead), onRefresh: \(onRefresh.map(String.init) ?? "nil"))"
        case .removeContent: ".removeContent"
        case .contentPolicy(let showLate): ".contentPolicy(showLate: \(showLate))"
        }
    }

    // MARK: - Random scripts

    /// Refresh rates displays have (Hz).
    static let refreshRates = [60, 72, 75, 90, 100, 120, 144]

    /// A random script of at least `minimumTicks` ticks, the same for the same seed.
    static func random(seed: UInt64, minimumTicks: Int = 600) -> PacingScript {
        var random = SplitMix64(seed: seed)
        let refresh = refreshRates.randomElement(using: &random)!
        let interval: Int = 1_000_000 / refresh
        let range: RangeChoice = randomRange(refresh: refresh, using: &random)
        let adaptive: Bool = Int.random(in: 0..<3, using: &random) == 0
        let renderDeadline: Bool = Int.random(in: 0..<3, using: &random) == 0
        let latency: Int = [0, 500, 1000, 2000].randomElement(using: &random)!
        let feedback: Feedback = [Feedback.none, .display, .faultyDisplay].randomElement(using: &random)!
        var otherLinks: [Int] = []
        if Int.random(in: 0..<4, using: &random) == 0 {
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                otherLinks.append(Int.random(in: 0...interval / 4, using: &random))
            }
        }
        var script = PacingScript(
            refreshRate: refresh, range: range, adaptive: adaptive, renderDeadline: renderDeadline,
            latency: latency,
            feedback: feedback, otherLinks: otherLinks, steps: [])
        // The links' comings and goings from a generator of their own, so that the rest of a seed's
        // script is what it was before they were added.
        var lifecycle = SplitMix64(seed: seed ^ lifecycleSalt)
        // Content from a third: it changes no frame's timing, and the rest of a seed's script stays
        // what it was before content was added.
        var content = SplitMix64(seed: seed ^ contentSalt)
        var ticks = 0
        while ticks < minimumTicks {
            let step = randomStep(refresh: refresh, using: &random)
            if case .run(let count, _) = step { ticks += count }
            script.steps.append(step)
            if Int.random(in: 0..<lifecycleOdds, using: &lifecycle) == 0 {
                script.steps.append(randomLifecycleStep(refresh: refresh, using: &lifecycle))
            }
            if Int.random(in: 0..<contentOdds, using: &content) == 0 {
                script.steps.append(randomContentStep(refresh: refresh, using: &content))
            }
        }
        return script
    }

    /// Mixed into a seed for the generator of the content steps.
    static let contentSalt: UInt64 = 0x5C4E_D01E_C0DE_0051
    /// One step in this many is followed by a content step.
    static let contentOdds = 3

    private static func randomContentStep(refresh: Int, using random: inout SplitMix64) -> Step {
        let interval: Int = 1_000_000 / refresh
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .removeContent
        case 1: return .contentPolicy(showLate: Bool.random(using: &random))
        default:
            // Content rates from a third of the refresh to twice it, some due already.
            let spacing = Int.random(in: interval / 2...3 * interval, using: &random)
            let lead = Int.random(in: -2 * interval...4 * interval, using: &random)
            let onRefresh: Int? =
                Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: -1...1, using: &random) : nil
            return .schedule(
                pictures: Int.random(in: 1...12, using: &random), spacing: spacing, lead: lead,
                onRefresh: onRefresh)
        }
    }

    /// Mixed into a seed for the generator of the links' comings and goings.
    static let lifecycleSalt: UInt64 = 0xC0FF_EE15_DEAD_BEEF
    /// One step in this many is followed by a restart or another link added or removed.
    static let lifecycleOdds = 12

    private static func randomLifecycleStep(refresh: Int, using random: inout SplitMix64) -> Step {
        let interval: Int = 1_000_000 / refresh
        switch Int.random(in: 0..<4, using: &random) {
        case 0, 1:
            return .restart(
                idle: Int.random(in: 0...3 * interval, using: &random),
                inCallback: Bool.random(using: &random))
        case 2: return .addOtherLink(cost: Int.random(in: 0...interval / 4, using: &random))
        default: return .removeOtherLink
        }
    }

    private static func randomRange(refresh: Int, using random: inout SplitMix64) -> RangeChoice {
        let kind = Int.random(in: 0..<4, using: &random)
        if kind == 0 { return .native }
        let half: Int = refresh / 2
        let third: Int = refresh / 3
        if kind == 1 {
            let rates: [Int] = [refresh, half, third, 30, 45, 50]
            return .preferred(rates.randomElement(using: &random)!)
        }
        let minimums: [Int] = [0, refresh / 4, third, half, 30]
        let maximums: [Int] = [refresh, half, 60, 0]
        let minimum: Int = minimums.randomElement(using: &random)!
        let maximum: Int = maximums.randomElement(using: &random)!
        return .span(minimum: minimum, maximum: maximum)
    }

    private static func randomStep(refresh: Int, using random: inout SplitMix64) -> Step {
        let interval: Int = 1_000_000 / refresh
        let kind = Int.random(in: 0..<20, using: &random)
        if kind < 10 {
            // Callbacks from idle to three intervals long; mostly within one.
            let size = Int.random(in: 0..<10, using: &random)
            let quarters: Int = interval / 4
            var cost = 0
            if size >= 1, size < 7 {
                cost = Int.random(in: 0...3 * quarters, using: &random)
            } else if size >= 7, size < 9 {
                cost = Int.random(in: 3 * quarters...6 * quarters, using: &random)
            } else if size == 9 {
                cost = Int.random(in: interval...3 * interval, using: &random)
            }
            return .run(ticks: Int.random(in: 1...120, using: &random), cost: cost)
        }
        switch kind {
        case 10, 11:
            let range = randomRange(refresh: refresh, using: &random)
            return .setRange(range, idle: Int.random(in: 0...interval, using: &random))
        case 12, 13:
            let range = randomRange(refresh: refresh, using: &random)
            return .setRangeInCallback(range, cost: Int.random(in: 0...6 * (interval / 4), using: &random))
        case 14: return .adaptive(Bool.random(using: &random))
        case 15, 16: return .stall(delay: Int.random(in: 0...4 * interval, using: &random))
        case 17: return .pause(duration: Int.random(in: 0...5 * interval, using: &random))
        default: return .renderDeadline(Bool.random(using: &random))
        }
    }

    // MARK: - Shrinking

    /// Smaller scripts to try in place of this one, smallest first: fewer steps, fewer ticks, fewer
    /// other links, plainer settings.
    var shrinkCandidates: [PacingScript] {
        var candidates: [PacingScript] = []
        // Halves and single steps removed.
        if steps.count > 1 {
            var chunk = steps.count / 2
            while chunk >= 1 {
                var start = 0
                while start < steps.count {
                    var smaller = self
                    smaller.steps.removeSubrange(start..<min(steps.count, start + chunk))
                    if !smaller.steps.isEmpty { candidates.append(smaller) }
                    start += chunk
                }
                chunk /= 2
            }
        }
        for index in steps.indices {
            guard case .run(let ticks, let cost) = steps[index] else { continue }
            if ticks > 1 {
                var smaller = self
                smaller.steps[index] = .run(ticks: ticks / 2, cost: cost)
                candidates.append(smaller)
                smaller.steps[index] = .run(ticks: ticks - 1, cost: cost)
                candidates.append(smaller)
            }
        }
        for index in steps.indices {
            guard case .restart(let idle, let inCallback) = steps[index] else { continue }
            var smaller = self
            if inCallback {
                smaller.steps[index] = .restart(idle: idle, inCallback: false)
                candidates.append(smaller)
            }
            if idle > 0 {
                smaller.steps[index] = .restart(idle: 0, inCallback: inCallback)
                candidates.append(smaller)
            }
        }
        if !otherLinks.isEmpty {
            var smaller = self
            smaller.otherLinks.removeLast()
            candidates.append(smaller)
        }
        if feedback != .none {
            var smaller = self
            smaller.feedback = feedback == .faultyDisplay ? .display : .none
            candidates.append(smaller)
        }
        if latency != 1000 {
            var smaller = self
            smaller.latency = 1000
            candidates.append(smaller)
        }
        return candidates
    }
}
