import SystemPackage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What can go wrong when a display link is made, configured or started.
///
/// Its ``description`` (and `localizedDescription`, through `LocalizedError`) is one sentence that
/// says what was wrong and then what to do, for example `the display link was invalidated; make a
/// new one`; ``failureReason`` and ``recoverySuggestion`` are its two halves.
public enum DisplayLinkError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// A frame rate that is NaN, infinite, zero, negative or out of range.
    case invalidFrameRate(Double)
    /// A frame-rate range whose bounds are not ordered `0 ≤ minimum ≤ preferred ≤ maximum`, or not finite.
    case invalidFrameRateRange(minimum: Double, maximum: Double, preferred: Double?)
    /// A precise timer's spin window that is negative, not finite or not shorter than the interval.
    case invalidSpinWindow(Duration)
    /// `start` was called on a link that was invalidated.
    case invalidated
    /// `start` was called on a link that already runs a callback.
    case alreadyStarted
    /// A link was handed to a ``ManualFrameSource`` that does not drive it.
    case notOnThisSource
    /// ``DisplayLink/start(isolatedTo:_:)`` was given an actor that does not run on the link's
    /// ``DisplayLink/executor``.
    case notOnThisExecutor
    /// A ``LoopFrameSource`` was dispatched, or a main-actor callback started, off the thread that
    /// the loop runs on: the thread that made the source (the main thread, for a main-actor
    /// callback).
    case notOnLoopThread
    /// A negative number of ``OfflineFrames``.
    case invalidFrameCount(Int)
    /// A continuous ``AnimationTimePolicy`` whose steps may not cover even one frame interval.
    case invalidAnimationStep(Int)
    /// An adaptive rate asked for a range in which the source's rate has no whole divisor.
    case noDivisorInRange(FrameRateRange, sourceFramesPerSecond: Double)
    /// The requested frame source cannot be used; the reason says why.
    case sourceUnavailable(String)
    /// The DRM vblank source cannot be used: the reason (such as
    /// "permission denied opening /dev/dri/card0 (EACCES)" or "no lit CRTC") and the `errno` behind
    /// it, where one call's failure explains it.
    case drmUnavailable(reason: String, errno: Errno?)
    /// A system call failed.
    case system(SystemCallError)
    /// Content (`given`) was scheduled at or before the time of the content scheduled before it
    /// (`previous`; ``DisplayLink/schedule(_:)``): content is shown in the order of its times.
    case contentOutOfOrder(previous: ScheduledContent, given: ScheduledContent)
    /// Content was scheduled while `capacity` pieces already waited (``DisplayLink/schedule(_:)``).
    case contentQueueFull(capacity: Int)

    /// What went wrong.
    public var failureReason: String? { problem }

    /// What to do about it.
    public var recoverySuggestion: String? { remedy }

    /// What went wrong, then what to do.
    public var description: String {
        if case .system(let error) = self { return error.description }
        return "\(problem); \(remedy)"
    }

    /// The same sentence as ``description``.
    public var errorDescription: String? { description }

    private var problem: String {
        switch self {
        case .invalidFrameRate(let rate):
            "invalid frame rate \(rate)"
        case .invalidFrameRateRange(let minimum, let maximum, let preferred):
            "invalid frame-rate range (minimum \(minimum), maximum \(maximum), preferred "
                + "\(preferred.map { "\($0)" } ?? "none"))"
        case .invalidSpinWindow(let window):
            "invalid spin window \(window)"
        case .invalidated:
            "the display link was invalidated"
        case .alreadyStarted:
            "the display link already runs a callback"
        case .notOnThisSource:
            "the display link is not on this manual source"
        case .notOnThisExecutor:
            "the actor does not run on the display link's executor"
        case .notOnLoopThread:
            "the loop source was used off its loop's thread"
        case .invalidFrameCount(let count):
            "invalid frame count \(count)"
        case .invalidAnimationStep(let intervals):
            "invalid animation step of \(intervals) frame intervals"
        case .noDivisorInRange(let range, let rate):
            "no whole divisor of \(rate) fps lies in \(range)"
        case .sourceUnavailable(let reason):
            "frame source unavailable: \(reason)"
        case .drmUnavailable(let reason, _):
            "DRM vblank source unavailable: \(reason)"
        case .system(let error):
            error.failureReason ?? error.call
        case .contentOutOfOrder(let previous, let given):
            "content \(given.id) scheduled at \(given.presentationTime), not after content \(previous.id) "
                + "scheduled before it (at \(previous.presentationTime))"
        case .contentQueueFull(let capacity):
            "\(capacity) pieces of content already wait to be shown"
        }
    }

    private var remedy: String {
        switch self {
        case .invalidFrameRate:
            "give a finite number of frames per second from \(FramePeriod.minimumFramesPerSecond) to "
                + "\(Int(FramePeriod.maximumFramesPerSecond))"
        case .invalidFrameRateRange:
            "give finite bounds with 0 ≤ minimum ≤ preferred ≤ maximum"
        case .invalidSpinWindow:
            "give a window of at least zero that is shorter than the frame interval"
        case .invalidated:
            "make a new one"
        case .alreadyStarted:
            "handle every frame in the one callback, or make another link for another callback"
        case .notOnThisSource:
            "make the link with DisplayLink(source: .manual(source)) on the source you advance"
        case .notOnThisExecutor:
            "give the actor `nonisolated var unownedExecutor: UnownedSerialExecutor { "
                + "link.executor.asUnownedSerialExecutor() }`"
        case .notOnLoopThread:
            "make the LoopFrameSource on the thread that runs the loop (the main thread for a main-actor "
                + "callback) and dispatch it there"
        case .invalidFrameCount:
            "give a count of zero or more frames"
        case .invalidAnimationStep:
            "give a maximum step of at least 1 interval"
        case .noDivisorInRange:
            "widen the range to hold the source's rate divided by a whole number, or leave the rate fixed"
        case .sourceUnavailable:
            "choose another source (.timer(framesPerSecond:) can always be used)"
        case .drmUnavailable(_, let errno) where errno == .permissionDenied || errno == .notPermitted:
            "run as root or as a member of the group that owns the device (usually video), or use "
                + ".automatic, which falls back to a timer"
        case .drmUnavailable:
            "use .automatic, which falls back to a timer where no display can be used, or "
                + ".timer(framesPerSecond:)"
        case .system(let error):
            error.recoverySuggestion ?? ""
        case .contentOutOfOrder:
            "schedule content in the order of its times, or call removeScheduledContent() first (a seek)"
        case .contentQueueFull:
            "schedule content as the frames take it (a few frames ahead), not all at once"
        }
    }
}
