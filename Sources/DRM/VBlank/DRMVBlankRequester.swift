import SystemPackage

/// Asks one CRTC's vblank counter where it is and for events at chosen vblanks, through whichever
/// interface the kernel has: drmCrtcGetSequence / drmCrtcQueueSequence (64-bit sequences,
/// nanosecond timestamps), or drmWaitVBlank with `DRM_VBLANK_EVENT` on kernels without them (32-bit
/// sequences, widened here, and microsecond timestamps).
///
/// It makes the calls and reads the answers; what a failure means is the caller's business.
package struct DRMVBlankRequester<System: DRMSystemCalls> {
    /// The kernel interface in use.
    package enum Interface: Hashable, Sendable {
        /// drmCrtcGetSequence and drmCrtcQueueSequence.
        case crtcSequence
        /// drmWaitVBlank, the older interface.
        case waitVBlank
    }

    /// The calls go here.
    package let system: System
    /// The CRTC's id.
    package let crtcID: UInt32
    /// The CRTC's index in the device's resources (drmWaitVBlank's pipe).
    package let pipe: Int
    /// The interface chosen when the requester was made.
    package let interface: Interface

    /// Chooses the interface by reading the counter: drmCrtcGetSequence when the kernel has it
    /// (and `preferSequenceEvents`), else drmWaitVBlank. Returns the requester and the counter's
    /// latest vblank.
    ///
    /// - Throws: ``DRMError`` from the call that read the counter (`EINVAL` when the CRTC is off).
    package static func open(system: System, crtc: DRMCRTC, preferSequenceEvents: Bool = true)
        throws(DRMError) -> (requester: DRMVBlankRequester, latest: DRMVBlankTime)
    {
        if preferSequenceEvents {
            do {
                let latest = try system.currentSequence(crtc: crtc.id)
                return (DRMVBlankRequester(system: system, crtc: crtc, interface: .crtcSequence), latest)
            } catch  where !Self.meansNoSequenceCalls(error.errno) {
                throw error
            } catch {
                // A kernel without the sequence calls: fall back to drmWaitVBlank below.
            }
        }
        let requester = DRMVBlankRequester(system: system, crtc: crtc, interface: .waitVBlank)
        let reply = try system.waitVBlank(pipe: crtc.index, sequence: 0, relative: true, nextOnMiss: false)
        return (
            requester,
            DRMVBlankTime(sequence: UInt64(reply.sequence), timestampNanoseconds: reply.timestampNanoseconds)
        )
    }

    private init(system: System, crtc: DRMCRTC, interface: Interface) {
        self.system = system
        crtcID = crtc.id
        pipe = crtc.index
        self.interface = interface
    }

    /// Whether a failed drmCrtcGetSequence means that the kernel lacks the sequence calls (rather
    /// than a CRTC that is off, unknown, or a device that cannot be used at all).
    static func meansNoSequenceCalls(_ error: Errno) -> Bool {
        error == .notSupported || error == .inappropriateIOCTLForDevice || error == .noFunction
    }

    /// The CRTC's latest vblank: its sequence (a 32-bit counter widened to lie nearest `reference`)
    /// and its timestamp.
    package func latest(near reference: Int64) throws(DRMError) -> (sequence: Int64, timestamp: Int64) {
        switch interface {
        case .crtcSequence:
            let current = try system.currentSequence(crtc: crtcID)
            return (Int64(truncatingIfNeeded: current.sequence), current.timestampNanoseconds)
        case .waitVBlank:
            let reply = try system.waitVBlank(pipe: pipe, sequence: 0, relative: true, nextOnMiss: false)
            return (Self.widen(reply.sequence, near: reference), reply.timestampNanoseconds)
        }
    }

    /// Asks for an event at vblank `sequence`, or at the next one if it has passed, carrying
    /// `userData`; returns the sequence the kernel will deliver it at.
    package func requestEvent(at sequence: Int64, userData: UInt64) throws(DRMError) -> Int64 {
        switch interface {
        case .crtcSequence:
            let queued = try system.queueSequence(
                crtc: crtcID, sequence: UInt64(max(sequence, 0)), flags: .nextOnMiss, userData: userData)
            return Int64(truncatingIfNeeded: queued)
        case .waitVBlank:
            let queued = try system.requestVBlankEvent(
                pipe: pipe, sequence: UInt32(truncatingIfNeeded: sequence), relative: false, nextOnMiss: true,
                userData: userData)
            return Self.widen(queued, near: sequence)
        }
    }

    /// The vblank an event record reports for this CRTC — its sequence (widened to lie nearest
    /// `reference`), timestamp and user data — or nil for a record that is not this CRTC's vblank
    /// (a page flip, another CRTC's vblank).
    package func vblank(in event: DRMEvent, near reference: Int64) -> (
        sequence: Int64, timestamp: Int64, userData: UInt64
    )? {
        switch event {
        case .crtcSequence(let e):
            return (Int64(truncatingIfNeeded: e.sequence), e.timestampNanoseconds, e.userData)
        case .vblank(let e) where e.crtcID == crtcID || e.crtcID == 0:
            return (Self.widen(e.sequence, near: reference), e.timestampNanoseconds, e.userData)
        default:
            return nil
        }
    }

    /// A 32-bit vblank counter widened to the 64-bit sequence nearest `reference`.
    static func widen(_ sequence: UInt32, near reference: Int64) -> Int64 {
        Int64(bitPattern: DRMSequenceGapCounter.widen(sequence, near: UInt64(bitPattern: reference)))
    }
}
