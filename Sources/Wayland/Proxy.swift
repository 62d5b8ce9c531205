internal import CWayland
internal import CWaylandProtocols

/// A `wl_proxy` this module created, with the handler its events go to.
///
/// Events reach the handler through one C dispatcher (`wl_proxy_add_dispatcher`); the proxy's user
/// data is this object, unretained: whoever creates a `Proxy` keeps it until it is destroyed,
/// after which libwayland delivers nothing more to it. Only the thread that holds the connection's
/// lock dispatches, so handlers run under that lock.
final class Proxy {
    /// The C proxy.
    let pointer: OpaquePointer
    /// Called with each event's opcode and arguments.
    private var handler: ((UInt32, UnsafeMutablePointer<wl_argument>) -> Void)?
    /// Whether the proxy was destroyed.
    private(set) var isDestroyed = false

    /// Wraps `pointer`; the new `Proxy` owns it.
    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// The interface version the proxy was created with.
    var version: UInt32 { wl_proxy_get_version(pointer) }

    /// The protocol object id (shown in messages).
    var id: UInt32 { wl_proxy_get_id(pointer) }

    /// Routes the proxy's events to `handler`, which names the opcodes it tells apart
    /// (``WaylandEvent``). Called once, before the first event can arrive.
    func listen(
        _ handler: @escaping (_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) -> Void
    ) {
        self.handler = handler
        _ = wl_proxy_add_dispatcher(pointer, proxyDispatcher, nil, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Sends `request` with `arguments`.
    func send(_ request: some WaylandRequestOpcode, _ arguments: [wl_argument] = []) {
        var arguments = arguments
        _ = wl_proxy_marshal_array_flags(pointer, request.rawValue, nil, version, 0, &arguments)
    }

    /// Sends `request`, whose `new_id` argument creates an object of `interface` at `version` (its
    /// slot in `arguments` is a placeholder), and returns the new proxy, on this proxy's queue; nil
    /// when libwayland could not create it.
    func create(
        _ request: some WaylandRequestOpcode, _ interface: UnsafePointer<wl_interface>, version: UInt32,
        _ arguments: [wl_argument]
    ) -> Proxy? {
        var arguments = arguments
        guard
            let created = wl_proxy_marshal_array_flags(
                pointer, request.rawValue, interface, version, 0, &arguments)
        else { return nil }
        return Proxy(created)
    }

    /// Destroys the proxy: sends its interface's destructor request `request`, then frees it.
    /// Idempotent.
    func destroy(sending request: some WaylandRequestOpcode) {
        destroy(destructor: request.rawValue)
    }

    /// Destroys the proxy of an interface without a destructor request (such as wl_callback or
    /// wl_registry): frees it. Idempotent.
    func destroy() {
        destroy(destructor: nil)
    }

    /// Destroys a proxy made by `wl_proxy_create_wrapper` (a wrapper has no events and no destructor
    /// request). Idempotent.
    func destroyWrapper() {
        guard !isDestroyed else { return }
        isDestroyed = true
        wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(pointer))
    }

    /// Sends the destructor request with opcode `destructor`, if any, then frees the proxy.
    private func destroy(destructor: UInt32?) {
        guard !isDestroyed else { return }
        isDestroyed = true
        if let destructor {
            var none = wl_argument()
            _ = wl_proxy_marshal_array_flags(
                pointer, destructor, nil, version, cwl_marshal_flag_destroy(), &none)
        } else {
            wl_proxy_destroy(pointer)
        }
        handler = nil
    }

    /// Delivers one event (called by the dispatcher).
    fileprivate func deliver(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        handler?(opcode, arguments)
    }
}

/// The one dispatcher of every proxy: finds the `Proxy` in the user data and hands it the event.
private let proxyDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, arguments in
    guard let target, let data = wl_proxy_get_user_data(OpaquePointer(target)) else { return 0 }
    // An event without arguments still gets a valid pointer to read nothing from.
    var none = wl_argument()
    let proxy = Unmanaged<Proxy>.fromOpaque(data).takeUnretainedValue()
    if let arguments {
        proxy.deliver(opcode, arguments)
    } else {
        proxy.deliver(opcode, &none)
    }
    return 0
}
