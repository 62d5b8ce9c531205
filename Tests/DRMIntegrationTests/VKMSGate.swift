import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the integration tests run: only inside the vkms guest that Tests/VKMS/run-vkms-tests.sh
/// boots, which sets FRAMECLOCK_VKMS=1 (and FRAMECLOCK_VKMS_NONROOT=1 for the unprivileged pass).
/// Elsewhere they show as skipped.
enum VKMSGate {
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The root pass: a vkms device the tests may modeset.
    static var root: Bool {
        environment("FRAMECLOCK_VKMS") == "1" && environment("FRAMECLOCK_VKMS_NONROOT") == nil
            && getuid() == 0
    }

    /// The unprivileged pass: the same guest, run as nobody.
    static var nonRoot: Bool {
        environment("FRAMECLOCK_VKMS") == "1" && environment("FRAMECLOCK_VKMS_NONROOT") == "1"
            && getuid() != 0
    }
}

/// Every test that drives the vkms device as root, nested here so that they run one at a time
/// (they share the device's single CRTC and its master).
@Suite(.serialized, .enabled(if: VKMSGate.root, "needs the vkms guest (FRAMECLOCK_VKMS=1)"))
enum VKMSRoot {}
