import Foundation

/// This machine's mutter started headless for one test, with virtual monitors of the refresh rates
/// asked for, in a runtime directory of its own.
///
/// compositors.sh's `mutter43` on the socket `wl-test`: `dbus-run-session -- mutter --headless
/// --wayland --virtual-monitor 800x600@60 --virtual-monitor 800x600@144 --no-x11` (mutter needs a
/// session bus) with `GSETTINGS_BACKEND=memory`; the session runner, its bus and mutter are one
/// process group, stopped together. The monitors are announced in argument order but laid out as
/// mutter likes: pick an output by its mode's refresh, never by index.
public final class MutterServer: CompositorServer {
    /// Starts mutter with one 800×600 virtual monitor per rate in `refreshRates` (hertz) and waits
    /// (up to 10 s) until its socket accepts connections.
    public init(refreshRates: [Int] = [60, 144]) throws {
        guard MutterAvailability.sessionRunner != nil, MutterAvailability.executable != nil else {
            throw StartFailure(
                description: "mutter is not installed, and CI=true requires the mixed-refresh tests to run: "
                    + "apt-get install mutter dbus (Tests/install-system-packages.sh)")
        }
        let monitors = refreshRates.map { "800x600@\($0)" }.joined(separator: " ")
        try super.init(name: "mutter43", settings: ["COMPOSITOR_MONITORS": monitors], seconds: 10)
    }
}

/// Whether mutter (and `dbus-run-session`, which gives it a session bus) is installed, and what the
/// tests do without it: skip loudly, or fail under CI=true.
public enum MutterAvailability {
    /// mutter's path, found on `PATH`, or nil.
    public static let executable = FixtureSupport.executable(named: "mutter")
    /// `dbus-run-session`'s path, or nil.
    public static let sessionRunner = FixtureSupport.executable(named: "dbus-run-session")

    /// Whether the tests that need mutter run. Without it and outside CI they are skipped, and a
    /// warning says so on standard error.
    public static let testsRun: Bool = {
        if (executable != nil && sessionRunner != nil) || WestonAvailability.isCI { return true }
        FileHandle.standardError.write(
            Data(
                ("\n*** Mixed-refresh tests: mutter is not installed: SKIPPING every test that needs two outputs. "
                    + "Install mutter and dbus (Tests/install-system-packages.sh) to run them "
                    + "(with CI=true they fail). ***\n\n").utf8))
        return false
    }()

    /// The reason shown for a skipped test.
    public static let skipReason =
        "mutter is not installed (apt-get install mutter dbus); with CI=true this fails"
}
