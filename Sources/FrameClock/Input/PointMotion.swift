/// One pointer's or touch point's motion: the samples posted and not yet consumed by a frame, and the
/// two newest consumed ones that resampling looks back to.
struct PointMotion: Sendable {
    let id: InputPointID
    /// Samples not yet consumed, oldest first, their times never decreasing.
    private(set) var pending: BoundedQueue<MotionSample>
    private var previous: MotionSample?
    private var last: MotionSample?
    /// The time of the newest motion delivered for the point.
    private var lastDelivered = Int64.min
    /// Samples dropped from `pending` since the input phase last reported them.
    var droppedSamples = 0
    /// The newest gaps between samples while the point moved (gaps up to
    /// ``MotionResampler/maximumExtrapolationSpacing``), oldest overwritten first.
    private var recentGaps: [Int64] = []
    private var nextGap = 0

    init(id: InputPointID, capacity: Int) {
        self.id = id
        pending = BoundedQueue(capacity: capacity)
    }

    /// The newest time known for the point: a later sample may not be stamped before it.
    var newestTime: Int64? { pending.last?.time ?? last?.time }

    /// Queues a sample; returns whether its time was raised to the newest time known for the point
    /// (a timestamp that went backwards).
    mutating func add(_ sample: MotionSample) -> Bool {
        var sample = sample
        var raised = false
        if let newest = newestTime, sample.time < newest {
            sample.time = newest
            raised = true
        }
        if let newest = newestTime {
            learnSpacing(sample.time - newest)
        }
        if pending.append(sample) { droppedSamples += 1 }
        return raised
    }

    /// Starts the point's history over at `sample` (a touch's down) or with nothing.
    mutating func restart(at sample: MotionSample?) {
        previous = nil
        last = sample
        lastDelivered = sample?.time ?? .min
    }

    /// Consumes every pending sample, each appended to `raw`; the newest, to be delivered as it is
    /// before a discrete event of the point (nil when none was pending).
    mutating func flush(raw: inout BoundedQueue<InputEvent>, dropped: inout Int) -> InputEvent? {
        guard !pending.isEmpty else { return nil }
        while let sample = pending.removeFirst() {
            consume(sample)
            if raw.append(event(sample)) { dropped += 1 }
        }
        guard let last else { return nil }
        lastDelivered = last.time
        return event(last)
    }

    /// Consumes the samples stamped at or before `samplingTime` (appended to `raw`) and returns the
    /// point's motion at that time, resampled; nil when there is nothing new to say.
    mutating func resample(at samplingTime: Int64, raw: inout [InputEvent]) -> InputEvent? {
        var consumed = false
        while let first = pending.first, first.time <= samplingTime {
            _ = pending.removeFirst()
            consume(first)
            raw.append(event(first))
            consumed = true
        }
        guard let last else { return nil }
        let next = pending.first
        guard consumed || next != nil else { return nil }
        let sample = MotionResampler.resample(previous: previous, last: last, next: next, at: samplingTime)
        guard consumed || sample.time > lastDelivered else { return nil }
        lastDelivered = sample.time
        return event(sample)
    }

    /// The device's typical spacing between samples while the point moves: the median of its recent
    /// gaps, which a device stamping whole milliseconds (11, 11, 12 ms at 90 Hz) keeps steady; nil
    /// before the first gap.
    var typicalSpacing: Int64? {
        guard !recentGaps.isEmpty else { return nil }
        let middle = recentGaps.count / 2
        // The gap with at most `middle` gaps below it and above it: no sorted copy on the frame's path.
        return recentGaps.first { gap in
            recentGaps.count { $0 < gap } <= middle && recentGaps.count { $0 > gap } <= middle
        }
    }

    /// How far behind a frame's timestamp this point needs sampling so that its motion is interpolated,
    /// or extrapolated within the resampler's bound, although its newest sample is up to a spacing
    /// old when the frame begins (nil when its spacing is not known yet).
    var neededSamplingLatency: Int64? {
        typicalSpacing.map { $0 / 2 + MotionResampler.deliveryAllowance }
    }

    /// Keeps `gap` among the recent gaps: gaps longer than a moving device's (a pause) and repeats at
    /// one time are left out.
    private mutating func learnSpacing(_ gap: Int64) {
        guard gap > 0, gap <= MotionResampler.maximumExtrapolationSpacing else { return }
        if recentGaps.count < Self.gapsKept {
            recentGaps.append(gap)
        } else {
            recentGaps[nextGap] = gap
        }
        nextGap = (nextGap + 1) % Self.gapsKept
    }

    /// How many gaps the median is taken over (odd, so that it is one of them).
    private static let gapsKept = 7

    private mutating func consume(_ sample: MotionSample) {
        previous = last
        last = sample
    }

    /// The motion event of this point for `sample`.
    private func event(_ sample: MotionSample) -> InputEvent {
        let time = MonotonicInstant(nanoseconds: sample.time)
        switch id {
        case .pointer(let pointer):
            return InputEvent(.pointerMotion(pointer: pointer, position: sample.position), at: time)
        case .touch(let touch):
            return InputEvent(.touchMotion(touch: touch, position: sample.position), at: time)
        }
    }
}
