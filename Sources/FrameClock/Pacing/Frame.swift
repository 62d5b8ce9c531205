/// One frame of a display link: the vsync it follows, the one at which it will be shown, and how
/// the pacing went.
public struct Frame: Hashable, Sendable {
    /// The vsync (or timer grid point) this frame follows — or, on a Wayland compositor that repaints
    /// right after its vblank (weston), the vblank the frame's callback is started just ahead of (up
    /// to 2 ms, as predicted from the compositor's presentations), so that the commit made in it is in
    /// before that repaint.
    public let timestamp: MonotonicInstant
    /// The vsync at which this frame will be shown: `timestamp + duration`, or on a Wayland surface
    /// the presentation the compositor is predicted to show this frame's commit at (weston shows a
    /// commit two presentations after the frame callback). Sample animations here. Each frame's
    /// lies after the previous frame's of the same link (rule P12 of the reference model): a tick
    /// whose target would not (a compositor whose depth shrank) makes no frame — except on a
    /// followed toolkit clock (``LoopFrameSource``), each of whose ticks is a frame.
    public let targetTimestamp: MonotonicInstant
    /// The frame interval: the refresh interval times the link's divisor.
    public let duration: Duration
    /// The 64-bit vblank count (DRM) or grid index (timer, manual; on a Wayland surface, presentation
    /// intervals counted from the link's start) of `timestamp`. A timer that
    /// takes over from a failed display goes on from the display's count; when the link returns to
    /// the display, the count is the kernel's again, which may be lower (vkms's resumes where it
    /// stopped). `timestamp` never goes back.
    public let sequence: UInt64
    /// Whole frame intervals missed since the previous frame (0 when on time): for a callback, since
    /// the previous callback; for a ``DisplayLink/frames`` consumer, since the previous frame that
    /// consumer received, so that the frames it missed while busy are counted too (a consumer six
    /// intervals slow gets 5 on each frame).
    public let skippedFrames: Int
    /// How late the callback started: after `timestamp` when the link dispatches after the vblank,
    /// after the moment it chose when it dispatches at a render deadline.
    public let lateness: Duration
    /// The latest moment the frame's work may end and still be shown at `targetTimestamp`:
    /// `targetTimestamp` minus the link's ``DisplayLink/presentationLatency`` — on a compositor that
    /// shows a commit some repaints after its frame callback, minus the latency learned from its
    /// feedback when that is more. A frame whose callback ends later and is shown late counts as
    /// late by the callback's fault.
    public let deadline: MonotonicInstant
    /// The time to sample animations at, under the link's ``DisplayLink/animationTimePolicy``:
    /// `targetTimestamp` when true to the clock (the default); after a late frame under a continuous
    /// policy, earlier, by what the policy cut off so that motion does not jump.
    public let animationTimestamp: MonotonicInstant
    /// The scheduled content this frame shows (``DisplayLink/schedule(_:)``): content whose time is
    /// at or before `targetTimestamp`, never after it — the newest due, or the oldest under
    /// ``LateContentPolicy/showLate``; nil when none is due (the content shown before stays).
    public let content: ScheduledContent?
    /// Scheduled content this frame passed over because newer content was due by its target
    /// (``LateContentPolicy/dropLate``): each piece is counted once, here or shown. For a
    /// ``DisplayLink/frames`` consumer, also the content of the frames it missed since the previous
    /// frame it received, as ``skippedFrames`` counts its own misses.
    public let droppedContent: Int

    /// Creates a frame; FrameClock makes these, and tests or offline renderers may too.
    /// A `deadline` of nil is the target timestamp itself, and so is an `animationTimestamp` of nil.
    public init(
        timestamp: MonotonicInstant, targetTimestamp: MonotonicInstant, duration: Duration, sequence: UInt64,
        skippedFrames: Int, lateness: Duration, deadline: MonotonicInstant? = nil,
        animationTimestamp: MonotonicInstant? = nil, content: ScheduledContent? = nil, droppedContent: Int = 0
    ) {
        self.content = content
        self.droppedContent = droppedContent
        self.deadline = deadline ?? targetTimestamp
        self.animationTimestamp = animationTimestamp ?? targetTimestamp
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.duration = duration
        self.sequence = sequence
        self.skippedFrames = skippedFrames
        self.lateness = lateness
    }

    /// The same frame with other counts of skipped frames and dropped content (every other field
    /// kept).
    func with(skippedFrames: Int, droppedContent: Int? = nil) -> Frame {
        Frame(
            timestamp: timestamp, targetTimestamp: targetTimestamp, duration: duration, sequence: sequence,
            skippedFrames: skippedFrames, lateness: lateness, deadline: deadline,
            animationTimestamp: animationTimestamp, content: content,
            droppedContent: droppedContent ?? self.droppedContent)
    }

    /// The time left to draw this frame, measured from `now`: `targetTimestamp − now`
    /// (negative when the frame is already too late to be shown on time).
    public func budget(at now: MonotonicInstant = .now()) -> Duration {
        targetTimestamp - now
    }
}
