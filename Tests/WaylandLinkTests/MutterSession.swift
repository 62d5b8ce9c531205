import Testing
import Wayland
import WestonFixture

/// A mutter of its own with a 60 Hz and a 144 Hz output, a connection to it and a window, closed at
/// the end; the outputs picked by their refresh (mutter lays them out as it likes).
final class MutterSession {
    let mutter: MutterServer
    let connection: WaylandConnection
    let window: WaylandWindow
    let slow: WaylandOutput
    let fast: WaylandOutput

    /// Starts mutter, connects, finds the two outputs and opens a window full screen on the 60 Hz one.
    init(title: String, size: Int = 64) throws {
        mutter = try MutterServer(refreshRates: [60, 144])
        connection = try WaylandConnection(name: mutter.socketPath)
        let outputs = connection.outputs
        slow = try #require(outputs.first { $0.refreshMillihertz == 60_000 }, "\(outputs)")
        fast = try #require(outputs.first { $0.refreshMillihertz == 144_000 }, "\(outputs)")
        window = try WaylandWindow(connection: connection, title: title, width: size, height: size)
        try window.setFullscreen(on: slow)
        try connection.roundtrip()
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

/// Every display-link test that starts a mutter: one at a time (each runs frames in real time on a
/// compositor that takes ~40 % of a core at 144 Hz), skipped loudly without mutter, failed without it
/// under CI=true.
@Suite(
    "Display links under mutter headless, a 60 Hz and a 144 Hz output", .serialized,
    .enabled(if: MutterAvailability.testsRun, Comment(rawValue: MutterAvailability.skipReason)),
    .timeLimit(.minutes(2)))
struct MutterLinkTests {}
