import FrameClock

/// A page flip queued and not yet completed, and the frame it shows.
struct KMSPendingFlip {
    /// The buffer flipped to (0 or 1).
    var buffer: Int
    /// The user data the flip was queued with, which its completion event carries back.
    var userData: UInt64
    /// The sequence of the frame it shows.
    var sequence: UInt64
    /// The link to tell when it was shown, or that it was dropped.
    var link: DisplayLink?
}
