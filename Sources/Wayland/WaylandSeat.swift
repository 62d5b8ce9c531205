internal import CWayland
internal import CWaylandProtocols

#if canImport(Glibc)
    import Glibc
#endif

/// The devices a `wl_seat` says it has (`wl_seat.capabilities`).
struct WaylandSeatCapabilities: OptionSet {
    let rawValue: UInt32

    static let pointer = WaylandSeatCapabilities(rawValue: 1)
    static let keyboard = WaylandSeatCapabilities(rawValue: 2)
    static let touch = WaylandSeatCapabilities(rawValue: 4)
}

/// A bound `wl_seat` and its pointer, keyboard and touch, as the seat's capabilities come and go;
/// each event goes to the handler of the surface it is for (``WaylandConnection/deliverInputLocked(_:to:)``).
///
/// The seat remembers what a gesture holds (buttons pressed, fingers down): when the seat or a
/// device goes away mid-gesture, the surfaces concerned get a ``WaylandInputEvent/Kind/seatLost(seat:releasedButtons:cancelledTouches:)``
/// followed by a release for each button and a cancel for each finger. Everything runs under the
/// connection's lock.
final class WaylandSeat {
    /// The `wl_seat`.
    let proxy: Proxy
    /// The seat's number on the connection, in the order bound.
    let number: UInt32
    /// The seat's name (`wl_seat.name`), else "seat <number>".
    private(set) var name: String

    private unowned let connection: WaylandConnection
    private var pointer: Proxy?
    private var keyboard: Proxy?
    private var touch: Proxy?
    /// The surface the pointer is on, and the one the keyboard is focused on.
    private var pointerFocus: OpaquePointer?
    private var keyboardFocus: OpaquePointer?
    /// The buttons pressed on the pointer, in the order pressed, with the surface they went to.
    private var heldButtons: [(button: UInt32, surface: OpaquePointer)] = []
    /// The active touch points and the surface each went down on.
    private var touchPoints: [Int32: OpaquePointer] = [:]
    /// The surfaces that got touch events since the last `wl_touch.frame`.
    private var touchFrameSurfaces: [OpaquePointer] = []
    /// The devices' nanosecond timestamps, where the compositor offers them.
    private let timestamps = WaylandInputTimestampSubscriptions()

    /// The seat bound as `proxy`; listens at once.
    init(proxy: Proxy, number: UInt32, connection: WaylandConnection) {
        self.proxy = proxy
        self.number = number
        self.connection = connection
        name = "seat \(number)"
        proxy.listen { [unowned self] opcode, arguments in seatEvent(opcode, arguments) }
    }

    /// The seat's global went away: ends what its devices hold, then releases them and the seat.
    func remove() {
        dropPointer()
        dropTouch()
        dropKeyboard()
        if proxy.version >= WaylandRequest.Seat.releaseVersion {
            proxy.destroy(sending: WaylandRequest.Seat.release)
        } else {
            proxy.destroy()
        }
    }

    /// Destroys the seat's proxies without delivering anything (the connection is closing).
    func destroy() {
        timestamps.destroyAll()
        for device in [pointer, keyboard, touch] { device?.destroy() }
        (pointer, keyboard, touch) = (nil, nil, nil)
        proxy.destroy()
    }

    /// Asks for the nanosecond timestamps of each device that has none yet, when the connection bound
    /// `zwp_input_timestamps_manager_v1`.
    func subscribeTimestamps() {
        guard let manager = connection.inputTimestampsManager else { return }
        if let pointer { timestamps.subscribe(.pointer, of: pointer, with: manager) }
        if let keyboard { timestamps.subscribe(.keyboard, of: keyboard, with: manager) }
        if let touch { timestamps.subscribe(.touch, of: touch, with: manager) }
    }

    /// Forgets a surface that is gone, so that a later surface at the same address gets nothing of it.
    func forget(surface: OpaquePointer) {
        if pointerFocus == surface { pointerFocus = nil }
        if keyboardFocus == surface { keyboardFocus = nil }
        heldButtons.removeAll { $0.surface == surface }
        touchPoints = touchPoints.filter { $0.value != surface }
        touchFrameSurfaces.removeAll { $0 == surface }
    }

    // MARK: Events

