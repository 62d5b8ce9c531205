#if canImport(Glibc)
    import Glibc
#endif

// vulkan-clock: a Vulkan swapchain on a Wayland window, each frame cleared to a colour that tells
// the time it will be shown, paced by a display link on the window; prints what became of the
// frames and exits 1 when any was not presented (beyond --may-discard replaced unseen) or something
// failed.

/// Writes `line` and a newline to standard error.
func printToStandardError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

/// Runs vulkan-clock with `arguments` and returns its exit status: 0 when every frame was
/// presented or, at most `--may-discard` of them, replaced unseen; 1 for a bad option, a failure, or
/// a frame not presented.
func vulkanClock(arguments: [String]) -> Int32 {
    let options: Options
    let outcome: VulkanClockRun.Outcome
    do throws(Options.Failure) {
        options = try Options(arguments: arguments)
    } catch {
        printToStandardError("vulkan-clock: \(error)\n\(Options.usage)")
        return 1
    }
    do throws(RunFailure) {
        outcome = try VulkanClockRun(options: options).run()
    } catch {
        printToStandardError("vulkan-clock: \(error)")
        return 1
    }
    print(outcome.presentModeLine)
    outcome.summary.lines(frames: options.frames, pacing: options.pacing.rawValue).forEach { print($0) }
    if outcome.skippedNoImage > 0 {
        print("vulkan-clock: \(outcome.skippedNoImage) ticks skipped: no swapchain image free")
    }
    let summary = outcome.summary
    guard summary.pending == 0,
        summary.presented + min(summary.discarded, options.mayDiscard) == options.frames
    else {
        printToStandardError("vulkan-clock: FAILED: not every frame was presented")
        return 1
    }
    print(
        summary.discarded == 0
            ? "vulkan-clock: all presented"
            : "vulkan-clock: all presented but \(summary.discarded) replaced unseen")
    return 0
}

exit(vulkanClock(arguments: Array(CommandLine.arguments.dropFirst())))
