/// A display in virtual time, for tests and benchmarks of presentation: it shows a frame handed to
/// it at the first vblank of its ``ManualFrameSource`` that is at or after the frame's target and
/// at least ``presentationLatency`` after the moment it was handed over, and reports that to the
/// link as presentation feedback.
///
/// ```swift
/// let source = try ManualFrameSource(framesPerSecond: 60)
/// let link = try DisplayLink(source: .manual(source))
/// let display = SimulatedDisplay(source: source)
/// try link.start { frame in
///     source.elapse(.milliseconds(2))          // the work
///     display.present(frame, to: link)         // shown at the target, or later if the work was late
/// }
/// source.advance(by: .seconds(1))
/// ```
public struct SimulatedDisplay: Sendable {
    /// The source whose grid the simulated vblanks lie on, and whose clock says when a frame is
    /// handed over.
    public let source: ManualFrameSource
    /// How long before a vblank a frame must be handed over to be shown at it.
    public var presentationLatency: Duration

    /// Creates a display on `source`'s vblanks.
    public init(source: ManualFrameSource, presentationLatency: Duration = .milliseconds(1)) {
        self.source = source
        self.presentationLatency = presentationLatency
    }

    /// Shows `frame` now (on the source's clock) and reports when to `link`; returns the vblank it
    /// is shown at and its time.
    @discardableResult
    public func present(_ frame: Frame, to link: DisplayLink) -> (vblank: Int64, time: MonotonicInstant) {
        let ready = (source.now + presentationLatency).nanoseconds
        let earliest = max(ready, frame.targetTimestamp.nanoseconds)
        let grid = source.grid
        var vblank = grid.sequence(at: earliest)
        if grid.timestamp(of: vblank) < earliest { vblank += 1 }
        let time = MonotonicInstant(nanoseconds: grid.timestamp(of: vblank))
        link.presented(frame.sequence, at: time, vblank: UInt64(bitPattern: vblank))
        return (vblank, time)
    }
}
