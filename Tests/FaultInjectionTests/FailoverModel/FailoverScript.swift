import PacingReference
import TestSupport

@testable import VirtualKernel

/// A random script for one link on the real DRM source over the virtual kernel, with the real
/// failover to the timer and the real return to the display: the link's settings, its callbacks'
/// costs, and what the display does when. Its `description` is Swift source that rebuilds it, so a
/// shrunk failure becomes a regression test by pasting.
struct FailoverScript: Hashable, Sendable, CustomStringConvertible, ShrinkableScript {
    /// Something the display does at an instant, in µs after vblank 0.
    enum Fault: Hashable, Sendable {
        /// The CRTC turned off at `at`, lit again `dark` µs later (nil: it stays dark).
        case crtcOff(at: Int, dark: Int?)
        /// The first event read at or after `at` fails with EIO: a failover the display recovers from
        /// at the next try.
        case readFails(at: Int)
        /// The first event read at or after `at` finds nothing (EAGAIN after a wake-up): no fault.
        case readFindsNothing(at: Int)
    }

    /// `frames` callbacks, each `cost` µs long.
    struct Costs: Hashable, Sendable {
        var frames: Int
        var cost: Int
    }

    /// The link's preferred rate (0: the display's).
    var preferredRate: Int
    /// How often the display is tried again after a failover, in ms.
    var recoveryInterval: Int
    /// How far the display's counter has moved when it is lit again (vkms resumes where it stopped:
    /// below the timer's numbering), for every vblank after the first one turned off.
    var counterMove: Int
    /// The callbacks' costs, in order; the last goes on to the end.
    var costs: [Costs]
    var faults: [Fault]
    /// Frames the link delivers before the script ends.
    var frames: Int

    /// The cost of frame `index`'s callback, in µs.
    func cost(ofFrame index: Int) -> Int {
        var first = 0
        for segment in costs {
            if index < first + segment.frames { return segment.cost }
            first += segment.frames
        }
        return costs.last?.cost ?? 0
    }

    var description: String {
        let costLines = costs.map { "        .init(frames: \($0.frames), cost: \($0.cost))," }
        let faultLines = faults.map { "        \(Self.literal($0))," }
        return
            ([
                "FailoverScript(",
                "    preferredRate: \(preferredRate), recoveryInterval: \(recoveryInterval), counterMove: \(counterMove),",
                "    costs: [",
            ]
            + costLines + ["    ],", "    faults: ["] + faultLines + ["    ],", "    frames: \(frames))"])
            .joined(separator: "\n")
    }

    private static func literal(_ fault: Fault) -> String {
        switch fault {
        case .crtcOff(let at, let dark): ".crtcOff(at: \(at), dark: \(dark.map(String.init) ?? "nil"))"
        case .readFails(let at): ".readFails(at: \(at))"
        case .readFindsNothing(let at): ".readFindsNothing(at: \(at))"
        }
    }

    // MARK: - Random scripts

    /// The display's interval, in µs (vkms's 16.6656 ms, rounded down).
    static let intervalMicroseconds = Int(ScriptedKernel.period / 1000)
    /// Preferred rates a script picks: the display's, half, a third.
    static let preferredRates = [0, 30, 20]

    /// A dark spell the source always notices: longer than the longest callback a script makes, so
    /// that a request is made while the CRTC is off (a shorter one may pass unseen inside a callback).
    static let noticedDarkness = 4 * intervalMicroseconds

    /// A random script, the same for the same seed: 150 to 400 frames, one to three faults.
    static func random(seed: UInt64) -> FailoverScript {
        var random = SplitMix64(seed: seed)
        let interval = intervalMicroseconds
        let frames = Int.random(in: 150...400, using: &random)
        var costs: [Costs] = []
        var covered = 0
        while covered < frames {
            let size = Int.random(in: 0..<10, using: &random)
            var cost = 0
            if size >= 2, size < 7 {
                cost = Int.random(in: 0...3 * interval / 4, using: &random)
            } else if size >= 7, size < 9 {
                cost = Int.random(in: 3 * interval / 4...3 * interval / 2, using: &random)
            } else if size == 9 {
                cost = Int.random(in: interval...3 * interval, using: &random)
            }
            let count = Int.random(in: 1...80, using: &random)
            costs.append(Costs(frames: count, cost: cost))
            covered += count
        }
        // The run lasts about `frames` intervals (more at a lower rate): faults fall within it.
        let span = frames * interval
        var faults: [Fault] = []
        // Not before the link has started: a display dark from the outset is no failover.
        var at = Int.random(in: 2 * interval...span / 3, using: &random)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1, 2:
                let dark: Int? =
                    Int.random(in: 0..<4, using: &random) == 0
                    ? nil : Int.random(in: interval / 2...60 * interval, using: &random)
                faults.append(.crtcOff(at: at, dark: dark))
                guard let dark else { break }
                at += dark
            case 3, 4: faults.append(.readFails(at: at))
            default: faults.append(.readFindsNothing(at: at))
            }
            at += Int.random(in: interval...span / 3, using: &random)
            if faults.contains(where: { if case .crtcOff(_, nil) = $0 { true } else { false } }) { break }
        }
        return FailoverScript(
            preferredRate: preferredRates.randomElement(using: &random)!,
            recoveryInterval: [50, 100, 250, 500].randomElement(using: &random)!,
            counterMove: [0, 0, -85, 5000].randomElement(using: &random)!,
            costs: costs, faults: faults, frames: frames)
    }

    // MARK: - Shrinking

    /// Smaller scripts to try in place of this one, smallest first: fewer faults, fewer frames,
    /// cheaper callbacks, plainer settings.
    var shrinkCandidates: [FailoverScript] {
        var candidates: [FailoverScript] = []
        for index in faults.indices where faults.count > 1 {
            var smaller = self
            smaller.faults.remove(at: index)
            candidates.append(smaller)
        }
        if frames > 20 {
            var smaller = self
            smaller.frames = frames * 3 / 4
            candidates.append(smaller)
        }
        for index in costs.indices where costs[index].cost > 0 {
            var smaller = self
            smaller.costs[index].cost = 0
            candidates.append(smaller)
            smaller.costs[index].cost = costs[index].cost / 2
            candidates.append(smaller)
        }
        if costs.count > 1 {
            var smaller = self
            smaller.costs.removeLast()
            candidates.append(smaller)
        }
        if counterMove != 0 {
            var smaller = self
            smaller.counterMove = 0
            candidates.append(smaller)
        }
        if preferredRate != 0 {
            var smaller = self
            smaller.preferredRate = 0
            candidates.append(smaller)
        }
        return candidates
    }
}
