import DemoClockFace
import FrameClock
import LayerRendering
import X11

/// The demo's X11 window: the clock face drawn into the window's back pixmap in each frame's
/// callback and presented with the Present extension, at the MSC the display link armed.
final class X11ClockWindow: @unchecked Sendable {
    let window: X11Window
    private var bitmap: Bitmap

    /// Why an X11 window could not be made.
    struct Failure: Error, CustomStringConvertible {
        var error: X11Error
        var description: String { "x11: \(error)" }
    }

    /// Connects to `$DISPLAY` and maps a window `side` × `side`.
    init(side: Int) throws {
        do throws(X11Error) {
            let connection = try X11Connection()
            window = try X11Window(connection: connection, title: "clock-demo", width: side, height: side)
        } catch {
            throw Failure(error: error)
        }
        bitmap = try Bitmap(width: side, height: side)
    }

    /// Whether `$DISPLAY` names an X server that answers and offers Present; nil when it does, else
    /// why not.
    static var unreachableReason: String? {
        do {
            let connection = try X11Connection(timeout: .milliseconds(500))
            connection.close()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The link's source: the window's Present completions.
    var displaySource: DisplayLink.Source { .x11(window) }

    /// The window and its server, for the status lines.
    var description: String {
        "window \(window.width)×\(window.height) on \(window.connection.displayName) (Present \(window.connection.presentVersion))"
    }

    /// Draws `face` and presents it (for the MSC after the frame's tick).
    func present(_ face: ClockFace) throws {
        try face.render(into: &bitmap)
        try window.draw(pixels: bitmap.pixels, width: bitmap.width, height: bitmap.height)
        try window.present()
    }

    /// Destroys the window and disconnects.
    func close() {
        window.close()
        window.connection.close()
    }
}
