/// A closed stretch of times, `from ... through`, over which an evaluation gives the same result as
/// at the time it was made; empty when `from > through`.
struct UnchangingInterval: Sendable, Hashable {
    var from: Double
    var through: Double

    /// Every time.
    static var everywhere: UnchangingInterval { UnchangingInterval(from: -.infinity, through: .infinity) }
    /// No time at all.
    static var nowhere: UnchangingInterval { UnchangingInterval(from: .infinity, through: -.infinity) }

    /// Whether `time` lies in the interval (never for NaN).
    @inline(__always)
    func contains(_ time: Double) -> Bool { time >= from && time <= through }

    /// Narrows to `time` alone.
    @inline(__always)
    mutating func narrow(toJust time: Double) {
        if time > from { from = time }
        if time < through { through = time }
    }

    /// Narrows to the times before `beginTime` in the direction of `speed` (not 0).
    @inline(__always)
    mutating func narrow(toBeforeBeginning beginTime: Double, speed: Double) {
        if speed > 0 {
            through = min(through, beginTime.nextDown)
        } else {
            from = max(from, beginTime.nextUp)
        }
    }

    /// Narrows to the times from `time` on in the direction of `speed` (not 0).
    @inline(__always)
    mutating func narrow(toAfterEnd time: Double, speed: Double) {
        if speed > 0 {
            if time > from { from = time }
        } else {
            if time < through { through = time }
        }
    }
}
