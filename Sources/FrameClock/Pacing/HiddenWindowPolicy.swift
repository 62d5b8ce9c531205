/// What a display link on a Wayland window does while the window is hidden: its frame callbacks
/// stopped (unmapped, minimised, occluded).
///
/// The policy belongs to the window's source, not to one link: every link on the source shares one
/// frame thread, and what that thread does while the window is hidden is one decision. Setting
/// ``DisplayLink/hiddenWindowPolicy`` on any link of a shared source sets it for all of them; the
/// last one set applies.
///
/// ```swift
/// link.hiddenWindowPolicy = .pauseUntilShown                                 // no cost while hidden
/// link.hiddenWindowPolicy = try .reducedRate(framesPerSecond: 4)             // a clock's seconds
/// ```
///
/// The default is ``keepRate``: a link that ticks on as it did before the window was hidden keeps
/// every timestamp and animation right at the instant it is shown again, which is what a link asked
/// for before this choice existed. Only a Wayland window's source applies the policy; on every
/// other source the display is never hidden from the link, and the policy is kept but has no effect.
public struct HiddenWindowPolicy: Hashable, Sendable, CustomStringConvertible {
    /// What the source does while the window is hidden.
    public enum Behavior: Hashable, Sendable {
        /// Ticks go on at the rate of the output the window was last shown on.
        case keepRate
        /// Ticks go on at most this many times a second, on the same grid.
        case reducedRate(framesPerSecond: Double)
        /// No ticks and no wake-ups until the window is shown again.
        case pauseUntilShown
    }

    /// What the source does while the window is hidden.
    public let behavior: Behavior

    private init(_ behavior: Behavior) {
        self.behavior = behavior
    }

    /// Ticks go on as a timer at the output's rate, on the phase and interval of the last
    /// presentations: the frames' timestamps stay right and nothing is late when the window is shown
    /// again. The default.
    public static let keepRate = HiddenWindowPolicy(.keepRate)

    /// No ticks and no wake-ups of the frame thread while the window is hidden: the source waits only
    /// for the compositor's events and the control channel (each wait bounded, as every wait of the
    /// source is). The first frame callback after the window is shown is the next frame, on the grid
    /// point it follows; its ``Frame/skippedFrames`` counts the link's frames passed over while hidden.
    ///
    /// The window's return is learned from the frame callback that the last frame's commit carried:
    /// a front end whose callback commits nothing as the callbacks stop (no buffer free) leaves none
    /// to come, and its link stays paused. Such a front end keeps the rate or lowers it instead.
    public static let pauseUntilShown = HiddenWindowPolicy(.pauseUntilShown)

    /// Ticks go on as a timer on the same grid (the last presentations' phase and interval), every
    /// n-th interval: the fewest intervals whose ticks come no more often than `framesPerSecond`
    /// (within a thousandth, so that 10 on a 59.94 Hz output is every sixth). A rate at or above the
    /// output's is clamped to it: every interval, as ``keepRate``. A link at a divisor gets the ticks
    /// of that grid that lie on its own (choose a rate whose interval count its divisor divides for
    /// even spacing: 10 fps for a link at 30 on 60 Hz); ``Frame/skippedFrames`` counts the link's
    /// frames passed over between two.
    ///
    /// - Throws: ``DisplayLinkError/invalidFrameRate(_:)`` when `framesPerSecond` is NaN, infinite,
    ///   zero, negative or outside ``FramePeriod/minimumFramesPerSecond`` to
    ///   ``FramePeriod/maximumFramesPerSecond``.
    public static func reducedRate(framesPerSecond: Double) throws(DisplayLinkError) -> HiddenWindowPolicy {
        guard framesPerSecond >= FramePeriod.minimumFramesPerSecond,
            framesPerSecond <= FramePeriod.maximumFramesPerSecond
        else {
            throw .invalidFrameRate(framesPerSecond)
        }
        return HiddenWindowPolicy(.reducedRate(framesPerSecond: framesPerSecond))
    }

    /// A rate within a thousandth above a whole fraction of the output's is that fraction: outputs'
    /// refreshes are a little off round numbers (59.94 Hz).
    static let rateTolerance = 0.001

    /// Whether no tick comes while the window is hidden.
    var pausesTicks: Bool { behavior == .pauseUntilShown }

    /// How many source intervals apart ticks come while the window is hidden, on a source of
    /// `sourceFramesPerSecond`: 1 unless the rate is reduced.
    func hiddenDivisor(sourceFramesPerSecond: Double) -> Int64 {
        guard case .reducedRate(let rate) = behavior, sourceFramesPerSecond.isFinite,
            sourceFramesPerSecond > rate
        else { return 1 }
        let intervals = (sourceFramesPerSecond / rate * (1 - Self.rateTolerance)).rounded(.up)
        return max(1, Int64(intervals))
    }

    /// The policy in words, such as "reduced to 4 fps".
    public var description: String {
        switch behavior {
        case .keepRate: "keep the rate"
        case .reducedRate(let rate): "reduced to \(DecimalFormat.string(rate, digits: 3)) fps"
        case .pauseUntilShown: "paused until shown"
        }
    }
}
