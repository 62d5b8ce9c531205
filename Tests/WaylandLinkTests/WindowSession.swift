import Wayland
import WestonFixture

/// What most link tests start with: a weston of their own, a connection to it, and a window,
/// closed at the end.
final class WindowSession {
    let weston: WestonServer
    let connection: WaylandConnection
    let window: WaylandWindow

    /// Starts weston, connects (binding all but `ignoringGlobals`) and opens a window.
    init(title: String, size: Int = 32, ignoringGlobals: Set<String> = []) throws {
        weston = try WestonServer()
        connection = try WaylandConnection(name: weston.socketPath, ignoringGlobals: ignoringGlobals)
        window = try WaylandWindow(connection: connection, title: title, width: size, height: size)
    }

    deinit {
        window.close()
        connection.close()
    }

    /// A link on the window, not started.
    func link() throws -> WindowLinkRun {
        try WindowLinkRun(window: window)
    }
}