    private func seatEvent(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch WaylandEvent.Seat(rawValue: opcode) {
        case .capabilities?:
            update(to: WaylandSeatCapabilities(rawValue: arguments[0].u))
        case .name?:
            if let text = arguments[0].s { name = String(cString: text) }
        case nil:
            break
        }
    }

    /// Gets the devices that appeared and drops the ones that went away.
    private func update(to capabilities: WaylandSeatCapabilities) {
        if capabilities.contains(.pointer), pointer == nil {
            pointer = device(WaylandRequest.Seat.getPointer, cwl_interface_wl_pointer())
            pointer?.listen { [unowned self] opcode, arguments in pointerEvent(opcode, arguments) }
        } else if !capabilities.contains(.pointer) {
            dropPointer()
        }
        if capabilities.contains(.touch), touch == nil {
            touch = device(WaylandRequest.Seat.getTouch, cwl_interface_wl_touch())
            touch?.listen { [unowned self] opcode, arguments in touchEvent(opcode, arguments) }
        } else if !capabilities.contains(.touch) {
            dropTouch()
        }
        if capabilities.contains(.keyboard), keyboard == nil {
            keyboard = device(WaylandRequest.Seat.getKeyboard, cwl_interface_wl_keyboard())
            keyboard?.listen { [unowned self] opcode, arguments in keyboardEvent(opcode, arguments) }
        } else if !capabilities.contains(.keyboard) {
            dropKeyboard()
        }
        subscribeTimestamps()
    }

    private func device(_ request: WaylandRequest.Seat, _ interface: UnsafePointer<wl_interface>) -> Proxy? {
        proxy.create(request, interface, version: proxy.version, [wl_argument(n: 0)])
    }

    private func pointerEvent(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch WaylandEvent.Pointer(rawValue: opcode) {
        case .enter?:
            pointerFocus = arguments[1].o
            deliver(.pointerEntered(x: fixed(arguments[2].f), y: fixed(arguments[3].f)), to: pointerFocus)
        case .leave?:
            deliver(.pointerLeft, to: arguments[1].o)
            pointerFocus = nil
        case .motion?:
            deliver(
                .pointerMotion(x: fixed(arguments[1].f), y: fixed(arguments[2].f)), of: .pointer,
                at: arguments[0].u,
                to: pointerFocus)
        case .button?:
            let (button, isPressed) = (arguments[2].u, arguments[3].u != 0)
            if isPressed, let surface = pointerFocus {
                heldButtons.append((button, surface))
            } else if !isPressed {
                heldButtons.removeAll { $0.button == button }
            }
            deliver(
                .pointerButton(button: button, isPressed: isPressed), of: .pointer, at: arguments[1].u,
                to: pointerFocus)
        case .axis?:
            deliver(
                .pointerAxis(axis: arguments[1].u, value: fixed(arguments[2].f)), of: .pointer,
                at: arguments[0].u,
                to: pointerFocus)
        case .frame?:
            deliver(.pointerFrame, to: pointerFocus)
        case .axisStop?:
            timestamps.discard(for: .pointer, milliseconds: arguments[0].u)
        case nil:  // axis_source, axis_discrete
            break
        }
    }

    private func touchEvent(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch WaylandEvent.Touch(rawValue: opcode) {
        case .down?:
            let (id, surface) = (arguments[3].i, arguments[2].o)
            touchPoints[id] = surface
            deliverTouch(
                .touchDown(id: id, x: fixed(arguments[4].f), y: fixed(arguments[5].f)), at: arguments[1].u,
                to: surface)
        case .up?:
            let id = arguments[2].i
            deliverTouch(.touchUp(id: id), at: arguments[1].u, to: touchPoints.removeValue(forKey: id))
        case .motion?:
            let id = arguments[1].i
            deliverTouch(
                .touchMotion(id: id, x: fixed(arguments[2].f), y: fixed(arguments[3].f)), at: arguments[0].u,
                to: touchPoints[id])
        case .frame?:
            for surface in touchFrameSurfaces { deliver(.touchFrame, to: surface) }
            touchFrameSurfaces.removeAll()
        case .cancel?:
            for (id, surface) in touchPoints.sorted(by: { $0.key < $1.key }) {
                deliver(.touchCancel(id: id), to: surface)
            }
            touchPoints.removeAll()
            touchFrameSurfaces.removeAll()
        case nil:  // shape, orientation
            break
        }
    }

