import Synchronization

/// What a frame thread is running, published for the stall watchdog without a lock: when it
/// started (0 while the thread is back in its run loop) and which link's callback it is (0 for a
/// job). Written by the dispatching thread only, a few plain stores a frame.
final class ActivityBoard: Sendable {
    /// When the running activity started, on the driver's clock; 0 when none runs.
    let since = Atomic<Int64>(0)
    /// The link whose callback runs (its `ObjectIdentifier` bits), 0 for a job, or ``loopBusy``.
    let link = Atomic<UInt>(0)
    /// The identity of the wait for a front end's loop to dispatch a frame that is due: no object
    /// has it (an object's address is aligned).
    static let loopBusy = UInt.max
    /// The `since` of the activity an ongoing report was sent for.
    let reported = Atomic<Int64>(0)

    /// Marks the start of an activity at `now` (never 0: a clock at 0 counts as 1 ns).
    func begin(link identity: UInt, at now: Int64) {
        link.store(identity, ordering: .relaxed)
        since.store(max(now, 1), ordering: .releasing)
    }

    /// Marks its end; the `since` of the activity that ended, nil when none ran.
    func end() -> Int64? {
        let started = since.load(ordering: .relaxed)
        since.store(0, ordering: .releasing)
        return started != 0 ? started : nil
    }
}
