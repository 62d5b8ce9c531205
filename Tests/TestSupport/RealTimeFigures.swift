import Foundation

/// Figures a test measures in real time against a real compositor or X server — skipped frames,
/// frames on time, a prediction's error — reported, not asserted. How many frames a loaded shared
/// machine lets through moves them (a CI run saw 63 of 298 frames late where an idle run sees none),
/// so a bound on them fails for the machine, not the code; what the link must do at any speed stays
/// asserted in each test. Each figure is printed with the range it lies in on an idle machine, and
/// appended to the file `FRAMECLOCK_FIGURES_REPORT` names, from which CI prints the figures outside
/// that range.
public enum RealTimeFigures {
    /// The variable naming the file that figures are appended to, a line each.
    public static let reportVariable = "FRAMECLOCK_FIGURES_REPORT"

    /// Reports `figure`, measured as `value` by `test`; `isUsual` says whether it lies in `usual`,
    /// the range an idle machine gives (as text: "≤ 3 of 300").
    public static func report(
        _ test: String, _ figure: String, _ value: some CustomStringConvertible, isUsual: Bool, usual: String
    ) {
        let line = "\(isUsual ? "usual  " : "OUTSIDE") \(test): \(figure) = \(value) (usually \(usual))"
        print("figure: \(line)")
        guard let path = ProcessInfo.processInfo.environment[reportVariable], !path.isEmpty else { return }
        append(line + "\n", to: path)
    }

    /// Appends `text` to the file at `path` in one write (tests in several processes share the file).
    private static func append(_ text: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            print("figure: cannot open \(path) (errno \(errno)); figures are only printed")
            return
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written != bytes.count { print("figure: a short write to \(path) (errno \(errno))") }
    }
}
