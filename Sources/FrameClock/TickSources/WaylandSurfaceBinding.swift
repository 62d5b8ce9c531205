import Wayland

/// The surface a Wayland tick source ticks on: the library's window, or a toolkit's surface adopted
/// on a connection (and event queue) of the source's own.
final class WaylandSurfaceBinding {
    /// Frame callbacks and presentation feedback on the surface.
    let timing: WaylandFrameTiming
    /// The connection the surface is on.
    let connection: WaylandConnection
    /// The surface's name in descriptions, such as "Wayland window 'clock'".
    let name: String
    /// The library's window, kept alive while the source uses it (its owner closes it).
    private let window: WaylandWindow?
    /// Whether ``close()`` closes the timing and the connection (made for a toolkit's surface).
    private let ownsConnection: Bool

    /// The library's window: the front end draws and commits it; the source only watches it.
    init(window: WaylandWindow) {
        self.window = window
        timing = window.frameTiming
        connection = window.connection
        name = "Wayland window '\(window.title)'"
        ownsConnection = false
    }

    /// A toolkit's surface on the toolkit's display: the source adopts both on a private event
    /// queue, so the toolkit's own dispatch never sees the source's callbacks and feedback.
    ///
    /// - Throws: ``DisplayLinkError/sourceUnavailable(_:)`` when the display cannot be adopted (it
    ///   is broken, or the compositor does not answer) or the surface cannot be wrapped.
    init(toolkit: WaylandToolkitSurface) throws(DisplayLinkError) {
        let connection: WaylandConnection
        do {
            connection = try WaylandConnection(adopting: toolkit.display)
        } catch {
            throw .sourceUnavailable("the toolkit's Wayland display cannot be used: \(error)")
        }
        do {
            timing = try WaylandFrameTiming(connection: connection, adoptingSurface: toolkit.surface)
        } catch {
            connection.close()
            throw .sourceUnavailable("the toolkit's Wayland surface cannot be used: \(error)")
        }
        self.connection = connection
        window = nil
        name = "Wayland surface (a toolkit's)"
        ownsConnection = true
    }

    /// The refresh interval the compositor advertises for its first output with a current mode, in
    /// nanoseconds; nil when it names none.
    var outputInterval: Int64? {
        connection.outputs.lazy.compactMap { $0.currentMode?.refreshInterval }.first
    }

    /// Why the surface gets no presentation feedback, or nil when it does.
    var feedbackUnavailable: String? {
        connection.supportsPresentationFeedback
            ? nil : WaylandError.missingGlobal(interface: "wp_presentation", version: 1).description
    }

    /// Stops watching the surface; a toolkit's surface's wrapper and the source's connection are
    /// closed (the toolkit's display stays connected), the library's window is left to its owner.
    func close() {
        guard ownsConnection else { return }
        timing.close()
        connection.close()
    }
}
