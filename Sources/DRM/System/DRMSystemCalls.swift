import SystemPackage

/// Where a DRM event reader gets its bytes: one `read(2)` a call.
package protocol DRMEventSource {
    /// One `read(2)` into `buffer`: the number of bytes read (0 at end of file).
    ///
    /// - Throws: ``DRMError`` with call `"read"` and the errno, unchanged (`EAGAIN` when nothing is
    ///   pending on a non-blocking descriptor, `EINTR` after a signal, `EBADF` on a closed one).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DRMError) -> Int
}

/// The kernel calls a vblank clock makes on a DRM device, one requirement per call: the seam where
/// tests put a scripted kernel (errors at the Nth call, short or malformed reads, a descriptor closed
/// under the caller) in place of libdrm.
///
/// ``DRMDevice`` is the real implementation. Each requirement makes exactly one call and reports its
/// `errno` unchanged: libdrm's own `drmIoctl` repeats an ioctl that a signal interrupted, so the
/// vblank calls never report `EINTR`; `read` and `poll` do, and the callers above the seam
/// (``DRMEventReader``, ``DRMSystemCalls/poll(control:includeDevice:until:)``) repeat them.
package protocol DRMSystemCalls: DRMEventSource {
    /// The device's path, for descriptions and reasons, such as `/dev/dri/card0`.
    var path: String { get }

    /// `CLOCK_MONOTONIC` now, in nanoseconds (the clock the kernel stamps vblanks in).
    func monotonicNanoseconds() -> Int64

    /// drmCrtcGetSequence: the CRTC's vblank counter and the time of its last vblank.
    func currentSequence(crtc crtcID: UInt32) throws(DRMError) -> DRMVBlankTime

    /// drmCrtcQueueSequence: asks for a sequence event; returns the sequence it was queued for.
    func queueSequence(crtc crtcID: UInt32, sequence: UInt64, flags: DRMSequenceFlags, userData: UInt64)
        throws(DRMError) -> UInt64

    /// drmWaitVBlank without an event: blocks until `sequence` (`relative: true, sequence: 0` returns
    /// the current counter at once).
    func waitVBlank(pipe: Int, sequence: UInt32, relative: Bool, nextOnMiss: Bool) throws(DRMError)
        -> (sequence: UInt32, timestampNanoseconds: Int64)

    /// drmWaitVBlank with DRM_VBLANK_EVENT: asks for a vblank event at `sequence`; returns the
    /// sequence the kernel will deliver it at.
    func requestVBlankEvent(pipe: Int, sequence: UInt32, relative: Bool, nextOnMiss: Bool, userData: UInt64)
        throws(DRMError) -> UInt32

    /// One `poll(2)` for readability of `control` (−1 for none) and, when `includeDevice`, the DRM
    /// descriptor; `timeoutMilliseconds` −1 waits without limit. All flags clear means the time ran
    /// out.
    ///
    /// - Throws: ``DRMError`` with call `"poll"` and the errno (`EINTR` included).
    func poll(control: Int32, includeDevice: Bool, timeoutMilliseconds: Int32) throws(DRMError)
        -> DRMPollReadiness

    /// Polls until something is readable or `deadline` (on `CLOCK_MONOTONIC`, nil: no limit) has
    /// passed, repeating a poll that a signal interrupted. All flags clear means the deadline passed.
    ///
    /// ``DRMDevice`` waits with `ppoll`, to the nanosecond; the default implementation, for a
    /// conformer that provides only ``poll(control:includeDevice:timeoutMilliseconds:)``, rounds the
    /// time left up to whole milliseconds.
    ///
    /// - Throws: ``DRMError`` with call `"poll"` and the errno (never `EINTR`).
    func poll(control: Int32, includeDevice: Bool, until deadline: Int64?) throws(DRMError)
        -> DRMPollReadiness

    /// Closes the descriptor (idempotent).
    func close()
}

extension DRMSystemCalls {
    /// Polls until something is readable or `deadline` (on `CLOCK_MONOTONIC`, nil: no limit) has
    /// passed, through ``poll(control:includeDevice:timeoutMilliseconds:)``, repeating a `poll` that a
    /// signal interrupted with the time that is left. `poll` counts whole milliseconds, so the wait is
    /// rounded up to the next one.
    package func poll(control: Int32, includeDevice: Bool, until deadline: Int64?) throws(DRMError)
        -> DRMPollReadiness
    {
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let remaining = deadline - monotonicNanoseconds()
                if remaining <= 0 { return DRMPollReadiness() }
                milliseconds = Int32(clamping: (remaining + 999_999) / 1_000_000)
            }
            let readiness: DRMPollReadiness
            do {
                readiness = try poll(
                    control: control, includeDevice: includeDevice, timeoutMilliseconds: milliseconds)
            } catch  where error.errno == .interrupted {
                continue
            }
            // Nothing ready before the deadline (a wake-up a little early): wait for the rest.
            if readiness != DRMPollReadiness() || deadline == nil { return readiness }
        }
    }
}

/// What one `poll(2)` of a control descriptor and a DRM descriptor reported, without C types: the
/// bits of the two `revents` that a vblank clock acts on. All clear: the time ran out.
package struct DRMPollReadiness: Hashable, Sendable {
    /// The control descriptor is readable (its owner was signalled).
    package var controlReadable = false
    /// The DRM descriptor has event records to read (`POLLIN`).
    package var deviceReadable = false
    /// The DRM descriptor reported `POLLHUP` or `POLLERR`: the device is gone.
    package var deviceFailed = false
    /// The DRM descriptor reported `POLLNVAL`: it is not an open descriptor (closed under the caller).
    package var deviceInvalid = false

    /// Creates a readiness report.
    package init(
        controlReadable: Bool = false, deviceReadable: Bool = false, deviceFailed: Bool = false,
        deviceInvalid: Bool = false
    ) {
        self.controlReadable = controlReadable
        self.deviceReadable = deviceReadable
        self.deviceFailed = deviceFailed
        self.deviceInvalid = deviceInvalid
    }
}
