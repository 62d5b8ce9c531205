import SystemPackage
import Testing

@testable import DRM

#if canImport(Glibc)
    import Glibc
#endif

@Suite("DRM device errors without a kernel driver")
struct DeviceErrorTests {
    @Test("a path that is not a DRM device fails with ENOTTY")
    func notADevice() {
        let error = #expect(throws: DRMError.self) { try DRMDevice(path: "/dev/null") }
        #expect(
            error == DRMError(call: "DRM_IOCTL_VERSION", errno: Errno(rawValue: ENOTTY), detail: "/dev/null"))
        #expect(error?.errnoName == "ENOTTY")
        #expect(error?.description.hasPrefix("DRM_IOCTL_VERSION(/dev/null): ENOTTY") == true)
    }

    @Test("a missing path fails with ENOENT from open")
    func missing() {
        let error = #expect(throws: DRMError.self) { try DRMDevice(path: "/dev/dri/card99-missing") }
        #expect(error?.call == "open")
        #expect(error?.errno == Errno(rawValue: ENOENT))
        #expect(error?.description.contains("ENOENT") == true)
    }

    @Test("calls on a descriptor that is not DRM fail with ENOTTY; on a closed device with EBADF")
    func callsOnWrongDescriptors() throws {
        let device = DRMDevice(
            adopting: try FileDescriptor.open("/dev/null", .readWrite, options: .closeOnExec),
            path: "/dev/null")
        let sequence = #expect(throws: DRMError.self) { try device.currentSequence(crtc: 38) }
        #expect(sequence?.call == "drmCrtcGetSequence")
        #expect(sequence?.errno == Errno(rawValue: ENOTTY))
        let queued = #expect(throws: DRMError.self) { try device.queueSequence(crtc: 38, sequence: 1) }
        #expect(queued?.errno == Errno(rawValue: ENOTTY))
        let vblank = #expect(throws: DRMError.self) { try device.requestVBlankEvent(pipe: 0, sequence: 1) }
        #expect(vblank?.call == "drmWaitVBlank")
        #expect(vblank?.errno == Errno(rawValue: ENOTTY))
        device.close()
        device.close()
        #expect(device.isClosed)
        let closed = #expect(throws: DRMError.self) { try device.capability(.timestampMonotonic) }
        #expect(closed?.errno == Errno(rawValue: EBADF))
    }

    @Test("discovery without /dev/dri names the missing directory")
    func noDirectory() {
        let error = #expect(throws: DRMDiscoveryError.self) {
            try DRMDisplay.open(directory: "/nonexistent/dri")
        }
        #expect(error == .noDirectory(path: "/nonexistent/dri", errno: .noSuchFileOrDirectory))
        #expect(error?.failureReason == "no DRM device: /nonexistent/dri does not exist")
    }

    @Test("discovery over nodes that are not DRM devices says so, with ENOTTY")
    func notDevices() throws {
        var template = Array("/tmp/drmtest-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let directory = String(cString: try #require(created))
        defer {
            unlink(directory + "/card0")
            rmdir(directory)
        }
        #expect(throws: DRMDiscoveryError.noCards(directory: directory)) {
            try DRMDisplay.open(directory: directory)
        }
        let fd = open(directory + "/card0", O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        close(fd)
        #expect(try DRMDisplay.cardPaths(in: directory) == [directory + "/card0"])
        let error = #expect(throws: DRMDiscoveryError.self) { try DRMDisplay.open(directory: directory) }
        #expect(error?.errno == Errno(rawValue: ENOTTY))
        #expect(error?.failureReason == "\(directory)/card0 is not a DRM device (ENOTTY)")
    }

    @Test("a permission failure reads as the reason a link gives")
    func permissionSentence() {
        let error = DRMDiscoveryError.openFailed([
            DRMError(call: "open", errno: Errno(rawValue: EACCES), detail: "/dev/dri/card0")
        ])
        #expect(error.failureReason == "permission denied opening /dev/dri/card0 (EACCES)")
        #expect(error.errno == Errno(rawValue: EACCES))
    }
}
