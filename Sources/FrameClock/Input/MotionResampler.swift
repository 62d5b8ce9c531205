/// One motion sample of a pointer or touch point, in nanoseconds on `CLOCK_MONOTONIC`.
struct MotionSample: Sendable {
    var time: Int64
    var position: InputPosition
}

/// Android's resampling rule: a point's motion at a frame's sampling time is interpolated between the
/// newest sample at or before it and the first sample after it, or, when no later sample has come,
/// extrapolated from the two newest samples by a bounded amount.
enum MotionResampler {
    /// Samples closer together than this are not extrapolated from: their quotient is mostly noise.
    /// (Interpolation needs no such bound: its result lies between two real samples.)
    static let minimumSpacing: Int64 = 2_000_000
    /// Samples farther apart than this are not extrapolated from: the point has probably stopped.
    static let maximumExtrapolationSpacing: Int64 = 20_000_000
    /// The farthest a position is extrapolated past the newest sample.
    static let maximumPrediction: Int64 = 8_000_000
    /// What a device's sampling latency allows beyond half its spacing: a frame may begin up to 2 ms
    /// before its timestamp (on weston) and a sample reaches the queue about 1 ms after its stamp.
    /// Each millisecond more costs every frame of a drag that much latency.
    static let deliveryAllowance: Int64 = 3_000_000
    /// A point counts towards a frame's sampling latency while its newest sample is this recent.
    static let movingWithin: Int64 = 50_000_000

    /// The sample that represents the point at `samplingTime`: `last` is the newest sample at or before
    /// it, `previous` the one before `last`, `next` the first one after `samplingTime`. The result is
    /// stamped at the instant it stands for: `samplingTime` when interpolated, at most `last.time` plus
    /// the prediction limit (the lesser of half the samples' spacing and 8 ms) when extrapolated, and
    /// `last` itself when neither rule applies.
    static func resample(
        previous: MotionSample?, last: MotionSample, next: MotionSample?, at samplingTime: Int64
    ) -> MotionSample {
        if let next {
            let spacing = next.time - last.time
            guard spacing > 0, samplingTime > last.time else { return last }
            let fraction = Double(samplingTime - last.time) / Double(spacing)
            return MotionSample(
                time: samplingTime,
                position: last.position.interpolated(to: next.position, fraction: fraction))
        }
        guard let previous else { return last }
        let spacing = last.time - previous.time
        guard spacing >= minimumSpacing, spacing <= maximumExtrapolationSpacing else { return last }
        let limit = last.time + min(spacing / 2, maximumPrediction)
        let time = min(samplingTime, limit)
        guard time > last.time else { return last }
        let fraction = Double(time - previous.time) / Double(spacing)
        return MotionSample(
            time: time, position: previous.position.interpolated(to: last.position, fraction: fraction))
    }
}
