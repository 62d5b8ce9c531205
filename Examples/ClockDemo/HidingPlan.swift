import ArgumentParser
import Foundation
import FrameClock
import Wayland

/// `--hide-at`, `--hide-for` and `--hidden-policy`: when the Wayland window is hidden (unmapped)
/// and shown again, and what the display link does meanwhile. Each hiding uses the next policy of
/// the list (the last one repeats).
struct HidingPlan: Sendable {
    /// Seconds into the run at which the window is unmapped, in order.
    var starts: [Double]
    /// How long each hiding lasts, in seconds.
    var length: Double
    /// The link's policy for each hiding, in turn.
    var policies: [HiddenWindowPolicy]

    /// The longest a hiding may last: a day.
    static let longestLength = 86_400.0

    /// Parses the options; nil when `--hide-at` is not given.
    ///
    /// - Throws: `ValidationError` naming the option and the value at fault.
    init?(hideAt: String?, hideFor: Double?, policies: String?) throws {
        guard let hideAt else {
            if hideFor != nil { throw ValidationError("--hide-for needs --hide-at SECONDS") }
            if policies != nil { throw ValidationError("--hidden-policy needs --hide-at SECONDS") }
            return nil
        }
        var starts: [Double] = []
        for field in hideAt.split(separator: ",", omittingEmptySubsequences: false) {
            guard let start = Double(field), start.isFinite, start >= 0, start <= Self.longestLength,
                starts.last.map({ start > $0 }) ?? true
            else {
                throw ValidationError(
                    "--hide-at must be seconds from 0 to 86400, increasing and separated by commas, not '\(hideAt)'"
                )
            }
            starts.append(start)
        }
        let length = hideFor ?? 1
        guard length.isFinite, length > 0, length <= Self.longestLength else {
            throw ValidationError(
                "--hide-for must be a number of seconds above 0 and at most a day, not \(length)")
        }
        for (earlier, later) in zip(starts, starts.dropFirst()) where earlier + length >= later {
            throw ValidationError(
                "--hide-at \(later) starts before the hiding at \(earlier) ends (--hide-for \(length))")
        }
        self.starts = starts
        self.length = length
        self.policies = try (policies ?? "keep").split(separator: ",", omittingEmptySubsequences: false).map {
            try Self.policy(String($0))
        }
    }

    /// `keep`, `pause` or a rate in frames per second.
    private static func policy(_ text: String) throws -> HiddenWindowPolicy {
        switch text {
        case "keep": return .keepRate
        case "pause": return .pauseUntilShown
        default:
            guard let rate = Double(text) else {
                throw ValidationError(
                    "--hidden-policy takes keep, pause or a rate in frames per second, separated by commas, not '\(text)'"
                )
            }
            do {
                return try .reducedRate(framesPerSecond: rate)
            } catch {
                throw ValidationError("--hidden-policy \(text): \(error)")
            }
        }
    }

    /// The policy of hiding `index`.
    func policy(of index: Int) -> HiddenWindowPolicy {
        policies[min(index, policies.count - 1)]
    }
}
