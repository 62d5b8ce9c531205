/// Where the jumps of a ``TimingFunction/steps(_:position:)`` function fall, as in CSS
/// `steps(n, position)`.
public enum StepPosition: Sendable, Hashable, CaseIterable {
    /// The first jump happens at the start: outputs 1/n, 2/n, …, 1.
    case jumpStart
    /// The last jump happens at the end: outputs 0, 1/n, …, (n−1)/n, then 1 at the very end.
    case jumpEnd
    /// No jump at either end: n levels 0, 1/(n−1), …, 1.
    case jumpNone
    /// Jumps at both ends: n + 1 jumps over levels 1/(n+1) … n/(n+1), 0 before and 1 at the end.
    case jumpBoth

    /// CSS's `start`, the same as ``jumpStart``.
    public static let start = StepPosition.jumpStart
    /// CSS's `end`, the same as ``jumpEnd``.
    public static let end = StepPosition.jumpEnd
}
