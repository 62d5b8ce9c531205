import DRM

/// What ``KMSPresenter/close()`` did with the CRTC it had shown frames on: put back as it was before
/// the modeset, or turned off (and why), or left as it was because even that failed.
///
/// Its ``description`` is the sentence `clock-demo` prints, for example `restored CRTC 35 to
/// framebuffer 40, 1024x768`.
public enum KMSRestoration: Hashable, Sendable, CustomStringConvertible {
    /// The CRTC's framebuffer, position and mode from before the modeset were put back.
    case restored(crtcID: UInt32, framebufferID: UInt32, mode: DRMMode)
    /// The CRTC was turned off, for `reason`.
    case turnedOff(crtcID: UInt32, reason: TurnOffReason)
    /// The CRTC was to be turned off, for `reason`, and that failed with `error`: it still shows the
    /// presenter's last frame (until its framebuffer goes with the device).
    case turnOffFailed(crtcID: UInt32, reason: TurnOffReason, error: DRMError)

    /// Why a CRTC was turned off instead of restored.
    public enum TurnOffReason: Hashable, Sendable, CustomStringConvertible {
        /// It was off before the modeset.
        case wasOff
        /// It had a mode but no framebuffer before the modeset.
        case hadNoFramebuffer
        /// Its framebuffer from before the modeset could not be set again (it no longer exists, for
        /// example): the error of that modeset.
        case framebufferNotRestorable(framebufferID: UInt32, error: DRMError)

        /// `"it was off before"`, `"its framebuffer 40 cannot be restored: ..."`.
        public var description: String {
            switch self {
            case .wasOff: "it was off before"
            case .hadNoFramebuffer: "it had no framebuffer before"
            case .framebufferNotRestorable(let framebufferID, let error):
                "its framebuffer \(framebufferID) cannot be restored: \(error)"
            }
        }
    }

    /// The CRTC the presenter drove.
    public var crtcID: UInt32 {
        switch self {
        case .restored(let crtcID, _, _), .turnedOff(let crtcID, _), .turnOffFailed(let crtcID, _, _): crtcID
        }
    }

    /// Whether the CRTC shows what it showed before the presenter's modeset.
    public var isRestored: Bool {
        if case .restored = self { return true }
        return false
    }

    /// `"restored CRTC 35 to framebuffer 40, 1024x768"`, `"turned CRTC 35 off (it was off before)"` or
    /// `"could not turn CRTC 35 off (...): ..."`.
    public var description: String {
        switch self {
        case .restored(let crtcID, let framebufferID, let mode):
            "restored CRTC \(crtcID) to framebuffer \(framebufferID), \(mode.name)"
        case .turnedOff(let crtcID, let reason):
            "turned CRTC \(crtcID) off (\(reason))"
        case .turnOffFailed(let crtcID, let reason, let error):
            "could not turn CRTC \(crtcID) off (\(reason)): \(error)"
        }
    }
}
