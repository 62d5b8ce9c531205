import FrameClock
import Synchronization

/// One callback of a subject: when it started and ended on `CLOCK_MONOTONIC`, and, for display
/// links, the frame's own account of itself.
struct Sample: Sendable {
    var start: Int64
    var end: Int64
    /// The frame's grid timestamp (display links only).
    var frameTimestamp: Int64?
    /// The frame's target timestamp (display links only).
    var targetTimestamp: Int64?
    /// Skipped intervals the frame reported (display links only).
    var reportedSkips: Int?
    /// Lateness measured by the subject itself (cyclictest), in place of `start` against the grid.
    var lateness: Int64? = nil
    /// The process's context switches when the callback ended (subjects in frame-bench's process).
    var switches: ContextSwitches? = nil
    /// The calling thread's own context switches then (subjects that call back on one thread of
    /// their own: the display links' frame thread, the reference loop's).
    var threadSwitches: ContextSwitches? = nil
}

/// Collects samples from whatever thread a subject calls back on, with capacity reserved up front so
/// recording does not allocate while measuring.
final class SampleLog: Sendable {
    private let samples: Mutex<[Sample]>

    init(expected: Int) {
        var storage: [Sample] = []
        storage.reserveCapacity(expected)
        samples = Mutex(storage)
    }

    func append(_ sample: Sample) {
        samples.withLock { $0.append(sample) }
    }

    var all: [Sample] { samples.withLock { $0 } }
}
