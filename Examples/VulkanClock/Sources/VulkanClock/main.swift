#if canImport(Glibc)
    import Glibc
#endif

// vulkan-clock: a Vulkan swapchain on a Wayland window, each frame cleared to a colour that tells
// the time it will be shown, paced by a display link on the window; prints what became of the
// frames and exits 1 when any was not presented or something failed.

/// Writes `line` and a newline to standard error.
func printToStandardError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printToStandardError("vulkan-clock: \(error)\n\(Options.usage)")
    exit(1)
}

do {
    let outcome = try VulkanClockRun(options: options).run()
    print(outcome.presentModeLine)
    for line in outcome.summary.lines(frames: options.frames, pacing: options.pacing.rawValue) { print(line) }
    guard outcome.summary.presented == options.frames else {
        printToStandardError("vulkan-clock: FAILED: not every frame was presented")
        exit(1)
    }
    print("vulkan-clock: all presented")
} catch {
    printToStandardError("vulkan-clock: \(error)")
    exit(1)
}
