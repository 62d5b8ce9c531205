/// Pairs each `zwp_input_timestamps_v1.timestamp` with the event it belongs to: the next event of the
/// same device that carries a time (the protocol sends the timestamp just before it).
///
/// A timestamp is used once. One whose milliseconds lie more than ``millisecondTolerance`` from the
/// event's own is not that event's (its event was one this module does not read, or a device went
/// away between them): the event keeps its milliseconds, and the timestamp is dropped.
struct WaylandInputTimestampPairing {
    /// How far the nanosecond time's milliseconds may lie from the event's own, in milliseconds: the
    /// protocol's time is the event's, so only a compositor that rounds rather than truncates
    /// differs, by one.
    static let millisecondTolerance: UInt32 = 1

    private static let nanosecondsPerSecond: Int64 = 1_000_000_000
    private static let nanosecondsPerMillisecond: Int64 = 1_000_000

    /// The timestamp waiting for each device's next timed event, in nanoseconds.
    private var pending: [WaylandInputDevice: Int64] = [:]

    /// Keeps the time of a `timestamp` event of `device`'s timestamps object for its next event; a
    /// time that is no valid `timespec` (`nanoseconds` past 999 999 999, or seconds past what 64-bit
    /// nanoseconds hold) is ignored.
    mutating func receive(
        secondsHigh: UInt32, secondsLow: UInt32, nanoseconds: UInt32, for device: WaylandInputDevice
    ) {
        let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
        guard Int64(nanoseconds) < Self.nanosecondsPerSecond,
            seconds <= UInt64(Int64.max / Self.nanosecondsPerSecond)
        else {
            pending[device] = nil
            return
        }
        pending[device] = Int64(seconds) * Self.nanosecondsPerSecond + Int64(nanoseconds)
    }

    /// Takes `device`'s waiting timestamp for its event stamped `milliseconds`: the time in
    /// nanoseconds when it is that event's, else nil.
    mutating func take(for device: WaylandInputDevice, milliseconds: UInt32) -> Int64? {
        guard let time = pending.removeValue(forKey: device) else { return nil }
        let own = UInt32(truncatingIfNeeded: time / Self.nanosecondsPerMillisecond)
        let apart = min(own &- milliseconds, milliseconds &- own)
        return apart <= Self.millisecondTolerance ? time : nil
    }

    /// Forgets `device`'s waiting timestamp (the device, or its timestamps object, went away).
    mutating func forget(_ device: WaylandInputDevice) {
        pending[device] = nil
    }

    /// The event of `kind` from `seat` of `device`, stamped `milliseconds` by the compositor and to
    /// the nanosecond when a waiting timestamp is its.
    mutating func event(
        _ kind: WaylandInputEvent.Kind, of device: WaylandInputDevice, milliseconds: UInt32, seat: UInt32
    ) -> WaylandInputEvent {
        WaylandInputEvent(
            kind, compositorMilliseconds: milliseconds,
            compositorNanoseconds: take(for: device, milliseconds: milliseconds), seat: seat)
    }
}
