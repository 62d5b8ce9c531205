/// Which source ticks a link, at what interval, and why it was chosen.
public struct FrameSourceInfo: Hashable, Sendable, CustomStringConvertible {
    /// The kind of source.
    public let kind: FrameSourceKind
    /// A short description, such as "timer 60.000 Hz (standard)".
    public let name: String
    /// The source's exact refresh interval.
    public let period: FramePeriod
    /// Why this source is in use: it was asked for, or why a fallback happened.
    public let reason: Reason

    /// Creates a description of a source.
    public init(kind: FrameSourceKind, name: String, period: FramePeriod, reason: Reason) {
        self.kind = kind
        self.name = name
        self.period = period
        self.reason = reason
    }

    /// The source's rate in frames per second.
    public var framesPerSecond: Double { period.framesPerSecond }

    /// The name and the reason.
    public var description: String { "\(name) — \(reason)" }

    /// Why a link runs on the source it runs on. Its description is the sentence logged and shown,
    /// such as "no lit CRTC" or "DRM /dev/dri/card0 CRTC 38 … failed: CRTC 38 turned off
    /// (drmCrtcQueueSequence: EINVAL); continuing on the timer from its last phase".
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The source is the one asked for.
        case requested
        /// `.automatic` found a lit CRTC and ticks on its vblanks.
        case automaticFoundDisplay
        /// `.automatic` found no display it could use, and runs the timer; why not (such as
        /// "no DRM device: /dev/dri does not exist" or "no lit CRTC").
        case noDisplay(String)
        /// The source failed mid-run and the link goes on with a timer on its last phase and
        /// interval: the failed source's name and why it failed.
        case failedOver(from: String, failure: String)
        /// The source failed and nothing could replace it: the link delivers no more frames.
        case failed(String)
        /// The link is back on the display's vblanks after a failover; why it had left them.
        case returnedToDisplay(failure: String)

        /// The reason as a sentence.
        public var description: String {
            switch self {
            case .requested: "requested"
            case .automaticFoundDisplay: "automatic: a lit CRTC"
            case .noDisplay(let why): why
            case .failedOver(let source, let failure):
                "\(source) failed: \(failure); continuing on the timer from its last phase"
            case .failed(let failure): failure
            case .returnedToDisplay(let failure): "back on the display (it had failed: \(failure))"
            }
        }
    }
}
