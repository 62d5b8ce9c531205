/// A piece of content to be shown at a chosen time: a video frame at its presentation time, an
/// animation's keyframe at its instant.
///
/// Given to a link with ``DisplayLink/schedule(_:)``, it comes back in the callback of the first
/// frame whose ``Frame/targetTimestamp`` is at or after ``presentationTime`` (``Frame/content``):
/// shown at the refresh closest to its time and never before it. What the identifier names (a
/// decoded picture, a buffer, an index into the caller's own queue) is the caller's.
public struct ScheduledContent: Hashable, Sendable {
    /// The caller's name for the content.
    public var id: UInt64
    /// The earliest time the content may be shown, on the monotonic clock.
    public var presentationTime: MonotonicInstant

    /// Content `id`, to be shown at `presentationTime` or at the first refresh after it.
    public init(id: UInt64, presentationTime: MonotonicInstant) {
        self.id = id
        self.presentationTime = presentationTime
    }
}
