import Wayland
import WestonFixture

/// What most tests start with: a weston of their own and a connection to it, closed at the end.
final class WestonSession {
    let weston: WestonServer
    let connection: WaylandConnection

    /// Starts weston and connects, binding all but `ignoringGlobals`.
    init(ignoringGlobals: Set<String> = []) throws {
        weston = try WestonServer()
        connection = try WaylandConnection(name: weston.socketPath, ignoringGlobals: ignoringGlobals)
    }

    deinit {
        connection.close()
    }

    /// A window on the connection.
    func window(_ title: String, width: Int = 64, height: Int = 64) throws -> WaylandWindow {
        try WaylandWindow(connection: connection, title: title, width: width, height: height)
    }
}
