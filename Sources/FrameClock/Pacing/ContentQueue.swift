/// The content scheduled on a link, in the order of its times, and the rule that gives each frame
/// its content: the content due by the frame's target (its time at or before the target), the
/// newest of it or the oldest by the ``LateContentPolicy``.
///
/// A ring of fixed capacity, allocated at the first content scheduled: scheduling and taking
/// allocate nothing after it, and a link that schedules nothing pays one comparison a frame.
struct ContentQueue: Sendable {
    /// How much content may wait at once: a video's next few seconds at 60 fps.
    static let capacity = 256

    private var ring: [ScheduledContent] = []
    private var head = 0
    /// How much content waits.
    private(set) var count = 0
    /// The content scheduled last (the next must come after its time); nil once the queue is
    /// emptied by ``removeAll()``.
    private var last: ScheduledContent?

    /// The time of the next content to show; nil when none waits.
    var nextTime: Int64? {
        count == 0 ? nil : ring[head].presentationTime.nanoseconds
    }

    /// Adds `content` after the content waiting: its time must come after theirs and the queue must
    /// have room.
    mutating func append(_ content: ScheduledContent) throws(DisplayLinkError) {
        let time = content.presentationTime.nanoseconds
        if let last, time <= last.presentationTime.nanoseconds {
            throw .contentOutOfOrder(previous: last, given: content)
        }
        guard count < Self.capacity else { throw .contentQueueFull(capacity: Self.capacity) }
        if ring.isEmpty {
            ring = Array(repeating: content, count: Self.capacity)
        }
        ring[(head + count) % Self.capacity] = content
        count += 1
        last = content
    }

    /// The content a frame aimed at `target` shows, and how much due content it dropped: nothing
    /// when no content is due by `target`.
    mutating func take(forTarget target: Int64, policy: LateContentPolicy) -> (
        shown: ScheduledContent?, dropped: Int
    ) {
        guard count > 0, ring[head].presentationTime.nanoseconds <= target else { return (nil, 0) }
        switch policy {
        case .showLate:
            return (removeFirst(), 0)
        case .dropLate:
            var dropped = 0
            var shown = removeFirst()
            while count > 0, ring[head].presentationTime.nanoseconds <= target {
                shown = removeFirst()
                dropped += 1
            }
            return (shown, dropped)
        }
    }

    /// Forgets the content waiting (a seek): the next may have any time.
    mutating func removeAll() {
        head = 0
        count = 0
        last = nil
    }

    private mutating func removeFirst() -> ScheduledContent {
        let content = ring[head]
        head = (head + 1) % Self.capacity
        count -= 1
        return content
    }
}
