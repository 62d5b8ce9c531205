/// `CLOCK_MONOTONIC` as a Swift `Clock`, whose instants are FrameClock's ``MonotonicInstant``:
/// the clock of every frame timestamp, so that a task can sleep until a frame's target.
///
/// ```swift
/// for await frame in link.frames {
///     try await Task.sleep(until: frame.targetTimestamp, clock: MonotonicClock())
///     // now the frame is on screen
/// }
/// ```
///
/// Sleeping goes through `SuspendingClock`, which reads the same clock on Linux (`ContinuousClock`
/// reads `CLOCK_BOOTTIME` and would drift from it across a suspend).
public struct MonotonicClock: Clock, Sendable {
    /// The clock's instants.
    public typealias Instant = MonotonicInstant

    /// Creates the clock.
    public init() {}

    /// The current instant.
    public var now: MonotonicInstant { .now() }

    /// The clock's resolution: one nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends the task until `deadline`, or throws `CancellationError` when it is cancelled.
    public func sleep(until deadline: MonotonicInstant, tolerance: Duration? = nil) async throws {
        let suspending = SuspendingClock()
        try await suspending.sleep(until: suspending.now + (deadline - .now()), tolerance: tolerance)
    }
}
