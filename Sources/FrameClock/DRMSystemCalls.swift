internal import DRM

/// The kernel calls a ``DRMTickSource`` makes, one requirement per call: the seam where tests put a
/// scripted kernel (errors at the Nth call, short or malformed reads, a descriptor closed under the
/// source) in place of libdrm.
///
/// ``LibDRMSystemCalls`` is the real implementation. A tick source is generic over its
/// implementation, so the production path calls libdrm directly (specialised, no existential and no
/// allocation per frame); an existential appears only where a driver holds `any TickSource`.
///
/// Each requirement makes exactly one call and reports its `errno` unchanged, `EINTR` and `EAGAIN`
/// included: retrying, and deciding what an error means, is the tick source's business above the seam.
protocol DRMSystemCalls {
    /// The device's path, for descriptions and reasons, such as `/dev/dri/card0`.
    var path: String { get }

    /// `CLOCK_MONOTONIC` now, in nanoseconds (the clock the kernel stamps vblanks in).
    func monotonicNanoseconds() -> Int64

    /// drmCrtcGetSequence: the CRTC's vblank counter and the time of its last vblank.
    func currentSequence(crtc crtcID: UInt32) throws(DRMError) -> DRMVBlankTime

    /// drmCrtcQueueSequence: asks for a sequence event; returns the sequence it was queued for.
    func queueSequence(crtc crtcID: UInt32, sequence: UInt64, flags: DRMSequenceFlags, userData: UInt64)
        throws(DRMError) -> UInt64

    /// drmWaitVBlank without an event: blocks until `sequence` (`relative: true, sequence: 0` returns the
    /// current counter at once).
    func waitVBlank(pipe: Int, sequence: UInt32, relative: Bool) throws(DRMError)
        -> (sequence: UInt32, timestampNanoseconds: Int64)

    /// drmWaitVBlank with DRM_VBLANK_EVENT: asks for a vblank event at the absolute 32-bit `sequence`;
    /// returns the sequence the kernel will deliver it at.
    func requestVBlankEvent(pipe: Int, sequence: UInt32, nextOnMiss: Bool, userData: UInt64)
        throws(DRMError) -> UInt32

    /// One `read(2)` of the descriptor into `buffer`: the number of bytes read (0 at end of file).
    ///
    /// - Throws: ``DRMError`` with call `"read"` and the errno (`EAGAIN` when nothing is pending,
    ///   `EINTR`, `EBADF` on a closed descriptor, ...).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DRMError) -> Int

    /// One `poll(2)` for readability of the control descriptor and, when `includeDevice`, the DRM
    /// descriptor; `timeoutMilliseconds` −1 waits without limit. All flags clear means the time ran out.
    ///
    /// - Throws: ``DRMError`` with call `"poll"` and the errno (`EINTR` included).
    func poll(control: Int32, includeDevice: Bool, timeoutMilliseconds: Int32) throws(DRMError)
        -> DRMPollReadiness

    /// Closes the descriptor (idempotent).
    func close()
}
