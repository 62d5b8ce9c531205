internal import CLinuxShims
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

extension DRMDevice: DRMSystemCalls {
    /// `CLOCK_MONOTONIC` now, in nanoseconds.
    public func monotonicNanoseconds() -> Int64 {
        fc_monotonic_ns()
    }

    /// One `read(2)` of the device's pending event records into `buffer` (non-blocking).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DRMError) -> Int {
        try perform("read", detail: "drm events") { Glibc.read($0, buffer.baseAddress, buffer.count) }
    }

    /// One `poll(2)` of `control` and, when `includeDevice`, the device's descriptor.
    public func poll(control: Int32, includeDevice: Bool, timeoutMilliseconds: Int32) throws(DRMError)
        -> DRMPollReadiness
    {
        let fd = fileDescriptor
        // poll(2) ignores a negative descriptor: a device closed under the caller would otherwise
        // wait out the whole timeout. Report it as POLLNVAL does.
        if includeDevice && fd < 0 { return DRMPollReadiness(deviceInvalid: true) }
        return try withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { fds throws(DRMError) in
            fds[0] = pollfd(fd: control, events: Int16(POLLIN), revents: 0)
            fds[1] = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = SystemCall.valueOrErrno(retryOnInterrupt: false) {
                Glibc.poll(fds.baseAddress, includeDevice ? 2 : 1, timeoutMilliseconds)
            }
            guard case .success(let count) = polled else {
                throw DRMError(call: "poll", errno: polled.failure ?? .ioError, detail: path)
            }
            var readiness = DRMPollReadiness()
            guard count > 0 else { return readiness }
            readiness.controlReadable = fds[0].revents & Int16(POLLIN) != 0
            if includeDevice {
                let events = fds[1].revents
                readiness.deviceReadable = events & Int16(POLLIN) != 0
                readiness.deviceFailed = events & Int16(POLLERR | POLLHUP) != 0
                readiness.deviceInvalid = events & Int16(POLLNVAL) != 0
            }
            return readiness
        }
    }
}
