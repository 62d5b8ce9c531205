/// A change of a link's rate by its adaptive rate (``DisplayLink/enableAdaptiveRate()``), with its
/// reason.
public struct FrameRateChange: Hashable, Sendable, CustomStringConvertible {
    /// Why the rate changed.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// A callback took this long: more than the frame interval allows.
        case callbackOverran(Duration)
        /// Callbacks in a row fitted the faster rate with room to spare; the longest took this long.
        case callbacksFitFasterRate(longest: Duration)
        /// `count` frames in a row were shown at least `intervals` refresh intervals late although
        /// their callbacks ended in time: work after the callback (a GPU's) does not fit the rate.
        case presentationsLate(count: Int, intervals: Int)

        /// For example "a callback took 20.0 ms".
        public var description: String {
            switch self {
            case .callbackOverran(let duration): "a callback took \(Self.milliseconds(duration)) ms"
            case .callbacksFitFasterRate(let longest):
                "callbacks fit the faster rate (the longest took \(Self.milliseconds(longest)) ms)"
            case .presentationsLate(let count, let intervals):
                "\(count) frames in a row were shown \(intervals) interval\(intervals == 1 ? "" : "s") late"
            }
        }

        private static func milliseconds(_ duration: Duration) -> String {
            DecimalFormat.string(Double(duration.wholeNanoseconds) / 1e6, digits: 1)
        }
    }

    /// The rate before, in frames per second.
    public let fromFramesPerSecond: Double
    /// The rate after, in frames per second.
    public let toFramesPerSecond: Double
    /// The divisor of the source's rate after the change.
    public let divisor: Int
    /// Why.
    public let reason: Reason
    /// When it was decided (as the callback that decided it returned).
    public let time: MonotonicInstant

    /// For example "60.0 → 30.0 fps: a callback took 20.0 ms".
    public var description: String {
        "\(DecimalFormat.string(fromFramesPerSecond, digits: 1)) → "
            + "\(DecimalFormat.string(toFramesPerSecond, digits: 1)) fps: \(reason)"
    }
}
