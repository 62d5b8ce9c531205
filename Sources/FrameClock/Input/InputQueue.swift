import Logging
import Synchronization

/// A link's input: a front end posts pointer, touch and key events from any thread, and the link
/// hands them to its input handler in each frame's input phase, before the frame's callback — the
/// first phase of a frame, as Android's Choreographer runs input first.
///
/// ```swift
/// link.input.setHandler { batch in
///     for event in batch.discreteEvents { ... }                 // presses, touches, keys: once, in order
///     if let drag = batch.motion(of: .touch(0)) { ... }          // one sample a frame, at batch.samplingTime
/// }
/// try link.start { frame in ... }                              // runs after the frame's input phase
///
/// // on the thread that reads the seat (stamped on CLOCK_MONOTONIC):
/// link.input.post(InputEvent(.touchMotion(touch: 0, position: InputPosition(x: 10, y: 120)), at: time))
/// ```
///
/// Discrete events (presses, releases, touch downs, ups and cancels, keys) are delivered exactly once,
/// in the order posted, in the first frame after they were posted. The motion of each pointer and touch
/// point is delivered as one event a frame at the frame's sampling time (when the frame's callback
/// starts — after the vblank, at a render deadline, or late — less ``resamplingLatency``, or more for a
/// device that reports seldom: see there; so a later start samples fresher input, never older): interpolated between
/// the samples around that time, or extrapolated from the two newest by at most 8 ms (and half their
/// spacing), as Android resamples; samples stamped after the sampling time wait for a later frame. Motion that comes before a discrete event of the same point is
/// delivered as its newest sample, before that event. ``InputBatch/rawMotion`` keeps every sample.
///
/// Memory stays bounded under a flood: each point keeps at most ``maximumSamplesPerPoint`` samples
/// between two frames, at most ``maximumPendingEvents`` events wait, and at most ``maximumPoints``
/// points are tracked at once; what is dropped is counted in ``statistics`` and logged once a frame.
/// A motion sample stamped before an earlier one of its point is taken at that earlier time. When a
/// seat goes away mid-gesture, post a cancel for each of its touch points and a release for each
/// button held; once the link is invalidated, posted events are dropped.
///
/// The input phase runs wherever the link's frames are delivered (its frame thread, a manual source's
/// caller, a ``LoopFrameSource``'s loop), on that thread. Posting without a handler set is allowed: the
/// next frame's input phase consumes the events and discards them. A link that posts nothing pays one
/// relaxed atomic load a frame.
public final class InputQueue: Sendable {
    /// The default ``resamplingLatency``: 5 ms, Android's.
    public static let defaultResamplingLatency = Duration.milliseconds(5)
    /// The most motion samples of one point kept between two frames (a 1000 Hz mouse posts about 17
    /// a frame at 60 Hz); past it the oldest go.
    public static let maximumSamplesPerPoint = 256
    /// The most events waiting for a frame (discrete events and the motion flushed before them), and
    /// the most raw samples of that motion; past it the oldest go.
    public static let maximumPendingEvents = 4096
    /// The most pointers and touch points tracked at once; an event of a further one is dropped
    /// until a touch point ends.
    public static let maximumPoints = 32

    private let state = Locked(InputQueueState())
    /// Whether the next input phase has something to do: the one load on every frame's path.
    private let hasWork = Atomic<Bool>(false)
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    /// Queues `event` for the next frame's input phase. Safe from any thread; never blocks on the
    /// frame's callback.
    public func post(_ event: InputEvent) {
        state.withLock { state in
            state.post(event)
            hasWork.store(true, ordering: .relaxed)
        }
    }

    /// Queues `events` in order, under one lock.
    public func post(contentsOf events: some Sequence<InputEvent>) {
        state.withLock { state in
            for event in events { state.post(event) }
            hasWork.store(true, ordering: .relaxed)
        }
    }

    /// Sets the handler that receives each frame's ``InputBatch``, on the thread that delivers the link's
    /// frames, just before the frame's callback (it replaces any handler set
    /// before). It is called only in frames with input.
    public func setHandler(_ handler: @escaping @Sendable (InputBatch) -> Void) {
        state.withLock { $0.handler = handler }
    }

    /// Removes the handler: input posted afterwards is consumed by the input phase and discarded.
    public func removeHandler() {
        state.withLock { $0.handler = nil }
    }

    /// How far behind the start of the frame's callback motion is resampled, at least: 5 ms by default. Resampling a
    /// little in the past lets most frames interpolate between real samples rather than extrapolate.
    /// While a point that reports seldom moves (a 125 Hz mouse, a 90 Hz touch screen), the frame is
    /// sampled half that point's sample spacing plus 3 ms behind when that is more (7 ms at 125 Hz,
    /// 8.5 ms at 90 Hz, at most 13 ms): its newest sample may be a whole spacing old when the frame
    /// begins, and extrapolating further than half a spacing would make its step uneven. A negative
    /// duration is taken as zero.
    public var resamplingLatency: Duration {
        get { Duration(nanoseconds: state.withLock { $0.resamplingLatency }) }
        set {
            let nanoseconds = max(0, newValue.wholeNanoseconds)
            state.withLock { $0.resamplingLatency = nanoseconds }
        }
    }

    /// Counters of what was posted, delivered and dropped.
    public var statistics: InputStatistics { state.withLock { $0.statistics } }

    /// Called when the link is invalidated: what is queued goes, the handler is released, and events
    /// posted afterwards are dropped (counted in ``InputStatistics/eventsDropped``, not logged: a
    /// reader may go on posting until it hears that the window is gone).
    func close() {
        state.withLock { state in
            state.close()
            hasWork.store(false, ordering: .relaxed)
        }
    }

    /// The input phase of `frame`: a relaxed load when nothing was posted; otherwise the batch is taken
    /// out of the lock and handed to the handler.
    @inline(__always)
    /// When a handler ran (user code, during which the link may have been invalidated), the time of
    /// the oldest event it was handed, in nanoseconds; nil when none ran.
    @discardableResult
    func runPhase(for frame: Frame, startedAt start: Int64) -> Int64? {
        guard hasWork.load(ordering: .relaxed) else { return nil }
        return deliverBatch(for: frame, startedAt: start)
    }

    private func deliverBatch(for frame: Frame, startedAt start: Int64) -> Int64? {
        let (batch, drops, handler) = state.withLock { state in
            let (batch, drops) = state.takeBatch(for: frame, startedAt: start)
            hasWork.store(state.hasWork, ordering: .relaxed)
            return (batch, drops, state.handler)
        }
        for line in drops { logger.warning("\(line)") }
        guard let batch, let handler else { return nil }
        handler(batch)
        return batch.oldestEventNanoseconds
    }
}
