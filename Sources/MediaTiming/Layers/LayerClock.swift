/// The mapping between a layer's parent time and its local time:
/// `t = (t_parent − beginTime) · speed + timeOffset`.
///
/// Non-finite settings are read as their defaults (`beginTime` and `timeOffset` 0, `speed` 1), so
/// that the mapping never turns finite times into NaN.
struct LayerClock: Sendable, Hashable {
    var beginTime: Double
    var speed: Double
    var timeOffset: Double

    @inline(__always)
    init(beginTime: Double, speed: Double, timeOffset: Double) {
        self.beginTime = beginTime.isFinite ? beginTime : 0
        self.speed = speed.isFinite ? speed : 1
        self.timeOffset = timeOffset.isFinite ? timeOffset : 0
    }

    /// The local time at parent time `parentTime`. With speed 0 it is `timeOffset` whatever the
    /// parent time (even a NaN or infinite one): the layer is frozen.
    @inline(__always)
    func localTime(fromParentTime parentTime: Double) -> Double {
        if speed == 0 { return timeOffset }
        return (parentTime - beginTime) * speed + timeOffset
    }

    /// The parent time at local time `localTime`: `(t − timeOffset) / speed + beginTime`. With
    /// speed 0 every parent time maps to `timeOffset`, so there is no inverse; the result is then
    /// `beginTime`, the one parent time whose local time is `timeOffset` at every speed.
    @inline(__always)
    func parentTime(fromLocalTime localTime: Double) -> Double {
        if speed == 0 { return beginTime }
        return (localTime - timeOffset) / speed + beginTime
    }
}
