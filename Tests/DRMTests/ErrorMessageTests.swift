import DRM
import Foundation
import SystemPackage
import Testing

/// Every error the DRM module throws reads as one sentence — what was wrong, then what to do —
/// through `description` and through Foundation's `localizedDescription` alike.
@Suite("DRM's error messages")
struct DRMErrorMessageTests {
    /// `error`'s sentence is its two halves, and Foundation reads the same sentence.
    static func isOneSentence(_ error: some Error & LocalizedError & CustomStringConvertible) -> Bool {
        error.description == "\(error.failureReason ?? "-"); \(error.recoverySuggestion ?? "-")"
            && (error as any Error).localizedDescription == error.description
    }

    @Test(arguments: [
        (
            DRMError(call: "DRM_IOCTL_VERSION", errno: .inappropriateIOCTLForDevice, detail: "/dev/null"),
            "DRM_IOCTL_VERSION(/dev/null): ENOTTY (Inappropriate ioctl for device)", "/dev/dri/card0"
        ),
        (
            DRMError(call: "drmSetMaster", errno: .resourceBusy), "drmSetMaster: EBUSY",
            "compositor or X server"
        ),
        (DRMError(call: "drmModeSetCrtc", errno: .notPermitted), "drmModeSetCrtc: EPERM", "DRM master"),
        (
            DRMError(call: "open", errno: .permissionDenied, detail: "/dev/dri/card0"),
            "open(/dev/dri/card0): EACCES",
            "group that owns the device node"
        ),
        (
            DRMError(call: "drmCrtcQueueSequence", errno: .invalidArgument, detail: "crtc 38"),
            "drmCrtcQueueSequence(crtc 38): EINVAL (Invalid argument)", "light it (set a mode)"
        ),
        (DRMError(call: "read", errno: .operationNotSupportedByDevice), "read: ENODEV", "open it again"),
        (
            DRMError(call: "open", errno: .noSuchFileOrDirectory, detail: "/dev/dri/card9"),
            "open(/dev/dri/card9): ENOENT", "/dev/dri/card*"
        ),
        (DRMError(call: "drmModeAddFB", errno: .noMemory), "drmModeAddFB: ENOMEM", "free some memory"),
        (DRMError(call: "drmIoctl", errno: .timedOut), "drmIoctl: ETIMEDOUT", "manual page of drmIoctl"),
        (
            DRMError(
                call: "read", errno: .badMessage, detail: "drm events",
                malformedEvent: .truncatedHeader(offset: 0, available: 3)),
            "read(drm events): EBADMSG (Bad message): truncated event header at offset 0: 3 of 8 bytes",
            "buffer of at least 4 KiB"
        ),
    ])
    func drmErrorsSayWhatWasWrongAndWhatToDo(error: DRMError, wrong: String, toDo: String) {
        #expect(error.description.hasPrefix(wrong), "\(error.description)")
        #expect(error.description.contains(toDo), "\(error.description)")
        #expect(Self.isOneSentence(error))
    }

    @Test(arguments: [
        (
            DRMDiscoveryError.noDirectory(path: "/dev/dri", errno: .noSuchFileOrDirectory),
            "no DRM device: /dev/dri does not exist", "load a DRM driver"
        ),
        (
            .noDirectory(path: "/dev/dri", errno: .permissionDenied),
            "no DRM device: cannot read /dev/dri (EACCES)",
            "let the user read /dev/dri"
        ),
        (.noCards(directory: "/dev/dri"), "no DRM device: no card* node in /dev/dri", "load a DRM driver"),
        (
            .openFailed([DRMError(call: "open", errno: .permissionDenied, detail: "/dev/dri/card0")]),
            "permission denied opening /dev/dri/card0 (EACCES)", "run as root or as a member of the group"
        ),
        (
            .noLitCRTC(checked: ["/dev/dri/card0"], failures: []), "no lit CRTC (checked /dev/dri/card0)",
            "light a display"
        ),
    ])
    func discoveryErrorsSayWhatWasWrongAndWhatToDo(error: DRMDiscoveryError, wrong: String, toDo: String) {
        #expect(error.failureReason == wrong)
        #expect(error.description.contains(toDo), "\(error.description)")
        #expect(Self.isOneSentence(error))
    }

    @Test(arguments: [
        (
            DRMEventParseError.truncatedHeader(offset: 8, available: 2), "truncated event header at offset 8",
            "driver's name"
        ),
        (.truncatedRecord(offset: 0, type: 3, length: 32, available: 16), "of 32 bytes", "4 KiB"),
        (.badLength(offset: 0, type: 1, length: 12, expected: 32), "has length 12, expected 32", "4 KiB"),
        (
            .unknownType(offset: 0, type: 9, length: 8), "unknown event type 9",
            "skip records of types this parser does not know"
        ),
    ])
    func parseErrorsSayWhatWasWrongAndWhatToDo(error: DRMEventParseError, wrong: String, toDo: String) {
        #expect(error.description.contains(wrong), "\(error.description)")
        #expect(error.description.contains(toDo), "\(error.description)")
        #expect(Self.isOneSentence(error))
    }
}
