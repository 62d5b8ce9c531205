import SystemPackage

/// What a wait on a surface's frame timing returned: one event, in the order the compositor sent them.
///
/// Every event is reported: after a surface is mapped again, the frame callbacks queued while it was
/// unmapped arrive as a burst, each one its own `.frameCallback`, and the feedbacks of commits that
/// were never shown arrive as `.discarded`. Collapsing a burst into one tick is the tick source's job.
public enum WaylandFrameEvent: Sendable, Hashable {
    /// A frame callback (`wl_callback.done` after `wl_surface.frame`) fired: a good time to draw.
    case frameCallback(WaylandFrameCallback)
    /// A commit was shown (`wp_presentation_feedback.presented`).
    case presented(WaylandPresentedFrame)
    /// A commit will never be shown (`wp_presentation_feedback.discarded`): it was replaced, the
    /// surface was hidden or destroyed.
    case discarded(feedbackID: UInt64, receivedAt: Int64)
    /// The timeout passed without an event.
    case timedOut
    /// ``WaylandConnection/wake()`` was called, or the extra descriptor became readable.
    case woken
    /// The frame timing (or its window) was closed; nothing more will come.
    case closed
    /// The connection broke: `EPIPE` when the compositor went away, `EPROTO` after a protocol error
    /// (``WaylandConnection/failure`` has the details).
    case connectionLost(Errno)
}

/// A frame callback that fired.
public struct WaylandFrameCallback: Sendable, Hashable {
    /// The id ``WaylandFrameTiming/requestFrameCallback()`` returned for it.
    public var id: UInt64
    /// The compositor's timestamp in milliseconds (`callback_data`): its base is unspecified (weston
    /// uses its presentation clock) and it wraps every 49.7 days; use it for intervals only.
    public var callbackTime: UInt32
    /// When the event was read from the connection, in CLOCK_MONOTONIC nanoseconds.
    public var receivedAt: Int64
}

/// Presentation flags (`wp_presentation_feedback.kind`). Compositors differ: weston headless sets none.
public struct WaylandPresentationFlags: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public var rawValue: UInt32
    /// Creates flags from the protocol's bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The presentation was synchronised to the vertical retrace.
    public static let vsync = WaylandPresentationFlags(rawValue: 0x1)
    /// The timestamp comes from the display hardware's clock.
    public static let hardwareClock = WaylandPresentationFlags(rawValue: 0x2)
    /// The hardware signalled the completion of the presentation.
    public static let hardwareCompletion = WaylandPresentationFlags(rawValue: 0x4)
    /// The buffer was scanned out directly, without a copy.
    public static let zeroCopy = WaylandPresentationFlags(rawValue: 0x8)
}

/// A commit that was shown, with its time converted to CLOCK_MONOTONIC.
public struct WaylandPresentedFrame: Sendable, Hashable {
    /// The id ``WaylandFrameTiming/requestPresentationFeedback()`` returned for it.
    public var feedbackID: UInt64
    /// When the frame turned into light, in CLOCK_MONOTONIC nanoseconds (converted from
    /// ``compositorTime``; see ``conversionErrorBound``).
    public var time: Int64
    /// The compositor's own timestamp, in nanoseconds on its clock ``compositorClockID``.
    public var compositorTime: Int64
    /// The compositor's presentation clock (`wp_presentation.clock_id`; weston: 4,
    /// CLOCK_MONOTONIC_RAW).
    public var compositorClockID: Int32
    /// The most ``time`` can be off by, in nanoseconds: 0 when the compositor's clock is
    /// CLOCK_MONOTONIC, else half the narrowest window in which both clocks were sampled plus 500 ppm
    /// of the timestamp's age.
    public var conversionErrorBound: Int64
    /// The compositor's prediction of the next refresh interval in nanoseconds; 0 when unknown.
    /// Nominal: weston headless says 16 666 666 whatever its real cadence.
    public var refreshInterval: Int64
    /// The output's vertical retrace counter, or the compositor's own count (weston headless: 0).
    public var sequence: UInt64
    /// How the frame was presented.
    public var flags: WaylandPresentationFlags
    /// When the event was read from the connection, in CLOCK_MONOTONIC nanoseconds.
    public var receivedAt: Int64
    /// The global name (``WaylandOutput/globalName``) of the output whose refresh the presentation
    /// was synchronised to (`wp_presentation_feedback.sync_output`); nil when the compositor named
    /// none, or an output this connection has not bound.
    public var syncOutput: UInt32? = nil
}
