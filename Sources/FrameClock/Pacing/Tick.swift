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
}
