import SystemPackage

/// What can go wrong when a display link is made, configured or started.
public enum DisplayLinkError: Error, Hashable, Sendable, CustomStringConvertible {
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
    /// The requested frame source cannot be used; the reason says why.
    case sourceUnavailable(String)
    /// The DRM vblank source cannot be used: the reason (such as
    /// "permission denied opening /dev/dri/card0 (EACCES)" or "no lit CRTC") and the `errno` behind
    /// it, where one call's failure explains it.
    case drmUnavailable(reason: String, errno: Errno?)
    /// A system call failed.
    case system(SystemCallError)

    /// A sentence that says what went wrong.
    public var description: String {
        switch self {
        case .invalidFrameRate(let rate):
            return "invalid frame rate \(rate): it must be a finite number of frames per second from "
                + "\(FramePeriod.minimumFramesPerSecond) to \(Int(FramePeriod.maximumFramesPerSecond))"
        case .invalidFrameRateRange(let minimum, let maximum, let preferred):
            return "invalid frame-rate range (minimum \(minimum), maximum \(maximum), preferred "
                + "\(preferred.map { "\($0)" } ?? "none")): bounds must be finite with 0 ≤ minimum ≤ preferred ≤ maximum"
        case .invalidSpinWindow(let window):
            return
                "invalid spin window \(window): it must be at least zero and shorter than the frame interval"
        case .invalidated:
            return "the display link was invalidated; make a new one"
        case .alreadyStarted:
            return "the display link already runs a callback"
        case .sourceUnavailable(let reason):
            return "frame source unavailable: \(reason)"
        case .drmUnavailable(let reason, _):
            return "DRM vblank source unavailable: \(reason)"
        case .system(let error):
            return error.description
        }
    }
}
