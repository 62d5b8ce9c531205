import CWayland
import CWaylandProtocols
import Foundation

/// A `wl_display` connected the way a toolkit connects it, outside the Wayland module, for the tests
/// of adopting one.
public final class ToolkitDisplay {
    /// The `struct wl_display *`.
    public let pointer: OpaquePointer

    /// Connects to the socket at `path`.
    public init(path: String) throws {
        guard let display = path.withCString({ wl_display_connect($0) }) else {
            throw WestonServer.StartFailure(description: "wl_display_connect(\(path)) failed: errno \(errno)")
        }
        pointer = display
    }

    deinit {
        wl_display_disconnect(pointer)
    }

    /// The pointer as the module's adopting initialisers take it.
    public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// A roundtrip on the default queue (the toolkit's): nonnegative while the display is sound.
    public func roundtrip() -> Int32 { wl_display_roundtrip(pointer) }

    /// The display's fatal error (0: none).
    public var error: Int32 { wl_display_get_error(pointer) }

    /// Dispatches what is queued on the default queue; the number of events dispatched.
    public func dispatchPending() -> Int32 { wl_display_dispatch_pending(pointer) }

    /// Sends `wl_registry.bind` for a global name the compositor never advertised, from a registry
    /// of the toolkit's own: a protocol error that breaks the whole connection. Returns the
    /// registry's object id.
    public func bindUnknownGlobal() -> UInt32 {
        var none = wl_argument(n: 0)
        let registry = wl_proxy_marshal_array_flags(
            pointer, 1, cwl_interface_wl_registry(), wl_proxy_get_version(pointer), 0, &none)!
        let interface = cwl_interface_wl_output()
        var arguments = [
            wl_argument(u: 999_999), wl_argument(s: interface.pointee.name), wl_argument(u: 1),
            wl_argument(n: 0),
        ]
        _ = wl_proxy_marshal_array_flags(registry, 0, interface, 1, 0, &arguments)
        wl_display_flush(pointer)
        return wl_proxy_get_id(registry)
    }
}
