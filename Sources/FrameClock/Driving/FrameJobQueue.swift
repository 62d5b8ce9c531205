/// The jobs waiting for the frame thread: higher task priority first, first in first out within a
/// priority (a binary heap on (priority, order)).
struct FrameJobQueue {
    private struct Entry {
        var priority: UInt8
        var order: UInt64
        var job: UnownedJob

        /// Whether this entry runs before `other`.
        func precedes(_ other: Entry) -> Bool {
            priority != other.priority ? priority > other.priority : order < other.order
        }
    }

    private var heap: [Entry] = []
    private var nextOrder: UInt64 = 0

    /// How many jobs wait.
    var count: Int { heap.count }

    /// Whether no job waits.
    var isEmpty: Bool { heap.isEmpty }

    /// Adds a job with its task's priority.
    mutating func push(_ job: UnownedJob, priority: UInt8) {
        heap.append(Entry(priority: priority, order: nextOrder, job: job))
        nextOrder &+= 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the job that runs next.
    mutating func pop() -> UnownedJob? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var best = parent
            if left < heap.count, heap[left].precedes(heap[best]) { best = left }
            if right < heap.count, heap[right].precedes(heap[best]) { best = right }
            guard best != parent else { break }
            heap.swapAt(parent, best)
            parent = best
        }
        return first.job
    }
}
