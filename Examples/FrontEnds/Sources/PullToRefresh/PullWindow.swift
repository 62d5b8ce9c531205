import LayerRendering
import Wayland

/// The app's Wayland window: an xdg-shell toplevel of ``PullLayout``'s size on the compositor
/// `WAYLAND_DISPLAY` names, the scene drawn by Cairo into its `wl_shm` buffers and committed.
final class PullWindow: Sendable {
    let connection: WaylandConnection
    let window: WaylandWindow
    /// How long a frame may wait for the compositor to release a buffer.
    private static let bufferWait = Duration.milliseconds(100)

    /// Connects and opens the window.
    ///
    /// - Throws: ``WaylandError`` when no compositor answers or the window cannot be made.
    init() throws(WaylandError) {
        connection = try WaylandConnection()
        do {
            window = try WaylandWindow(
                connection: connection, title: "pull-to-refresh", width: PullLayout.width,
                height: PullLayout.height, appID: "org.frameclock.pull-to-refresh", bufferCount: 3)
        } catch {
            connection.close()
            throw error
        }
    }

    /// Draws `scene` at `rootTime` and commits it.
    ///
    /// - Throws: ``PresentFailure`` when the frame cannot be drawn or committed.
    func present(_ scene: PullScene, atRootTime rootTime: Double) throws(PresentFailure) {
        var failure: RenderingError?
        do {
            try window.draw(waitingUpTo: Self.bufferWait) { pixels in
                do throws(RenderingError) {
                    try scene.render(into: pixels, atRootTime: rootTime)
                } catch {
                    failure = error
                }
            }
            try window.commit()
        } catch {
            throw .wayland(error)
        }
        if let failure { throw .rendering(failure) }
    }

    /// Why a frame was not shown.
    enum PresentFailure: Error, CustomStringConvertible {
        case wayland(WaylandError)
        case rendering(RenderingError)

        var description: String {
            switch self {
            case .wayland(let error): "wayland: \(error)"
            case .rendering(let error): "drawing: \(error)"
            }
        }
    }

    /// Closes the window, then the connection.
    func close() {
        window.close()
        connection.close()
    }
}
