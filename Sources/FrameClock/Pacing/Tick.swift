/// A tick delivered by a source: which one, when it was, and when the frame thread woke for it.
struct Tick: Hashable, Sendable {
    /// The tick's sequence number (the kernel's vblank count, or the timer grid's index).
    var sequence: Int64
    /// The tick's time on `CLOCK_MONOTONIC`, in nanoseconds (the kernel's vblank timestamp for DRM).
    var timestamp: Int64
    /// When the frame thread woke up for it.
    var wokeAt: Int64
    /// The grid the tick lies on, for placing other ticks relative to it.
    var grid: TickGrid
    /// How many grid intervals after this tick the display shows what is drawn for it, when the
    /// display decides (a compositor: weston shows a commit two presentations after the frame
    /// callback); nil when the frame is shown at the grid point it is meant for, one frame interval
    /// on (a presenter that schedules its page flip there, or none).
    var presentationDepth: Int64? = nil
    /// The output the frame will be shown on, when the source knows it (a Wayland window's).
    var output: FrameSourceOutput? = nil
    /// When the frame's callback may start, if before `timestamp`: a source that ticks ahead of its
    /// grid point (a Wayland compositor that repaints right after its vblank, so that the commit must
    /// be in before that instant). Nil: at `timestamp`.
    var dispatchAt: Int64? = nil
    /// Whether the source's clock decides when frames are (a followed toolkit frame clock): each
    /// tick is a frame, and the link adds no pacing of its own against late wake-ups or after a
    /// callback (a toolkit behind real time ticks on stale frame times, and each still paints).
    var pacedBySource = false
}
