/// Counts the vblanks missed between consecutive events of one CRTC.
///
/// Fed each event's sequence in arrival order, it reports how many sequence numbers were
/// skipped before it (0 for back-to-back vblanks). 32-bit vblank counters (drmWaitVBlank
/// events) are widened to 64 bits across wrap-around.
package struct DRMSequenceGapCounter: Hashable, Sendable {
    /// The last sequence seen, widened to 64 bits; `nil` before the first.
    package private(set) var lastSequence: UInt64?
    /// Events recorded.
    package private(set) var events: Int = 0
    /// Sequence numbers skipped in all.
    package private(set) var missed: UInt64 = 0
    /// Events that did not move forward (a repeated or older sequence).
    package private(set) var nonIncreasing: Int = 0
    /// The largest single gap.
    package private(set) var largestGap: UInt64 = 0

    /// Creates an empty counter.
    package init() {}

    /// Records a 64-bit sequence and returns how many sequences were skipped before it (0 for
    /// the first event, or for one that did not move forward).
    @discardableResult
    package mutating func record(_ sequence: UInt64) -> UInt64 {
        events += 1
        defer { if lastSequence.map({ sequence > $0 }) ?? true { lastSequence = sequence } }
        guard let last = lastSequence else { return 0 }
        guard sequence > last else {
            nonIncreasing += 1
            return 0
        }
        let gap = sequence - last - 1
        missed += gap
        largestGap = max(largestGap, gap)
        return gap
    }

    /// Records a 32-bit vblank counter, widened against the last sequence (a counter that went
    /// down by more than half the range is taken to have wrapped), and returns the gap.
    @discardableResult
    package mutating func record32(_ sequence: UInt32) -> UInt64 {
        record(widen(sequence))
    }

    /// The 64-bit sequence nearest to the last one whose low 32 bits are `sequence`.
    package func widen(_ sequence: UInt32) -> UInt64 {
        guard let last = lastSequence else { return UInt64(sequence) }
        return Self.widen(sequence, near: last)
    }

    /// The 64-bit sequence nearest to `reference` whose low 32 bits are `sequence`: a 32-bit
    /// vblank counter (drmWaitVBlank) placed on a 64-bit count across wrap-around.
    package static func widen(_ sequence: UInt32, near reference: UInt64) -> UInt64 {
        let candidate = (reference & ~UInt64(UInt32.max)) | UInt64(sequence)
        let delta = Int64(bitPattern: candidate &- reference)
        if delta < -Int64(1 << 31) { return candidate &+ (1 << 32) }
        if delta > Int64(1 << 31), candidate >= (1 << 32) { return candidate &- (1 << 32) }
        return candidate
    }
}
