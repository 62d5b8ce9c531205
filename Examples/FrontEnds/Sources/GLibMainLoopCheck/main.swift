// Swift concurrency on a GLib main loop: the main thread runs g_main_loop_run, and MainActor hops
// from a detached task, DispatchQueue.main blocks and MainActor tasks all run, in order, through
// FrameClockGLib's integration; then the same hops under the 50 ms polling workaround. Exits non-zero
// on any failure.
import CGLibCheck
import Dispatch
import FrameClockGLib
import Glibc
import Synchronization

let hopCount = 1_000
let orderedCount = 1_000
/// Hops spaced at random phases of the workaround's period, as a program's events arrive.
let spacedHopCount = 100
let pollingInterval: UInt32 = 50
let watchdog = DispatchTimeInterval.seconds(120)

let failures = CheckFailures()
DispatchQueue.global().asyncAfter(deadline: .now() + watchdog) {
    print("FAIL the check did not finish within \(watchdog)")
    exit(1)
}

checkBadInputs(failures)

let integration: GLibMainQueueIntegration
do {
    integration = try GLibMainQueue.integrate()
} catch {
    print("FAIL integrate on the default context: \(error)")
    exit(1)
}
do {
    try GLibMainQueue.integrate()
    failures.expect(false, "integrating twice throws alreadyIntegrated")
} catch {
    failures.expect(error == .alreadyIntegrated, "integrating twice: \(error)")
}

let loop = GLibMainLoop()
let figures = Mutex<[String]>([])
let randomPhase: @Sendable (Int) -> Duration = { _ in
    .microseconds(Int.random(in: 0..<Int(pollingInterval) * 1000))
}

Task.detached {
    let hops = await measureHops(count: hopCount)
    failures.expect(
        hops.microseconds.count == hopCount && hops.inOrder,
        "\(hopCount) MainActor.run hops complete in order")
    failures.expect(hops.allOnMainThread, "every hop ran on the main thread")
    failures.expect(
        await mainQueueBlocksRunInOrder(count: orderedCount),
        "\(orderedCount) DispatchQueue.main.async blocks run in order")
    failures.expect(
        await mainActorTasksRunInOrder(count: orderedCount),
        "\(orderedCount) Task { @MainActor } run in order")
    let spaced = await measureHops(count: spacedHopCount, pause: randomPhase)
    failures.expect(spaced.inOrder && spaced.allOnMainThread, "spaced hops in order on the main thread")

    integration.cancel()
    let polling = check_add_polling_drain(pollingInterval)
    let polled = await measureHops(count: spacedHopCount, pause: randomPhase)
    g_source_remove(polling)
    failures.expect(polled.inOrder && polled.allOnMainThread, "polled hops in order on the main thread")

    figures.withLock {
        $0 = [
            "integration, back to back:  \(hops.summary)",
            "integration, random phase:  \(spaced.summary)",
            "\(pollingInterval) ms polling, random phase: \(polled.summary)",
        ]
    }
    loop.quit()
}
loop.run()

let frameFigures = checkFramesOnTheLoop(failures)
figures.withLock { $0 += frameFigures }
let thresholdFigures = checkDefaultStallThreshold(failures)
figures.withLock { $0 += thresholdFigures }

for line in figures.withLock({ $0 }) { print(line) }
let failed = failures.all
if failed.isEmpty {
    print("glib-main-loop-check: all passed")
} else {
    print("glib-main-loop-check: \(failed.count) failed")
    exit(1)
}
