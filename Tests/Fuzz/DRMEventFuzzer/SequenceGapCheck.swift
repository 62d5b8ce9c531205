/// The gap counter's totals agree with the gaps it returned, whatever the sequences.
func checkSequenceGaps(_ events: [DRMEvent]) {
    var counter = DRMSequenceGapCounter()
    var total: UInt64 = 0
    var largest: UInt64 = 0
    for event in events {
        let gap: UInt64
        switch event {
        case .vblank(let payload), .flipComplete(let payload):
            _ = payload.timestampNanoseconds
            gap = counter.record32(payload.sequence)
        case .crtcSequence(let payload): gap = counter.record(payload.sequence)
        case .unknown: continue
        }
        total += gap
        largest = max(largest, gap)
    }
    invariant(counter.missed == total && counter.largestGap == largest, "gap counter totals disagree")
}
