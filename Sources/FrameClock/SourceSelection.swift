internal import CLinuxShims
import Logging

/// Turns a requested ``DisplayLink/Source`` into a driver, with the reason for the choice.
enum SourceSelection {
    /// The rate the timer runs at when `.automatic` has no display to ask.
    static let fallbackFramesPerSecond = 60.0

    static func driver(
        for source: DisplayLink.Source, options: FrameThreadOptions, logger: Logger
    ) throws(DisplayLinkError) -> FrameDriver {
        switch source {
        case .manual(let manual):
            return manual.driver
        case .shared(let shared):
            return shared.driver
        case .timer(let framesPerSecond, let precision):
            return try timerDriver(
                period: FramePeriod(framesPerSecond: framesPerSecond), precision: precision,
                reason: "requested",
                options: options, logger: logger)
        case .drm:
            throw .sourceUnavailable("this build has no DRM vblank source yet")
        case .automatic:
            return try timerDriver(
                period: FramePeriod(framesPerSecond: fallbackFramesPerSecond), precision: .standard,
                reason: "no DRM vblank source in this build; timer at \(Int(fallbackFramesPerSecond)) Hz",
                options: options, logger: logger)
        }
    }

    /// A timer driver whose grid starts now.
    static func timerDriver(
        period: FramePeriod, precision: TimerPrecision, reason: String, options: FrameThreadOptions,
        logger: Logger
    ) throws(DisplayLinkError) -> FrameDriver {
        let control = try ControlChannel()
        let grid = TickGrid(anchorSequence: 0, anchorTimestamp: fc_monotonic_ns(), period: period)
        let timer = try TimerTickSource(grid: grid, precision: precision, control: control)
        return FrameDriver(source: timer, control: control, reason: reason, options: options, logger: logger)
    }
}
