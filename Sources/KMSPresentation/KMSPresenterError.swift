import DRM
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Why `--display kms` cannot present, as a sentence for the command line: every case names the
/// device and, where a call failed, the errno symbolically (`ENOENT`, `ENOTTY`, `EACCES`, ...).
public enum KMSPresenterError: Error, CustomStringConvertible {
    /// The device node could not be opened or is not a DRM device.
    case cannotOpen(DRMError)
    /// No device was given and none could be found (no /dev/dri, no card*, none usable).
    case noDevice(DRMDiscoveryError)
    /// No device was given, and none of the cards that opened has a connected output.
    case noConnectedOutputOnAnyCard(checked: [String], failures: [DRMError])
    /// The device has no connected connector with a mode and a CRTC to drive it.
    case noConnectedOutput(device: String)
    /// DRM master (needed to set modes and flip) could not be had.
    case notMaster(DRMError)
    /// Setting up the buffers or the mode failed.
    case setupFailed(DRMError)
    /// A page flip's completion event did not arrive in time.
    case flipTimedOut(device: String, milliseconds: Int)
    /// Page flips kept failing.
    case flipsFailing(count: Int, last: DRMError)
    /// Reading or waiting for events on the device failed.
    case eventsFailed(DRMError)

    /// The errno behind the failure, when one call explains it.
    public var errno: Errno? {
        switch self {
        case .cannotOpen(let error), .notMaster(let error), .setupFailed(let error),
            .eventsFailed(let error):
            return error.errno
        case .noDevice(let error): return error.errno
        case .flipsFailing(_, let last): return last.errno
        case .noConnectedOutputOnAnyCard, .noConnectedOutput, .flipTimedOut: return nil
        }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let error):
            let path = error.detail ?? "the device"
            switch (error.call, error.errno) {
            case ("DRM_IOCTL_VERSION", _):
                return "kms: \(path) is not a DRM device (\(error.errnoName): \(error.errnoMessage))"
            case ("open", .permissionDenied), ("open", .notPermitted):
                return "kms: permission denied opening \(path) (\(error.errnoName)): run as root, or as a "
                    + "user the device node allows"
            default:
                return "kms: cannot open \(path) (\(error.errnoName): \(error.errnoMessage))"
            }
        case .noDevice(let error):
            let reason = error.failureReason ?? "\(error)"
            if case .noDirectory(_, .noSuchFileOrDirectory) = error { return "kms: \(reason) (ENOENT)" }
            return "kms: \(reason)"
        case .noConnectedOutputOnAnyCard(let checked, let failures):
            var text = "kms: no DRM device with a connected output"
            if !checked.isEmpty { text += " (checked \(checked.joined(separator: ", ")))" }
            if !failures.isEmpty {
                text += "; " + failures.map { $0.failureReason ?? "\($0)" }.joined(separator: "; ")
            }
            return text
        case .noConnectedOutput(let device):
            return "kms: \(device) has no connected output (no connected connector with a mode and a CRTC)"
        case .notMaster(let error):
            let path = error.detail ?? "the device"
            let hint =
                error.errno == .resourceBusy
                ? "another program (a compositor or X server) is DRM master; stop it or use a free text console"
                : "setting modes needs DRM master: run as root (CAP_SYS_ADMIN) with no compositor on \(path)"
            return
                "kms: cannot become DRM master of \(path) (\(error.errnoName): \(error.errnoMessage)): \(hint)"
        case .setupFailed(let error):
            return "kms: \(error.failureReason ?? "\(error)")"
        case .flipTimedOut(let device, let milliseconds):
            return "kms: a page flip on \(device) did not complete within \(milliseconds) ms"
        case .flipsFailing(let count, let last):
            return "kms: \(count) page flips failed in a row; the last: \(last.failureReason ?? "\(last)")"
        case .eventsFailed(let error):
            return "kms: waiting for page-flip events failed: \(error.failureReason ?? "\(error)")"
        }
    }
}
