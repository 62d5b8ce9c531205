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
    print(
        "gles-clock: \(options.frames) frames: \(report.presented) presented, \(report.pending) pending, \(report.discarded) discarded"
    )
    if let p50 = report.predictionError(0.5), let p95 = report.predictionError(0.95) {
        print("gles-clock: prediction error |presented - target|: p50 \(p50) ms, p95 \(p95) ms")
    }
    if let interval = report.meanPresentationInterval {
        print("gles-clock: a presentation every \(interval) ms on average")
    }
    guard report.presented == options.frames else {
        printToStandardError("gles-clock: FAILED: not every frame was presented")
        exit(1)
    }
    print("gles-clock: all presented")
} catch {
    printToStandardError("gles-clock: \(error)")
    exit(1)
}
