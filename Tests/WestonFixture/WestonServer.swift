import Foundation

/// This machine's weston started headless for one test, in a runtime directory of its own.
///
/// compositors.sh's `weston10` on the socket `wl-test`, with `[core] repaint-window=16` (frame
/// callbacks about 17 ms apart) by default; ``pid`` is weston's own process, and the leader of the
/// group of the clients it starts.
public final class WestonServer: CompositorServer {
    /// Starts weston and waits (up to 5 s) until its socket accepts connections (the file appears at
    /// `bind`, a moment before weston listens). `modules` are absolute paths of modules to load
    /// (`--modules`), `environment` variables added to weston's.
    public init(repaintWindow: Int = 16, modules: [String] = [], environment added: [String: String] = [:])
        throws
    {
        guard WestonAvailability.executable != nil else {
            throw StartFailure(
                description: "weston is not installed, and CI=true requires the Wayland tests to run: "
                    + "apt-get install weston libwayland-dev wayland-protocols")
        }
        var settings = ["COMPOSITOR_REPAINT_WINDOW": String(repaintWindow)]
        if !modules.isEmpty { settings["COMPOSITOR_MODULES"] = modules.joined(separator: ",") }
        try super.init(name: "weston10", settings: settings, environment: added, seconds: 5)
    }
}

/// Whether weston is installed, and what the tests do without it: skip loudly, or fail under CI=true.
public enum WestonAvailability {
    /// weston's path, found on `PATH`, or nil.
    public static let executable = FixtureSupport.executable(named: "weston")

    /// Whether CI=true is set: a missing weston is then a failure.
    public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the tests that need weston run. Without weston and outside CI they are skipped, and a
    /// warning says so on standard error.
    public static let testsRun: Bool = {
        if executable != nil || isCI { return true }
        FileHandle.standardError.write(
            Data(
                ("\n*** Wayland tests: weston is not installed: SKIPPING every test that needs a compositor. "
                    + "Install weston libwayland-dev wayland-protocols to run them (with CI=true they fail). ***\n\n")
                    .utf8))
        return false
    }()

    /// The reason shown for a skipped test (a test suite's `Comment`).
    public static let skipReason =
        "weston is not installed (apt-get install weston); with CI=true this fails"
}
