import SystemPackage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why ``DRMDisplay/open(path:crtcID:directory:)`` found no lit CRTC.
///
/// Its ``failureReason`` is the reason a display link gives for falling back to a timer, for
/// example `"no DRM device: /dev/dri does not exist"`, `"no lit CRTC"` or
/// `"permission denied opening /dev/dri/card0 (EACCES)"`; its ``description`` (and
/// `localizedDescription`, through `LocalizedError`) goes on to say what to do.
public enum DRMDiscoveryError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The directory of device nodes cannot be read (it does not exist: no DRM driver is loaded).
    case noDirectory(path: String, errno: Errno)
    /// The directory holds no `card*` node.
    case noCards(directory: String)
    /// Every device failed to open or to answer (for example `EACCES` for a non-root user).
    case openFailed([DRMError])
    /// The devices opened, but none had a lit CRTC (the one asked for, or any).
    case noLitCRTC(checked: [String], failures: [DRMError])

    /// The errno behind the failure, when one call's failure explains it.
    public var errno: Errno? {
        switch self {
        case .noDirectory(_, let code): code
        case .noCards: nil
        case .openFailed(let failures): failures.first?.errno
        case .noLitCRTC: nil
        }
    }

    /// What went wrong, for example `"no lit CRTC"`.
    public var failureReason: String? {
        switch self {
        case .noDirectory(let path, let code):
            if code == .noSuchFileOrDirectory { return "no DRM device: \(path) does not exist" }
            let error = DRMError(call: "opendir", errno: code, detail: path)
            return "no DRM device: cannot read \(path) (\(error.errnoName))"
        case .noCards(let directory):
            return "no DRM device: no card* node in \(directory)"
        case .openFailed(let failures):
            return failures.map(Self.sentence).joined(separator: "; ")
        case .noLitCRTC(let checked, let failures):
            var text = "no lit CRTC"
            if !checked.isEmpty { text += " (checked \(checked.joined(separator: ", ")))" }
            if !failures.isEmpty { text += "; " + failures.map(Self.sentence).joined(separator: "; ") }
            return text
        }
    }

    /// What to do about it.
    public var recoverySuggestion: String? {
        switch self {
        case .noDirectory(let path, let code) where code != .noSuchFileOrDirectory:
            "let the user read \(path), or run as root"
        case .noDirectory, .noCards:
            "load a DRM driver (modprobe vkms gives a virtual display), or tick on a timer instead"
        case .openFailed(let failures):
            failures.first?.recoverySuggestion ?? "tick on a timer instead"
        case .noLitCRTC:
            "light a display (connect one and set a mode, for example from a text console), or tick on "
                + "a timer instead"
        }
    }

    /// What went wrong, then what to do.
    public var description: String { "\(failureReason ?? ""); \(recoverySuggestion ?? "")" }

    /// The same sentence as ``description``.
    public var errorDescription: String? { description }

    private static func sentence(_ error: DRMError) -> String {
        let path = error.detail ?? "the device"
        switch (error.call, error.errno) {
        case ("open", .permissionDenied), ("open", .notPermitted):
            return "permission denied opening \(path) (\(error.errnoName))"
        case ("open", .noSuchFileOrDirectory):
            return "no DRM device: \(path) does not exist (ENOENT)"
        case ("DRM_IOCTL_VERSION", .inappropriateIOCTLForDevice):
            return "\(path) is not a DRM device (ENOTTY)"
        default:
            return error.problem
        }
    }
}
