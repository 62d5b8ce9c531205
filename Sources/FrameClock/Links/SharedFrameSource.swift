import Logging

/// One frame source for many links: a single frame thread waits on one timer (or one CRTC's vblank)
/// and hands each tick to every link, each at its own divisor, in the order they joined.
///
/// ```swift
/// let display = try SharedFrameSource(.automatic)
/// let clock = try DisplayLink(source: .shared(display))
/// let chart = try DisplayLink(source: .shared(display))
/// chart.preferredFramesPerSecond = 30
/// ```
///
/// The thread starts with the first running link and waits idle (no wake-ups) while no link runs.
/// It ends when the source is closed, or when the source and every link on it are gone. Links on
/// one source run their callbacks one after another: a slow callback delays the others.
public final class SharedFrameSource: Sendable {
    let driver: FrameDriver

    /// Opens a source to share. `logger` is where the source logs its choice, failovers and returns
    /// to the display; `nil` (the default) logs nothing.
    ///
    /// - Throws: ``DisplayLinkError`` as ``DisplayLink/init(source:options:logger:)`` does;
    ///   `.sourceUnavailable` for `.shared` (a shared source cannot wrap another).
    public init(
        _ source: DisplayLink.Source, options: FrameThreadOptions = FrameThreadOptions(),
        logger: Logger? = nil
    ) throws(DisplayLinkError) {
        let logger = logger ?? .silent(label: "FrameClock.SharedFrameSource")
        if case .shared = source {
            throw .sourceUnavailable("a shared source cannot wrap another shared source")
        }
        driver = try SourceSelection.driver(for: source, options: options, logger: logger)
        driver.makeShared()
    }

    /// The source in use and why.
    public var sourceInfo: FrameSourceInfo { driver.info }

    /// Ends the frame thread: the links on this source receive no more frames. Idempotent.
    public func close() {
        driver.close()
    }

    deinit {
        driver.close()
    }
}
