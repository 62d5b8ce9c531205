import DRM
import SystemPackage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The vkms device seen by an unprivileged user: /dev/dri/card0 is 0600 root without udev.
@Suite(
    "VKMSNonRoot device access", .serialized,
    .enabled(if: VKMSGate.nonRoot, "needs the vkms guest's unprivileged pass (FRAMECLOCK_VKMS_NONROOT=1)"))
struct VKMSNonRootTests {
    @Test("opening card0 as nobody fails with EACCES from open")
    func permissionDenied() {
        let error = #expect(throws: DRMError.self) { try DRMDevice(path: VKMSFixture.path) }
        #expect(error == DRMError(call: "open", errno: Errno(rawValue: EACCES), detail: VKMSFixture.path))
    }

    @Test("discovery says permission denied, naming the node and EACCES")
    func discovery() {
        let error = #expect(throws: DRMDiscoveryError.self) { try DRMDisplay.open() }
        #expect(error?.failureReason == "permission denied opening /dev/dri/card0 (EACCES)")
        #expect(error?.errno == Errno(rawValue: EACCES))
    }
}
