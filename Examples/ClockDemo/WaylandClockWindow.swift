import Foundation
import FrameClock
import LayerRendering
import Wayland

/// clock-demo's Wayland window: an xdg-shell toplevel on the compositor `WAYLAND_DISPLAY` names,
/// the face drawn by Cairo straight into its `wl_shm` buffer each frame and committed. The display
/// link ticks on the window's frame callbacks (``displaySource``), and learns from the compositor's
/// feedback which frames were presented and which discarded.
final class WaylandClockWindow: @unchecked Sendable {
    private let connection: WaylandConnection
    let window: WaylandWindow
    /// The last frame committed, as premultiplied ARGB, when a screenshot was asked for.
    private var lastFrame: [UInt32]?

    /// Connects and opens a `side` × `side` window. With `keepingLastFrame`, each committed frame is
    /// also copied for ``writeLastFrame(to:)``.
    ///
    /// - Throws: ``Failure`` when no compositor answers (no socket, a stale one) or the window
    ///   cannot be made.
    init(side: Int, keepingLastFrame: Bool) throws(Failure) {
        do {
            connection = try WaylandConnection()
        } catch {
            throw Failure(error: error)
        }
        do {
            window = try WaylandWindow(
                connection: connection, title: "clock-demo", width: side, height: side,
                appID: "org.frameclock.clock-demo")
        } catch {
            connection.close()
            throw Failure(error: error)
        }
        lastFrame = keepingLastFrame ? [] : nil
    }

    /// Why the window cannot be shown: the Wayland module's error, in one line.
    struct Failure: Error, CustomStringConvertible {
        var error: WaylandError
        var description: String { "wayland: \(error)" }
    }

    /// Whether `WAYLAND_DISPLAY` names a compositor that accepts a connection (`--display auto`).
    static var compositorAnswers: Bool {
        guard let name = ProcessEnvironment.waylandDisplay else { return false }
        guard let connection = try? WaylandConnection(name: name, timeout: .milliseconds(500)) else {
            return false
        }
        connection.close()
        return true
    }

    /// The display link's source: the window's frame callbacks.
    var displaySource: DisplayLink.Source { .wayland(window) }

    /// Whether the compositor asked the window to close.
    var isCloseRequested: Bool { window.isCloseRequested }

    /// "window 256 × 256 on wayland-0".
    var description: String {
        "window \(window.width) × \(window.height) on \(ProcessEnvironment.waylandDisplay ?? "wayland-0")"
    }

    /// Draws `face` into the window's next buffer and commits it: the commit carries the frame
    /// callback and presentation feedback the display link asked for before this frame's callback.
    func present(_ face: ClockFace) throws {
        var failure: RenderingError?
        try window.draw { pixels in
            do throws(RenderingError) {
                try face.render(
                    intoXRGB8888: pixels.baseAddress, width: pixels.width, height: pixels.height,
                    bytesPerRow: pixels.stride)
            } catch {
                failure = error
            }
            if lastFrame != nil { lastFrame = Self.opaqueCopy(of: pixels) }
        }
        if let failure { throw failure }
        try window.commit()
    }

    /// Writes the last frame committed as a PNG file; false when no frame was committed.
    ///
    /// - Throws: ``RenderingError`` when the file cannot be written.
    func writeLastFrame(to path: String) throws(RenderingError) -> Bool {
        guard let lastFrame, !lastFrame.isEmpty else { return false }
        try Bitmap(width: window.width, height: window.height, pixels: lastFrame).writePNG(to: path)
        return true
    }

    /// Closes the window, then the connection.
    func close() {
        window.close()
        connection.close()
    }

    /// The buffer's XRGB8888 pixels as opaque ARGB, row by row.
    private static func opaqueCopy(of pixels: WaylandPixels) -> [UInt32] {
        var copy = [UInt32](repeating: 0, count: pixels.width * pixels.height)
        for row in 0..<pixels.height {
            let source = (pixels.baseAddress + row * pixels.stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<pixels.width {
                copy[row * pixels.width + column] = source[column] | 0xFF00_0000
            }
        }
        return copy
    }
}

/// The environment variables the demo reads.
enum ProcessEnvironment {
    /// `$WAYLAND_DISPLAY`, or nil when unset or empty.
    static var waylandDisplay: String? {
        guard let value = getenv("WAYLAND_DISPLAY"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
