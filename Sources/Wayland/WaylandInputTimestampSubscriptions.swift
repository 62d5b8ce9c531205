internal import CWayland
internal import CWaylandProtocols

/// A seat's `zwp_input_timestamps_v1` objects, one for each device it subscribed, and the pairing of
/// their timestamps with the devices' events. Runs under the connection's lock, as the seat does.
final class WaylandInputTimestampSubscriptions {
    private var objects: [WaylandInputDevice: Proxy] = [:]
    private var pairing = WaylandInputTimestampPairing()

    /// Asks `manager` for the timestamps of `device`, whose proxy is `deviceProxy`, unless subscribed.
    func subscribe(_ device: WaylandInputDevice, of deviceProxy: Proxy, with manager: Proxy) {
        guard objects[device] == nil else { return }
        let request: WaylandRequest.InputTimestampsManager =
            switch device {
            case .pointer: .getPointerTimestamps
            case .keyboard: .getKeyboardTimestamps
            case .touch: .getTouchTimestamps
            }
        guard
            let object = manager.create(
                request, cwl_interface_zwp_input_timestamps_v1(), version: manager.version,
                [wl_argument(n: 0), wl_argument(o: deviceProxy.pointer)])
        else { return }
        object.listen { [unowned self] _, arguments in
            pairing.receive(
                secondsHigh: arguments[0].u, secondsLow: arguments[1].u, nanoseconds: arguments[2].u,
                for: device)
        }
        objects[device] = object
    }

    /// Ends `device`'s subscription (before the device is released) and forgets its waiting timestamp.
    func unsubscribe(_ device: WaylandInputDevice) {
        objects.removeValue(forKey: device)?.destroy(sending: WaylandRequest.InputTimestamps.destroy)
        pairing.forget(device)
    }

    /// Destroys every timestamps object without a request (the connection is closing).
    func destroyAll() {
        for object in objects.values { object.destroy() }
        objects = [:]
    }

    /// The event of `kind` from `seat` of `device` at the compositor's `milliseconds`, to the
    /// nanosecond when the timestamp sent before it is its (``WaylandInputTimestampPairing``).
    func event(
        _ kind: WaylandInputEvent.Kind, of device: WaylandInputDevice, milliseconds: UInt32, seat: UInt32
    ) -> WaylandInputEvent {
        pairing.event(kind, of: device, milliseconds: milliseconds, seat: seat)
    }

    /// Uses up the timestamp sent for an event of `device` that is not delivered (`wl_pointer.axis_stop`),
    /// so that it cannot be taken for the next one.
    func discard(for device: WaylandInputDevice, milliseconds: UInt32) {
        _ = pairing.take(for: device, milliseconds: milliseconds)
    }
}
