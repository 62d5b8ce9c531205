import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

// gles-clock: the clock ring drawn by OpenGL ES into an EGL window surface, paced by a display
// link on the Wayland window; prints what became of the frames and exits 1 when any was not
// presented or something failed.

/// Writes `line` and a newline to standard error.
func printToStandardError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printToStandardError("gles-clock: \(error)\n\(Options.usage)")
    exit(1)
}

do {
    let report = try GLESClockRun(options: options).run()
    for line in report.lines(frames: options.frames, pacing: options.pacing.rawValue) { print(line) }
    // Hidden mid-run, the frame swapped just before the window went is replaced unseen.
    let mayBeDiscarded = options.mayDiscard ?? (options.hideAt == nil ? 0 : 1)
    guard report.pending == 0, report.discarded <= mayBeDiscarded else {
        printToStandardError("gles-clock: FAILED: not every frame was presented")
        exit(1)
    }
    print(
        report.discarded == 0
            ? "gles-clock: all presented"
            : "gles-clock: all presented but \(report.discarded) replaced unseen"
    )
} catch {
    printToStandardError("gles-clock: \(error)")
    exit(1)
}
