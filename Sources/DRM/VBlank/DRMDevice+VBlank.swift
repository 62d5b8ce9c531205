internal import CDRM
internal import CDRMShims
import SystemPackage

/// A vblank counter value and the time of that vblank.
public struct DRMVBlankTime: Hashable, Sendable {
    /// The vblank counter (64 bits from drmCrtcGetSequence; 32 bits widened from drmWaitVBlank).
    public var sequence: UInt64
    /// The vblank's timestamp in nanoseconds (CLOCK_MONOTONIC).
    public var timestampNanoseconds: Int64

    /// Creates a counter/time pair.
    public init(sequence: UInt64, timestampNanoseconds: Int64) {
        self.sequence = sequence
        self.timestampNanoseconds = timestampNanoseconds
    }
}

/// How a requested vblank sequence is to be read.
public struct DRMSequenceFlags: OptionSet, Hashable, Sendable {
    /// The raw DRM_CRTC_SEQUENCE_* bits.
    public let rawValue: UInt32
    /// Creates flags from DRM_CRTC_SEQUENCE_* bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The sequence counts from the current one (DRM_CRTC_SEQUENCE_RELATIVE).
    public static let relative = DRMSequenceFlags(rawValue: UInt32(DRM_CRTC_SEQUENCE_RELATIVE))
    /// A sequence already passed means the next vblank (DRM_CRTC_SEQUENCE_NEXT_ON_MISS), instead
    /// of an event at once.
    public static let nextOnMiss = DRMSequenceFlags(rawValue: UInt32(DRM_CRTC_SEQUENCE_NEXT_ON_MISS))
}

extension DRMDevice {
    /// The CRTC's current vblank counter and the time of the last vblank (drmCrtcGetSequence).
    /// Fails with `EINVAL` when the CRTC is off, `ENOENT` for an unknown CRTC id.
    public func currentSequence(crtc crtcID: UInt32) throws(DRMError) -> DRMVBlankTime {
        var sequence: UInt64 = 0
        var ns: UInt64 = 0
        try perform("drmCrtcGetSequence", detail: "crtc \(crtcID)") {
            drmCrtcGetSequence($0, crtcID, &sequence, &ns)
        }
        return DRMVBlankTime(sequence: sequence, timestampNanoseconds: Int64(bitPattern: ns))
    }

    /// Asks for a ``DRMEvent/crtcSequence(_:)`` event at `sequence` (drmCrtcQueueSequence) and
    /// returns the sequence the kernel queued it for. Fails with `EINVAL` when the CRTC is off.
    @discardableResult
    public func queueSequence(
        crtc crtcID: UInt32, sequence: UInt64, flags: DRMSequenceFlags = [], userData: UInt64 = 0
    ) throws(DRMError) -> UInt64 {
        var queued: UInt64 = 0
        try perform("drmCrtcQueueSequence", detail: "crtc \(crtcID)") {
            drmCrtcQueueSequence($0, crtcID, flags.rawValue, sequence, &queued, userData)
        }
        return queued
    }

    /// Asks for a ``DRMEvent/vblank(_:)`` event (drmWaitVBlank with DRM_VBLANK_EVENT) on the CRTC
    /// at index `pipe`, at the 32-bit `sequence` (or `sequence` vblanks from now when `relative`),
    /// and returns the sequence the kernel will deliver it at.
    @discardableResult
    public func requestVBlankEvent(
        pipe: Int, sequence: UInt32, relative: Bool = false, nextOnMiss: Bool = true, userData: UInt64 = 0
    ) throws(DRMError) -> UInt32 {
        try waitVBlank(
            pipe: pipe, sequence: sequence, relative: relative, event: true, nextOnMiss: nextOnMiss,
            userData: userData
        ).sequence
    }

    /// Blocks until the vblank at `sequence` (or `sequence` vblanks from now when `relative`) on
    /// the CRTC at index `pipe` (drmWaitVBlank). `waitVBlank(pipe: 0, sequence: 0, relative: true)`
    /// returns the current counter without waiting.
    public func waitVBlank(
        pipe: Int, sequence: UInt32, relative: Bool = true, nextOnMiss: Bool = false
    ) throws(DRMError) -> (sequence: UInt32, timestampNanoseconds: Int64) {
        let reply = try waitVBlank(
            pipe: pipe, sequence: sequence, relative: relative, event: false, nextOnMiss: nextOnMiss,
            userData: 0)
        return (reply.sequence, reply.timestamp)
    }

    private func waitVBlank(
        pipe: Int, sequence: UInt32, relative: Bool, event: Bool, nextOnMiss: Bool, userData: UInt64
    ) throws(DRMError) -> (sequence: UInt32, timestamp: Int64) {
        guard pipe >= 0, pipe < 32 else {
            _ = try openDescriptor(for: "drmWaitVBlank")
            throw DRMError(call: "drmWaitVBlank", errno: .invalidArgument, detail: "pipe \(pipe)")
        }
        let type = fc_drm_vblank_type(UInt32(pipe), relative ? 1 : 0, event ? 1 : 0, nextOnMiss ? 1 : 0)
        var replySequence: UInt32 = 0
        var seconds: Int64 = 0
        var microseconds: Int64 = 0
        // drmWaitVBlank repeats the ioctl itself when a signal interrupts it.
        try perform("drmWaitVBlank", detail: "pipe \(pipe)") {
            fc_drm_wait_vblank($0, type, sequence, userData, &replySequence, &seconds, &microseconds)
        }
        return (replySequence, seconds * 1_000_000_000 + microseconds * 1_000)
    }
}
