import ArgumentParser
import Foundation
import FrameClock
import Wayland

/// `--hide-at`, `--hide-for`, `--hidden-policy` and `--pause-link-at`: when the Wayland window is
/// hidden (unmapped) and shown again, and what the display link does meanwhile, and when the link
/// itself is paused (``DisplayLink/isPaused``) with the window shown. Each hiding uses the next
/// policy of the list (the last one repeats).
struct HidingPlan: Sendable {
    /// What happens at a start: the window hidden, or the link paused.
    enum Kind: Sendable {
        case hideWindow
        case pauseLink
    }

    /// Seconds into the run at which the window is unmapped, in order.
    var starts: [Double]
    /// Seconds into the run at which the link is paused, in order.
    var pauses: [Double]
    /// How long each hiding and pause lasts, in seconds.
    var length: Double
    /// The link's policy for each hiding, in turn.
    var policies: [HiddenWindowPolicy]

    /// The longest a hiding may last, and the latest it may start: a day.
    static let longestLength = 86_400.0

    /// Parses the options; nil when neither `--hide-at` nor `--pause-link-at` is given.
    ///
    /// - Throws: `ValidationError` naming the option and the value at fault.
    init?(hideAt: String?, hideFor: Double?, policies: String?, pauseLinkAt: String? = nil) throws {
        if hideAt == nil, policies != nil { throw ValidationError("--hidden-policy needs --hide-at SECONDS") }
        guard hideAt != nil || pauseLinkAt != nil else {
            if hideFor != nil { throw ValidationError("--hide-for needs --hide-at SECONDS") }
            return nil
        }
        let starts = try hideAt.map { try Self.seconds($0, option: "--hide-at") } ?? []
        let pauses = try pauseLinkAt.map { try Self.seconds($0, option: "--pause-link-at") } ?? []
        let length = hideFor ?? 1
        guard length.isFinite, length > 0, length <= Self.longestLength else {
            throw ValidationError(
                "--hide-for must be a number of seconds above 0 and at most a day, not \(length)")
        }
        let all = (starts + pauses).sorted()
        for (earlier, later) in zip(all, all.dropFirst()) where earlier + length >= later {
            throw ValidationError(
                "the hiding or pause at \(later) starts before the one at \(earlier) ends (--hide-for \(length))"
            )
        }
        self.starts = starts
        self.pauses = pauses
        self.length = length
        self.policies = try (policies ?? "keep").split(separator: ",", omittingEmptySubsequences: false).map {
            try Self.policy(String($0))
        }
    }

    /// Every hiding and pause, in the order they start: the start, what it is, and its number among
    /// those of its kind (from 0).
    var episodes: [(start: Double, kind: Kind, index: Int)] {
        let hidings = starts.enumerated().map { (start: $1, kind: Kind.hideWindow, index: $0) }
        let pausings = pauses.enumerated().map { (start: $1, kind: Kind.pauseLink, index: $0) }
        return (hidings + pausings).sorted { $0.start < $1.start }
    }

    /// The policy of hiding `index`.
    func policy(of index: Int) -> HiddenWindowPolicy {
        policies[min(index, policies.count - 1)]
    }

    /// `text`, seconds from 0 to a day, increasing and separated by commas, for `option`.
    private static func seconds(_ text: String, option: String) throws -> [Double] {
        var values: [Double] = []
        for field in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Double(field), value.isFinite, value >= 0, value <= Self.longestLength,
                values.last.map({ value > $0 }) ?? true
            else {
                throw ValidationError(
                    "\(option) must be seconds from 0 to 86400, increasing and separated by commas, not '\(text)'"
                )
            }
            values.append(value)
        }
        return values
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
}
