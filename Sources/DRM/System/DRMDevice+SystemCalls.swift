internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

extension DRMDevice: DRMSystemCalls {
    /// `CLOCK_MONOTONIC` now, in nanoseconds.
    package func monotonicNanoseconds() -> Int64 {
        KernelClock.monotonicNanoseconds()
    }

    /// One `read(2)` of the device's pending event records into `buffer` (non-blocking).
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(DRMError) -> Int {
        try perform("read", detail: "drm events") { Glibc.read($0, buffer.baseAddress, buffer.count) }
    }

    /// One poll of `control` and, when `includeDevice`, the device's descriptor, for at most
    /// `timeoutMilliseconds` (−1: no limit); `EINTR` is reported.
    package func poll(control: Int32, includeDevice: Bool, timeoutMilliseconds: Int32) throws(DRMError)
        -> DRMPollReadiness
    {
        let deadline =
            timeoutMilliseconds < 0 ? nil : monotonicNanoseconds() + Int64(timeoutMilliseconds) * 1_000_000
        return try poll(
            control: control, includeDevice: includeDevice, deadline: deadline, retryOnInterrupt: false)
    }

    /// Polls `control` and, when `includeDevice`, the device's descriptor until something is readable
    /// or `deadline` (`CLOCK_MONOTONIC` nanoseconds; nil: no limit) has passed, to the nanosecond
    /// (`ppoll`), repeating a wait that a signal interrupted. A deadline already past looks once.
    package func poll(control: Int32, includeDevice: Bool, until deadline: Int64?) throws(DRMError)
        -> DRMPollReadiness
    {
        try poll(control: control, includeDevice: includeDevice, deadline: deadline, retryOnInterrupt: true)
    }

    private func poll(control: Int32, includeDevice: Bool, deadline: Int64?, retryOnInterrupt: Bool)
        throws(DRMError) -> DRMPollReadiness
    {
        let fd = rawDescriptor
        // poll(2) ignores a negative descriptor: a device closed under the caller would otherwise
        // wait out the whole timeout. Report it as POLLNVAL does.
        if includeDevice && fd < 0 { return DRMPollReadiness(deviceInvalid: true) }
        return try withUnsafeTemporaryAllocation(of: PollDescriptor.self, capacity: 2) {
            set throws(DRMError) in
            set.initializeElement(at: 0, to: PollDescriptor(FileDescriptor(rawValue: control)))
            set.initializeElement(at: 1, to: PollDescriptor(FileDescriptor(rawValue: fd)))
            let polled = UnsafeMutableBufferPointer(rebasing: set[0..<(includeDevice ? 2 : 1)])
            let count: Int
            do throws(Errno) {
                count = try SystemCall.poll(polled, until: deadline, retryOnInterrupt: retryOnInterrupt)
            } catch {
                throw DRMError(call: "poll", errno: error, detail: path)
            }
            var readiness = DRMPollReadiness()
            guard count > 0 else { return readiness }
            readiness.controlReadable = set[0].returnedEvents.contains(.readable)
            if includeDevice {
                let events = set[1].returnedEvents
                readiness.deviceReadable = events.contains(.readable)
                readiness.deviceFailed = !events.isDisjoint(with: [.error, .hangUp])
                readiness.deviceInvalid = events.contains(.invalid)
            }
            return readiness
        }
    }
}
