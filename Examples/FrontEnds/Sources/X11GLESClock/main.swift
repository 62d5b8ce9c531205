#if canImport(Glibc)
    import Glibc
#endif

// x11-gles-clock: frames drawn by OpenGL ES onto an X11 window (FrameClock's own, or one adopted by
// its XID), paced by the display link on the window; prints the cadence and what became of the
// frames, and exits 1 when a frame was duplicated, came in a burst, was left unpresented, or
// something failed.

/// Writes `line` and a newline to standard error.
func printToStandardError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printToStandardError("x11-gles-clock: \(error)\n\(Options.usage)")
    exit(1)
}

do {
    let outcome = try X11GLESRun(options: options).run()
    print(
        "x11-gles-clock: \(options.window.rawValue) window, dispatch \(options.dispatch.rawValue), "
            + "latency \(options.latchLatency ? "latch" : "default"), "
            + "\(options.frames) frames on \(outcome.source): \(outcome.figures)")
    var failures: [String] = []
    if outcome.offSource > 0 { failures.append("\(outcome.offSource) frames not on the X11 source") }
    if outcome.figures.duplicates > 0 { failures.append("\(outcome.figures.duplicates) duplicate frames") }
    if outcome.figures.bursts > 0 { failures.append("\(outcome.figures.bursts) frames in bursts") }
    if let tally = outcome.tally {
        print("x11-gles-clock: \(tally.line(frames: options.frames))")
        if tally.pending > 0 || tally.discarded > 0 || tally.presented != options.frames {
            failures.append("not every frame was presented")
        }
    } else {
        print("x11-gles-clock: adopted window: the link presents nothing, so no presentations are counted")
    }
    guard failures.isEmpty else {
        printToStandardError("x11-gles-clock: FAILED: " + failures.joined(separator: ", "))
        exit(1)
    }
    print("x11-gles-clock: all checks passed")
} catch {
    printToStandardError("x11-gles-clock: \(error)")
    exit(1)
}