    private func keyboardEvent(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch WaylandEvent.Keyboard(rawValue: opcode) {
        case .keymap?:
            // The keymap is not read: its descriptor is closed unmapped.
            _ = Glibc.close(arguments[1].h)
        case .enter?:
            keyboardFocus = arguments[1].o
        case .leave?:
            keyboardFocus = nil
        case .key?:
            deliver(
                .key(key: arguments[2].u, isPressed: arguments[3].u != 0), of: .keyboard, at: arguments[1].u,
                to: keyboardFocus)
        case nil:  // modifiers, repeat_info
            break
        }
    }

    // MARK: Devices going away

    /// Releases the held buttons (after a ``WaylandInputEvent/Kind/seatLost(seat:releasedButtons:cancelledTouches:)``)
    /// and the pointer.
    private func dropPointer() {
        guard let pointer else { return }
        let held = heldButtons
        heldButtons.removeAll()
        for surface in Self.distinct(held.map(\.surface)) {
            let buttons = held.filter { $0.surface == surface }
            deliver(
                .seatLost(seat: name, releasedButtons: buttons.count, cancelledTouches: 0),
                to: surface)
            for (button, _) in buttons.reversed() {
                deliver(.pointerButton(button: button, isPressed: false), to: surface)
            }
        }
        pointerFocus = nil
        timestamps.unsubscribe(.pointer)
        release(pointer, WaylandRequest.Pointer.release, since: WaylandRequest.Pointer.releaseVersion)
        self.pointer = nil
    }

    /// Cancels the fingers down (after a ``WaylandInputEvent/Kind/seatLost(seat:releasedButtons:cancelledTouches:)``)
    /// and releases the touch device.
    private func dropTouch() {
        guard let touch else { return }
        let points = touchPoints.sorted { $0.key < $1.key }
        touchPoints.removeAll()
        touchFrameSurfaces.removeAll()
        for surface in Self.distinct(points.map(\.value)) {
            let ids = points.filter { $0.value == surface }.map(\.key)
            deliver(
                .seatLost(seat: name, releasedButtons: 0, cancelledTouches: ids.count), to: surface)
            for id in ids { deliver(.touchCancel(id: id), to: surface) }
        }
        timestamps.unsubscribe(.touch)
        release(touch, WaylandRequest.Touch.release, since: WaylandRequest.Touch.releaseVersion)
        self.touch = nil
    }

    private func dropKeyboard() {
        guard let keyboard else { return }
        keyboardFocus = nil
        timestamps.unsubscribe(.keyboard)
        release(keyboard, WaylandRequest.Keyboard.release, since: WaylandRequest.Keyboard.releaseVersion)
        self.keyboard = nil
    }

    private func release(_ device: Proxy, _ request: some WaylandRequestOpcode, since version: UInt32) {
        if device.version >= version {
            device.destroy(sending: request)
        } else {
            device.destroy()
        }
    }

    // MARK: Delivery

    private func deliverTouch(_ kind: WaylandInputEvent.Kind, at time: UInt32, to surface: OpaquePointer?) {
        if let surface, !touchFrameSurfaces.contains(surface) { touchFrameSurfaces.append(surface) }
        deliver(kind, of: .touch, at: time, to: surface)
    }

    /// Delivers an event that carries the compositor's time `time`: to the nanosecond when the
    /// device's timestamp came before it. The timestamp is used up even when no surface gets the event.
    private func deliver(
        _ kind: WaylandInputEvent.Kind, of device: WaylandInputDevice, at time: UInt32,
        to surface: OpaquePointer?
    ) {
        connection.deliverInputLocked(
            timestamps.event(kind, of: device, milliseconds: time, seat: number), to: surface)
    }

    /// Delivers an event without a time of its own.
    private func deliver(_ kind: WaylandInputEvent.Kind, to surface: OpaquePointer?) {
        connection.deliverInputLocked(
            WaylandInputEvent(kind, compositorMilliseconds: nil, seat: number), to: surface)
    }

    /// `wl_fixed_t` (24.8 fixed point) as a `Double`.
    private func fixed(_ value: wl_fixed_t) -> Double {
        Double(value) / Self.fixedPointScale
    }

    private static let fixedPointScale = 256.0

    private static func distinct(_ surfaces: [OpaquePointer]) -> [OpaquePointer] {
        var seen: [OpaquePointer] = []
        for surface in surfaces where !seen.contains(surface) { seen.append(surface) }
        return seen
    }
}
