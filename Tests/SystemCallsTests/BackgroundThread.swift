import Foundation

/// Runs `body` on a thread of its own (not the test's cooperative pool, which a thread blocked in
/// `poll` would starve) and returns a way to wait for it to finish.
func onBackgroundThread(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        finished.signal()
    }
    thread.start()
    return { finished.wait() }
}
