/// What the frame thread's run loop does at a timed event, besides waiting for the source's tick.
enum FrameEvent {
    /// Start the callback of frame `sequence`, planned by `link` for a render deadline (a frame
    /// abandoned meanwhile, the link paused, is not started).
    case linkStart(any DrivenLink, sequence: Int64)
}

/// The frame thread's timed events, earliest first and, at one instant, first in first out.
///
/// Owned by whoever dispatches (the frame thread, or the thread holding a manual source's right to
/// dispatch): nothing here is locked. Its storage is kept across frames, so queueing allocates
/// nothing once it has held as many events as a frame needs.
struct FrameEventQueue {
    private struct Entry {
        var due: Int64
        var order: UInt64
        var event: FrameEvent
    }

    /// Sorted by (due, order), the earliest last so that taking it is a `removeLast`.
    private var entries: [Entry] = []
    private var nextOrder: UInt64 = 0

    /// Whether no event is queued.
    var isEmpty: Bool { entries.isEmpty }

    /// When the earliest event is due; nil when none is queued.
    var nextDue: Int64? { entries.last?.due }

    /// Queues `event` at `due` (after the events queued before it at the same instant).
    mutating func insert(_ event: FrameEvent, due: Int64) {
        let entry = Entry(due: due, order: nextOrder, event: event)
        nextOrder &+= 1
        // Few events are queued at once: a linear search from the end (the earliest) is enough.
        var index = entries.count
        while index > 0, entries[index - 1].due <= due {
            index -= 1
        }
        entries.insert(entry, at: index)
    }

    /// Takes the earliest event if it is due at `now`.
    mutating func popDue(at now: Int64) -> FrameEvent? {
        guard let last = entries.last, last.due <= now else { return nil }
        entries.removeLast()
        return last.event
    }

    /// Removes every event.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}
