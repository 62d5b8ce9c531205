/// The velocity of a pointer or touch point from its recent samples: a least-squares fit of a
/// quadratic to each coordinate over the last 100 ms (at most 20 samples), differentiated at the
/// newest sample — the estimator Android's and Flutter's velocity trackers use. Give it the raw
/// samples (``InputBatch/rawMotion(of:)``), not the resampled ones, and read it when the gesture ends
/// to start an animation with that velocity.
///
/// A gap of more than 40 ms between two samples ends the history there (the point had stopped), and
/// a velocity asked for more than 40 ms after the newest sample is zero. Two samples give the slope
/// between them; one or none gives zero.
public struct VelocityTracker: Sendable {
    /// The oldest a sample may be, counted back from the newest, to take part in the fit.
    public static let horizon = Duration.milliseconds(100)
    /// The most samples the fit uses (the newest).
    public static let maximumSamples = 20
    /// A longer gap between samples, or since the newest, means the point stopped.
    public static let stopGap = Duration.milliseconds(40)

    private var samples = BoundedQueue<MotionSample>(capacity: maximumSamples)

    /// A tracker with no samples.
    public init() {}

    /// Adds the point's position at `time`. A sample stamped before the newest one is taken as a new
    /// start (the history before it is forgotten), so that a clock that jumps back cannot produce a
    /// velocity from samples out of order.
    public mutating func add(_ position: InputPosition, at time: MonotonicInstant) {
        if let newest = samples.last, time.nanoseconds < newest.time { reset() }
        samples.append(MotionSample(time: time.nanoseconds, position: position))
    }

    /// Adds the position of a motion event or a touch's down; other events are ignored.
    public mutating func add(_ event: InputEvent) {
        guard let position = event.position else { return }
        add(position, at: event.time)
    }

    /// Forgets every sample (a new gesture).
    public mutating func reset() {
        samples = BoundedQueue(capacity: Self.maximumSamples)
    }

    /// The velocity at the newest sample, or zero when the newest sample is more than ``stopGap``
    /// before `now` (nil: no such check).
    public func velocity(at now: MonotonicInstant? = nil) -> InputVelocity {
        guard let newest = samples.last else { return .zero }
        let stop = Self.stopGap.wholeNanoseconds
        if let now, now.nanoseconds - newest.time > stop { return .zero }
        // The samples that count, newest first: within the horizon, with no gap past the stop gap.
        let scale = Double(Self.horizon.wholeNanoseconds)
        var times: [Double] = []
        var xs: [Double] = []
        var ys: [Double] = []
        var later = newest.time
        for index in stride(from: samples.count - 1, through: 0, by: -1) {
            let sample = samples[index]
            guard newest.time - sample.time <= Self.horizon.wholeNanoseconds, later - sample.time <= stop
            else { break }
            times.append(Double(sample.time - newest.time) / scale)
            xs.append(sample.position.x)
            ys.append(sample.position.y)
            later = sample.time
        }
        // Coefficient 1 is the derivative at the newest sample, in positions per horizon.
        for degree in [2, 1] {
            if let x = LeastSquaresPolynomial.fit(times: times, values: xs, degree: degree),
                let y = LeastSquaresPolynomial.fit(times: times, values: ys, degree: degree)
            {
                let perSecond = 1e9 / scale
                return InputVelocity(x: x[1] * perSecond, y: y[1] * perSecond)
            }
        }
        return .zero
    }
}
