/// The last frames' timeline entries in a ring of fixed capacity, allocated once: recording a frame
/// overwrites the oldest entry in place and allocates nothing.
struct TimelineRing: Sendable {
    private var slots: [FrameTimelineEntry]
    /// Where the next entry goes.
    private var next = 0
    /// How many slots hold an entry.
    private(set) var count = 0

    init(capacity: Int) {
        let empty = FrameTimelineEntry(
            sequence: .max, timestamp: MonotonicInstant(nanoseconds: 0),
            callbackStart: MonotonicInstant(nanoseconds: 0), callbackEnd: nil,
            deadline: MonotonicInstant(nanoseconds: 0), target: MonotonicInstant(nanoseconds: 0),
            presented: nil,
            presentedVBlank: nil, outcome: .pending, skippedFrames: 0, predictedDuration: .zero,
            refreshInterval: .zero)
        slots = Array(repeating: empty, count: max(1, capacity))
    }

    var capacity: Int { slots.count }

    /// Adds an entry, replacing the oldest when the ring is full (folded into `evicted` first);
    /// returns its slot.
    mutating func append(_ entry: FrameTimelineEntry, evicted: inout JankCounter) -> Int {
        let slot = next
        if count == slots.count { evicted.add(slots[slot]) }
        slots[slot] = entry
        next = next + 1 == slots.count ? 0 : next + 1
        if count < slots.count { count += 1 }
        return slot
    }

    /// Records when the callback of the frame in `slot` ran, if the slot still holds frame `sequence`;
    /// the entry afterwards, or nil when it was overwritten.
    mutating func recordCallback(slot: Int, sequence: UInt64, start: Int64, end: Int64) -> FrameTimelineEntry?
    {
        guard slot < slots.count, slots[slot].sequence == sequence else { return nil }
        slots[slot].callbackStart = MonotonicInstant(nanoseconds: start)
        slots[slot].callbackEnd = MonotonicInstant(nanoseconds: end)
        return slots[slot]
    }

    /// Changes the entry in `slot`, if it still holds the frame `sequence`.
    mutating func update(slot: Int, sequence: UInt64, _ body: (inout FrameTimelineEntry) -> Void) {
        guard slots.indices.contains(slot), slots[slot].sequence == sequence else { return }
        body(&slots[slot])
    }

    /// The slot of the newest entry for frame `sequence`, searching from the newest back.
    func slot(of sequence: UInt64) -> Int? {
        var index = next
        for _ in 0..<count {
            index = index == 0 ? slots.count - 1 : index - 1
            if slots[index].sequence == sequence { return index }
        }
        return nil
    }

    /// Adds jobs that ran after the newest entry's frame to it.
    mutating func recordJobs(count: Int, start: Int64, nanoseconds: Int64) {
        guard self.count > 0 else { return }
        let newest = next == 0 ? slots.count - 1 : next - 1
        if slots[newest].jobsStart == nil { slots[newest].jobsStart = MonotonicInstant(nanoseconds: start) }
        slots[newest].jobsRun += count
        slots[newest].jobTime += Duration(nanoseconds: nanoseconds)
    }

    /// The slots of the entries still waiting for feedback (no presentation, no outcome).
    func pendingSlots() -> [(index: Int, sequence: UInt64)] {
        var result: [(index: Int, sequence: UInt64)] = []
        for index in slots.indices
        where slots[index].sequence != .max && slots[index].outcome == .pending
            && slots[index].presented == nil
        {
            result.append((index, slots[index].sequence))
        }
        return result
    }

    /// The entry in `slot`, if one was recorded there.
    subscript(slot: Int) -> FrameTimelineEntry? {
        slots.indices.contains(slot) && slots[slot].sequence != .max ? slots[slot] : nil
    }

    /// `counter` with every entry folded in, oldest first.
    func folded(into counter: JankCounter) -> JankCounter {
        var counter = counter
        var index = (next - count + slots.count) % slots.count
        for _ in 0..<count {
            counter.add(slots[index])
            index = (index + 1) % slots.count
        }
        return counter
    }

    /// The entries, oldest first.
    var entries: [FrameTimelineEntry] {
        var result: [FrameTimelineEntry] = []
        result.reserveCapacity(count)
        var index = (next - count + slots.count) % slots.count
        for _ in 0..<count {
            result.append(slots[index])
            index = (index + 1) % slots.count
        }
        return result
    }
}
