import CGLibCheck
import Dispatch
import FrameClockGLib
import Synchronization

/// The bad inputs, tried on the main thread before the loop runs; each must give a typed error or a
/// documented outcome, never a hang.
func checkBadInputs(_ failures: CheckFailures) {
    checkIntegrateOffMainThread(failures)
    checkContextNoThreadRuns(failures)
    checkContextIteratedOffMainThread(failures)
}

/// Runs `body` on a thread other than the main one and waits for it.
@discardableResult
private func onAnotherThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let result = Mutex<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0.take() }!
}

private func checkIntegrateOffMainThread(_ failures: CheckFailures) {
    let error = onAnotherThread { () -> GLibMainQueueError? in
        do throws(GLibMainQueueError) {
            let integration = try GLibMainQueue.integrate()
            integration.cancel()
            return nil
        } catch {
            return error
        }
    }
    failures.expect(error == .notOnMainThread, "integrate off the main thread: \(String(describing: error))")
}

/// Integrated on a context that no thread runs, nothing runs until the main thread iterates it.
private func checkContextNoThreadRuns(_ failures: CheckFailures) {
    let context = GLibMainContext()
    let clock = ContinuousClock()
    let started = clock.now
    let integration: GLibMainQueueIntegration
    do {
        integration = try GLibMainQueue.integrate(context: context)
    } catch {
        failures.expect(false, "integrate on a context no thread runs: \(error)")
        return
    }
    let took = started.duration(to: clock.now)
    failures.expect(
        took < .milliseconds(100), "integrate on a context no thread runs returns at once (\(took))")
    let ran = Mutex(false)
    DispatchQueue.main.async { ran.withLock { $0 = true } }
    failures.expect(!ran.withLock { $0 }, "nothing runs while no thread iterates the context")
    context.iterate(mayBlock: false)
    failures.expect(ran.withLock { $0 }, "one iteration of the context on the main thread runs the block")
    integration.cancel()
    failures.expect(!integration.isActive && GLibMainQueue.integration == nil, "cancel ends the integration")
}

/// Iterated by another thread, the source removes itself instead of draining there.
private func checkContextIteratedOffMainThread(_ failures: CheckFailures) {
    let context = GLibMainContext()
    let integration: GLibMainQueueIntegration
    do {
        integration = try GLibMainQueue.integrate(context: context)
    } catch {
        failures.expect(false, "integrate on a context for another thread: \(error)")
        return
    }
    let ranOffMain = Mutex(false)
    DispatchQueue.main.async { ranOffMain.withLock { $0 = check_is_main_thread() == 0 } }
    onAnotherThread { context.iterate(mayBlock: false) }
    failures.expect(
        !integration.isActive && GLibMainQueue.integration == nil,
        "a context iterated off the main thread ends the integration")
    failures.expect(!ranOffMain.withLock { $0 }, "no block ran off the main thread")
}
