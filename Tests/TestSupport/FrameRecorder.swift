import Foundation
import FrameClock

/// Collects the frames a display link delivers, on whatever thread it delivers them.
///
/// The lock is an `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: the suite also
/// runs under the thread sanitizer, which sees a pthread mutex as ordering the accesses it guards
/// but not the futex that `Mutex` waits on, and would report every recorded frame as a race.
public final class FrameRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Frame] = []

    /// Creates an empty recorder.
    public init() {}

    /// Appends `frame`.
    public func record(_ frame: Frame) { lock.withLock { frames.append(frame) } }

    /// Every frame recorded so far, in order.
    public var all: [Frame] { lock.withLock { frames } }

    /// How many frames were recorded.
    public var count: Int { lock.withLock { frames.count } }
}
