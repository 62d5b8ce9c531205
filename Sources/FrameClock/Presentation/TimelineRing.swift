/// The last frames' timeline entries in a ring of fixed capacity, allocated once: recording a frame
/// overwrites the oldest entry in place and allocates nothing.
struct TimelineRing: Sendable {
    private var slots: [FrameTimelineEntry?]
    /// Where the next entry goes.
    private var next = 0
    /// How many slots hold an entry.
    private(set) var count = 0

    init(capacity: Int) {
        slots = Array(repeating: nil, count: max(1, capacity))
    }

    var capacity: Int { slots.count }

    /// Adds an entry, replacing the oldest when the ring is full; returns its slot.
    mutating func append(_ entry: FrameTimelineEntry) -> Int {
        let slot = next
        slots[slot] = entry
        next = (next + 1) % slots.count
        count = min(count + 1, slots.count)
        return slot
    }

    /// Changes the entry in `slot`, if it still holds the frame `sequence`.
    mutating func update(slot: Int, sequence: UInt64, _ body: (inout FrameTimelineEntry) -> Void) {
        guard slots.indices.contains(slot), slots[slot]?.sequence == sequence else { return }
        body(&slots[slot]!)
    }

    /// The slot of the newest entry for frame `sequence`, searching from the newest back.
    func slot(of sequence: UInt64) -> Int? {
        var index = next
        for _ in 0..<count {
            index = index == 0 ? slots.count - 1 : index - 1
            if slots[index]?.sequence == sequence { return index }
        }
        return nil
    }

    /// The entry in `slot`.
    subscript(slot: Int) -> FrameTimelineEntry? { slots[slot] }

    /// The entries, oldest first.
    var entries: [FrameTimelineEntry] {
        var result: [FrameTimelineEntry] = []
        result.reserveCapacity(count)
        var index = (next - count + slots.count) % slots.count
        for _ in 0..<count {
            if let entry = slots[index] { result.append(entry) }
            index = (index + 1) % slots.count
        }
        return result
    }
}
