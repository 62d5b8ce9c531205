import DRM
import Foundation
import FrameClock
import SystemPackage
import Testing

/// Choosing the DRM source where it cannot work: these need no kernel driver and run everywhere.
@Suite("DRM source selection without a device")
struct DRMSourceSelectionTests {
    @Test(".drm on a missing device throws ENOENT")
    func missingDevice() {
        let error = #expect(throws: DisplayLinkError.self) {
            try DisplayLink(source: .drm(device: "/dev/dri/card99-missing"))
        }
        #expect(
            error
                == .drmUnavailable(
                    reason: "no DRM device: /dev/dri/card99-missing does not exist (ENOENT)",
                    errno: Errno(rawValue: ENOENT)))
    }

    @Test(".drm on a path that is not a DRM device throws ENOTTY")
    func notADevice() {
        let error = #expect(throws: DisplayLinkError.self) {
            try DisplayLink(source: .drm(device: "/dev/null"))
        }
        #expect(
            error
                == .drmUnavailable(
                    reason: "/dev/null is not a DRM device (ENOTTY)", errno: Errno(rawValue: ENOTTY)))
    }

    @Test(
        ".automatic without /dev/dri runs on the timer and says why",
        .enabled(if: !FileManager.default.fileExists(atPath: "/dev/dri")))
    func automaticWithoutDRM() throws {
        let link = try DisplayLink(source: .automatic)
        #expect(link.sourceInfo.kind == .timer)
        #expect(
            link.sourceInfo.reason.description.hasPrefix("no DRM device: /dev/dri does not exist"),
            "reason: \(link.sourceInfo.reason.description)")
        link.invalidate()
    }
}
