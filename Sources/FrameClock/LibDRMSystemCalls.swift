internal import CLinuxShims
internal import DRM

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The real ``DRMSystemCalls``: libdrm's calls on an open ``DRMDevice``, `read(2)` and `poll(2)` on its
/// descriptor, and `CLOCK_MONOTONIC`. Nothing here allocates on success.
struct LibDRMSystemCalls: DRMSystemCalls {
    /// The device the calls go to; closing the seam closes it.
    let device: DRMDevice

    var path: String { device.path }

    func monotonicNanoseconds() -> Int64 {
        fc_monotonic_ns()
    }

    func currentSequence(crtc crtcID: UInt32) throws(DRMError) -> DRMVBlankTime {
        try device.currentSequence(crtc: crtcID)
    }

    func queueSequence(crtc crtcID: UInt32, sequence: UInt64, flags: DRMSequenceFlags, userData: UInt64)
        throws(DRMError) -> UInt64
    {
        try device.queueSequence(crtc: crtcID, sequence: sequence, flags: flags, userData: userData)
    }

    func waitVBlank(pipe: Int, sequence: UInt32, relative: Bool) throws(DRMError)
        -> (sequence: UInt32, timestampNanoseconds: Int64)
    {
        try device.waitVBlank(pipe: pipe, sequence: sequence, relative: relative)
    }

    func requestVBlankEvent(pipe: Int, sequence: UInt32, nextOnMiss: Bool, userData: UInt64)
        throws(DRMError) -> UInt32
    {
        try device.requestVBlankEvent(
            pipe: pipe, sequence: sequence, nextOnMiss: nextOnMiss, userData: userData)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DRMError) -> Int {
        let fd = device.fileDescriptor
        guard fd >= 0 else { throw DRMError(call: "read", errno: EBADF, detail: "drm events") }
        let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
        if count < 0 { throw DRMError(call: "read", errno: Glibc.errno, detail: "drm events") }
        return count
    }

    func poll(control: Int32, includeDevice: Bool, timeoutMilliseconds: Int32) throws(DRMError)
        -> DRMPollReadiness
    {
        let fd = device.fileDescriptor
        // poll(2) ignores a negative descriptor: a device closed under the source would otherwise
        // wait out the whole timeout. Report it as POLLNVAL does.
        if includeDevice && fd < 0 { return DRMPollReadiness(deviceInvalid: true) }
        let result: Result<DRMPollReadiness, DRMError> = withUnsafeTemporaryAllocation(
            of: pollfd.self, capacity: 2
        ) { fds in
            fds[0] = pollfd(fd: control, events: Int16(POLLIN), revents: 0)
            fds[1] = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let count = Glibc.poll(fds.baseAddress, includeDevice ? 2 : 1, timeoutMilliseconds)
            if count < 0 { return .failure(DRMError(call: "poll", errno: Glibc.errno, detail: device.path)) }
            var readiness = DRMPollReadiness()
            guard count > 0 else { return .success(readiness) }
            readiness.controlReadable = fds[0].revents & Int16(POLLIN) != 0
            if includeDevice {
                let events = fds[1].revents
                readiness.deviceReadable = events & Int16(POLLIN) != 0
                readiness.deviceFailed = events & Int16(POLLERR | POLLHUP) != 0
                readiness.deviceInvalid = events & Int16(POLLNVAL) != 0
            }
            return .success(readiness)
        }
        return try result.get()
    }

    func close() {
        device.close()
    }
}
