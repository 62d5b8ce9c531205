import DRM
import SystemPackage

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// The real ``DRMDevice`` calls for the descriptor (`read(2)`, `poll(2)`, `close`) over a pipe; the
/// ioctls answered in memory, a vblank happening the moment it is asked for (its sequence record
/// written into the pipe) on a clock of its own that moves one 60 Hz interval per vblank. Allocates
/// nothing per call, so the allocations counted around a tick source on it are the source's and the
/// seam's own.
///
/// The clock is virtual so that a thread held off the processor (the check runs at idle priority
/// beside others) cannot pass the source's watchdog: on the real clock a wait that starts after its
/// deadline ends at once, unpolled, and the source would take the stall for vblanks that stopped.
final class PipeKernel: DRMSystemCalls {
    /// How far the clock moves per vblank: a 60 Hz display's interval.
    static let vblankInterval: Int64 = 16_666_667
    private let real: DRMDevice
    private let writeEnd: Int32
    private var counter: UInt64 = 1000
    private var lastVBlank: Int64
    private var now: Int64

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw DRMError(call: "pipe", errno: Errno(rawValue: errno)) }
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        real = DRMDevice(adopting: FileDescriptor(rawValue: ends[0]), path: "pipe")
        writeEnd = ends[1]
        now = real.monotonicNanoseconds()
        lastVBlank = now
    }

    deinit { Glibc.close(writeEnd) }

    var path: String { real.path }

    func monotonicNanoseconds() -> Int64 { now }

    func currentSequence(crtc crtcID: UInt32) throws(DRMError) -> DRMVBlankTime {
        DRMVBlankTime(sequence: counter, timestampNanoseconds: lastVBlank)
    }

    func queueSequence(crtc crtcID: UInt32, sequence: UInt64, flags: DRMSequenceFlags, userData: UInt64)
        throws(DRMError) -> UInt64
    {
        counter = max(counter + 1, sequence)
        now += Self.vblankInterval
        lastVBlank = now
        // struct drm_event_crtc_sequence, little-endian: {type 3, length 32}, user data, time, sequence.
        var record: (UInt64, UInt64, UInt64, UInt64) = (
            (32 << 32) | 3, userData, UInt64(bitPattern: lastVBlank), counter
        )
        let written = withUnsafeBytes(of: &record) { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
        guard written == 32 else { throw DRMError(call: "write", errno: Errno(rawValue: errno)) }
        return counter
    }

    func waitVBlank(pipe: Int, sequence: UInt32, relative: Bool, nextOnMiss: Bool) throws(DRMError)
        -> (sequence: UInt32, timestampNanoseconds: Int64)
    {
        throw DRMError(call: "drmWaitVBlank", errno: .inappropriateIOCTLForDevice)
    }

    func requestVBlankEvent(pipe: Int, sequence: UInt32, relative: Bool, nextOnMiss: Bool, userData: UInt64)
        throws(DRMError) -> UInt32
    {
        throw DRMError(call: "drmWaitVBlank", errno: .inappropriateIOCTLForDevice)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DRMError) -> Int {
        try real.read(into: buffer)
    }

    func poll(control: Int32, includeDevice: Bool, timeoutMilliseconds: Int32) throws(DRMError)
        -> DRMPollReadiness
    {
        try real.poll(
            control: control, includeDevice: includeDevice, timeoutMilliseconds: timeoutMilliseconds)
    }

    func close() { real.close() }
}
