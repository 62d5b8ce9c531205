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
    /// The output the frames are shown on, with its nominal refresh, when the source knows it (a
    /// Wayland window's, and the timer that stands in for its callbacks while it is hidden); nil
    /// otherwise.
    public let output: FrameSourceOutput?
    /// While a Wayland window is hidden (its frame callbacks stopped), the policy its source applies
    /// (``DisplayLink/hiddenWindowPolicy``); nil while it is shown, and on every other source.
    public let hiddenWindow: HiddenWindowPolicy?

    /// Creates a description of a source.
    public init(
        kind: FrameSourceKind, name: String, period: FramePeriod, reason: Reason,
        output: FrameSourceOutput? = nil, hiddenWindow: HiddenWindowPolicy? = nil
    ) {
        self.kind = kind
        self.name = name
        self.period = period
        self.reason = reason
        self.output = output
        self.hiddenWindow = hiddenWindow
    }

    /// The source's rate in frames per second (measured, for a Wayland surface).
    public var framesPerSecond: Double { period.framesPerSecond }

    /// The rate a link's divisor is chosen from: the output's nominal refresh when it is known,
    /// else ``framesPerSecond``.
    public var nominalFramesPerSecond: Double { output?.framesPerSecond ?? framesPerSecond }

    /// The name and the reason, and the policy applied while a window is hidden.
    public var description: String {
        "\(name) — \(reason)" + (hiddenWindow.map { " (hidden window: \($0))" } ?? "")
    }

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
        /// `.automatic` found no DRM display (why not) in a Wayland session, and runs its timer at
        /// the refresh of the compositor's output `output` (`wl_output`'s current mode, in mHz).
        case waylandOutputRate(output: String, millihertz: Int, noDisplay: String)
        /// The Wayland source was asked for, but the compositor gives no presentation feedback (why
        /// not): the link ticks on frame callbacks alone, its grid measured from when they arrive.
        case frameCallbacksOnly(String)
        /// `.automatic` found no DRM display (why not) in a Wayland session with several outputs, and
        /// runs its timer at the refresh of the fastest, `output` (`wl_output`'s current mode, in mHz),
        /// of the `outputCount`: with no window to follow, the fastest keeps every output's frames
        /// coming (a window's link follows its own output).
        case waylandFastestOutput(output: String, millihertz: Int, outputCount: Int, noDisplay: String)
        /// A Wayland window's frames are now shown on `output` (they were on `previous`, or it was
        /// not known yet): the link's rate, frame duration, target prediction and divisor follow its
        /// nominal refresh.
        case outputChanged(to: FrameSourceOutput, from: FrameSourceOutput?)
        /// A Wayland surface's frame callbacks stopped (the window hidden, minimised or unmapped, or
        /// nothing committed): the link goes on as its ``HiddenWindowPolicy`` says
        /// (``FrameSourceInfo/hiddenWindow``); the sentence says since when.
        case frameCallbacksStopped(String)
        /// A Wayland surface's frame callbacks came back after stopping for `stoppedFor`: the link
        /// ticks on them again.
        case frameCallbacksResumed(stoppedFor: Duration)

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
            case .waylandOutputRate(let output, let millihertz, let noDisplay):
                "no DRM display (\(noDisplay)); in a Wayland session: the timer runs at the refresh of "
                    + "output \(output), \(DecimalFormat.string(Double(millihertz) / 1000, digits: 3)) Hz"
            case .waylandFastestOutput(let output, let millihertz, let count, let noDisplay):
                "no DRM display (\(noDisplay)); in a Wayland session with \(count) outputs and no window: the "
                    + "timer runs at the refresh of the fastest, \(output), "
                    + "\(DecimalFormat.string(Double(millihertz) / 1000, digits: 3)) Hz"
            case .outputChanged(let output, let previous):
                "now on \(output)" + (previous.map { " (was on \($0))" } ?? "")
            case .frameCallbacksOnly(let why):
                "no presentation feedback (\(why)): ticking on frame callbacks alone, "
                    + "the grid measured from when they arrive"
            case .frameCallbacksStopped(let why):
                "\(why); the window is taken as hidden"
            case .frameCallbacksResumed(let stoppedFor):
                "frame callbacks resumed (they had stopped for "
                    + "\(DecimalFormat.string(Double(stoppedFor.wholeNanoseconds) / 1e6, digits: 1)) ms)"
            }
        }
    }
}
