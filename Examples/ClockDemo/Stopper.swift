import Dispatch
import Foundation

/// Ends the demo on Ctrl-C, SIGTERM, after --duration, or when a frame source gives up.
final class Stopper: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var sources: [DispatchSourceSignal] = []

    var isStopped: Bool { lock.withLock { stopped } }

    func installSignalHandlers() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.stop() }
            source.resume()
            sources.append(source)
        }
    }

    func stop(after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in self?.stop() }
    }

    func stop() {
        let toResume = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            stopped = true
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in toResume { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = lock.withLock { () -> Bool in
                if stopped { return true }
                waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
