/// The display output a link's frames are shown on, as the compositor names it: a Wayland window's
/// `wl_output`, with its nominal refresh.
///
/// The refresh is what the compositor *says* (the output's mode, or the presentation feedback's
/// `refresh`), not what it achieves: a link chooses the divisor of its
/// ``DisplayLink/preferredFrameRateRange`` from it (a link preferring 60 fps on a 144 Hz output asks
/// for every second frame, 72 fps, whether or not the compositor keeps up), and its statistics and
/// timeline say what it actually got.
public struct FrameSourceOutput: Hashable, Sendable, CustomStringConvertible {
    /// The output's label: its name (`wl_output.name`), else `"output <global name>"`.
    public let name: String
    /// The nominal refresh rate in millihertz (144 Hz is 144 000).
    public let refreshMillihertz: Int

    /// An output named `name` refreshing at `refreshMillihertz` (at least 1).
    public init(name: String, refreshMillihertz: Int) {
        self.name = name
        self.refreshMillihertz = max(1, refreshMillihertz)
    }

    /// The nominal refresh interval.
    public var period: FramePeriod {
        FramePeriod(uncheckedNumerator: 1_000_000_000_000, denominator: Int64(refreshMillihertz))
    }

    /// The nominal refresh rate in hertz.
    public var framesPerSecond: Double { Double(refreshMillihertz) / 1000 }

    /// "output 2 at 144.000 Hz".
    public var description: String {
        "\(name) at \(DecimalFormat.string(framesPerSecond, digits: 3)) Hz"
    }
}
