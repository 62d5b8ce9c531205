/// A link's input waiting for a frame, under the queue's lock: discrete events (and the motion that
/// led up to them) in the order posted, and each point's motion since the last frame.
struct InputQueueState: Sendable {
    /// Discrete events and the coalesced motion flushed before them, in the order posted.
    private var ordered = BoundedQueue<InputEvent>(capacity: InputQueue.maximumPendingEvents)
    /// The raw samples of the motion flushed into `ordered`.
    private var flushedRaw = BoundedQueue<InputEvent>(capacity: InputQueue.maximumPendingEvents)
    /// The points with motion or history, in the order they first appeared.
    private var points: [PointMotion] = []
    var statistics = InputStatistics()
    var resamplingLatency = InputQueue.defaultResamplingLatency.wholeNanoseconds
    var handler: (@Sendable (InputBatch) -> Void)?
    /// The link was invalidated: events posted now are counted and dropped.
    var isClosed = false

    /// Drops not yet logged: discrete events, raw samples of flushed motion, events of points past
    /// the limit.
    private var droppedEvents = 0
    private var droppedFlushedRaw = 0
    private var droppedPointEvents = 0

    /// Whether the next input phase has anything to do (deliver, or log a drop).
    var hasWork: Bool {
        !ordered.isEmpty || droppedEvents > 0 || droppedFlushedRaw > 0 || droppedPointEvents > 0
            || points.contains { !$0.pending.isEmpty || $0.droppedSamples > 0 }
    }

    /// Queues `event`: motion joins its point's samples; a discrete event flushes the motion of its
    /// point posted before it, then waits in order.
    mutating func post(_ event: InputEvent) {
        statistics.eventsPosted += 1
        guard !isClosed else {
            statistics.eventsDropped += 1
            return
        }
        if let point = event.point, let index = pointIndex(point, creating: event.kind.startsPoint) {
            if let position = event.position, event.isMotion {
                let sample = MotionSample(time: event.time.nanoseconds, position: position)
                if points[index].add(sample) { statistics.timestampsRaised += 1 }
                return
            }
            if let flushed = points[index].flush(raw: &flushedRaw, dropped: &droppedFlushedRaw) {
                append(flushed)
            }
            switch event.kind {
            case .touchDown(_, let position):
                points[index].restart(at: MotionSample(time: event.time.nanoseconds, position: position))
            case .touchUp, .touchCancel:
                points.remove(at: index)
            default:
                break
            }
        } else if event.point != nil, event.kind.startsPoint {
            // A new point past the limit: its events go until a point ends.
            droppedPointEvents += 1
            statistics.eventsDropped += 1
            return
        }
        append(event)
    }

    /// Drops everything queued and every event posted from now on (the link is gone).
    mutating func close() {
        isClosed = true
        handler = nil
        ordered = BoundedQueue(capacity: InputQueue.maximumPendingEvents)
        flushedRaw = BoundedQueue(capacity: InputQueue.maximumPendingEvents)
        points.removeAll()
    }

    /// Takes the input of `frame` out of the queue: the batch (nil when there is nothing to deliver)
    /// and the log lines for what was dropped since the last phase.
    /// Motion is sampled relative to `start`, when the frame's work starts (after the vblank, at a
    /// render deadline, or late): a later start means fresher input, never older (rule P11).
    mutating func takeBatch(for frame: Frame, startedAt start: Int64) -> (batch: InputBatch?, drops: [String])
    {
        let samplingTime = start - samplingLatency(at: start)
        var events: [InputEvent] = []
        events.reserveCapacity(ordered.count + points.count)
        while let event = ordered.removeFirst() {
            if !event.isMotion { statistics.discreteEventsDelivered += 1 }
            events.append(event)
        }
        var raw: [InputEvent] = []
        while let sample = flushedRaw.removeFirst() { raw.append(sample) }
        var drops: [String] = []
        for index in points.indices {
            if let motion = points[index].resample(at: samplingTime, raw: &raw) { events.append(motion) }
            if points[index].droppedSamples > 0 {
                drops.append(
                    "input: \(points[index].droppedSamples) motion samples of \(points[index].id) dropped: more "
                        + "than \(InputQueue.maximumSamplesPerPoint) came between two frames (the newest were kept)"
                )
                statistics.motionSamplesDropped += points[index].droppedSamples
                points[index].droppedSamples = 0
            }
        }
        reportDrops(into: &drops)
        guard !events.isEmpty else { return (nil, drops) }
        statistics.batchesDelivered += 1
        let batch = InputBatch(
            frame: frame, samplingTime: MonotonicInstant(nanoseconds: samplingTime), events: events,
            rawMotion: raw)
        return (batch, drops)
    }

    /// How far behind `timestamp` this frame's motion is sampled: the queue's latency, or more when a
    /// point that moved lately reports too seldom for it (half its spacing plus an allowance).
    private func samplingLatency(at timestamp: Int64) -> Int64 {
        var latency = resamplingLatency
        for point in points {
            guard let needed = point.neededSamplingLatency, let newest = point.newestTime,
                newest >= timestamp - MotionResampler.movingWithin
            else { continue }
            latency = max(latency, needed)
        }
        return latency
    }

    private mutating func reportDrops(into drops: inout [String]) {
        if droppedEvents > 0 {
            drops.append(
                "input: \(droppedEvents) events dropped: more than \(InputQueue.maximumPendingEvents) waited "
                    + "for a frame (the oldest went)")
            statistics.eventsDropped += droppedEvents
            droppedEvents = 0
        }
        if droppedFlushedRaw > 0 {
            drops.append("input: \(droppedFlushedRaw) raw motion samples dropped (the oldest went)")
            statistics.motionSamplesDropped += droppedFlushedRaw
            droppedFlushedRaw = 0
        }
        if droppedPointEvents > 0 {
            drops.append(
                "input: \(droppedPointEvents) events dropped: more than \(InputQueue.maximumPoints) pointers "
                    + "and touch points at once")
            droppedPointEvents = 0
        }
    }

    private mutating func append(_ event: InputEvent) {
        if ordered.append(event) {
            droppedEvents += 1
        }
    }

    /// The index of `point`'s motion, made when `creating` allows and the limit is not reached.
    private mutating func pointIndex(_ point: InputPointID, creating: Bool) -> Int? {
        if let index = points.firstIndex(where: { $0.id == point }) { return index }
        guard creating, points.count < InputQueue.maximumPoints else { return nil }
        points.append(PointMotion(id: point, capacity: InputQueue.maximumSamplesPerPoint))
        return points.count - 1
    }
}

extension InputEvent.Kind {
    /// Whether an event of this kind may begin tracking a point (an up or cancel of an unknown touch
    /// does not).
    var startsPoint: Bool {
        switch self {
        case .touchUp, .touchCancel: false
        default: true
        }
    }
}
