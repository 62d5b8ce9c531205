import Foundation
import WestonFixture

/// An X server started for one test: Xvfb on a free display number, or Xwayland inside a weston
/// started headless with `--xwayland`. Stopped by its PID (SIGTERM, SIGKILL by ``kill(signal:)``)
/// when the test ends.
protocol XServerFixture: AnyObject {
    /// The display's name, `:N`: what `X11Connection(display:)` takes.
    var display: String { get }
}

/// Whether the X servers are installed, and what the tests do without them: skip loudly (a line on
/// standard error says why), or fail under CI=true.
enum XServerAvailability {
    /// Xvfb's path, or nil.
    static let xvfb = XvfbServer.executable
    /// Xwayland's path, or nil (weston starts it).
    static let xwayland = FixtureSupport.executable(named: "Xwayland")

    /// Whether the Xvfb tests run.
    static let xvfbTestsRun: Bool = {
        if xvfb != nil || WestonAvailability.isCI { return true }
        FileHandle.standardError.write(
            Data(
                "\n*** X11 tests: Xvfb is not installed: SKIPPING the Xvfb tests (apt-get install xvfb). ***\n\n"
                    .utf8))
        return false
    }()

    /// Whether the Xwayland tests run.
    static let xwaylandTestsRun: Bool = {
        if (xwayland != nil && WestonAvailability.executable != nil) || WestonAvailability.isCI {
            return true
        }
        FileHandle.standardError.write(
            Data(
                ("\n*** X11 tests: Xwayland or weston is not installed: SKIPPING the Xwayland tests "
                    + "(apt-get install xwayland weston). ***\n\n").utf8))
        return false
    }()

    /// The reason shown for skipped Xvfb tests.
    static let xvfbSkipReason = "Xvfb is not installed (apt-get install xvfb); with CI=true this fails"
    /// The reason shown for skipped Xwayland tests.
    static let xwaylandSkipReason =
        "Xwayland or weston is not installed (apt-get install xwayland weston); with CI=true this fails"
}

/// The shared Xvfb fixture, as a test server here.
extension XvfbServer: XServerFixture {}

/// Xwayland inside a weston started headless with `--xwayland` (compositors.sh's `weston10` with
/// `COMPOSITOR_XWAYLAND=1`, as the shell checks start theirs), in a runtime directory of its own:
/// weston listens on an X display (named in its log) and starts Xwayland at the first client, which
/// paces each window's Present by the compositor's frame callbacks.
final class XwaylandSession: XServerFixture {
    let display: String
    /// The weston that runs Xwayland; stopped, with everything it started, when the session ends.
    let compositor: CompositorServer

    /// How long weston may take to listen on its Wayland socket, and then to name its X display.
    static let startSeconds = 10

    /// Starts weston with Xwayland and waits until its X socket accepts connections.
    init(repaintWindow: Int = 16) throws {
        guard WestonAvailability.executable != nil, XServerAvailability.xwayland != nil else {
            throw XServerStartFailure(
                description: "weston or Xwayland is not installed, and CI=true requires the X11 tests: "
                    + "apt-get install weston xwayland")
        }
        XServerSupport.ensureSocketDirectory()
        compositor = try CompositorServer(
            name: "weston10", socketName: "wl-x11",
            settings: ["COMPOSITOR_REPAINT_WINDOW": "\(repaintWindow)", "COMPOSITOR_XWAYLAND": "1"],
            seconds: Self.startSeconds)
        let deadline = Date().addingTimeInterval(Double(Self.startSeconds))
        var found: Int?
        while found == nil, compositor.isRunning, Date() < deadline {
            found = Self.listeningDisplay(inLog: compositor.logPath)
            if found == nil { usleep(20_000) }
        }
        guard let number = found,
            compositor.waitForSocket(
                XServerSupport.socketPath(number), seconds: max(deadline.timeIntervalSinceNow, 1))
        else {
            let log = (try? String(contentsOfFile: compositor.logPath, encoding: .utf8)) ?? "(no log)"
            compositor.stop()
            throw XServerStartFailure(
                description: "weston did not listen on an X display within \(Self.startSeconds) s:\n\(log)")
        }
        display = ":\(number)"
    }

    /// The display number weston's log says it listens on ("xserver listening on display :N").
    private static func listeningDisplay(inLog path: String) -> Int? {
        guard let log = try? String(contentsOfFile: path, encoding: .utf8),
            let range = log.range(of: "listening on display :")
        else { return nil }
        let digits = log[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }
}
