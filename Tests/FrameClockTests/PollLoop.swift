import Foundation
import Synchronization

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// A plain `poll` loop on a thread of its own, as a front end runs one: it makes a
/// ``LoopFrameSource`` there and dispatches it when its descriptor is readable. ``perform(_:)`` runs
/// a closure on the loop between dispatches, as another handler of the front end's loop would.
final class PollLoop: @unchecked Sendable {
    // @unchecked: `source` and `threadID` are written once before `init` returns (the semaphore
    // orders them); the rest is locked or atomic.
    private(set) var source: LoopFrameSource!
    private(set) var threadID: Int32 = 0
    private let handlers = Locked<[@Sendable () -> Void]>([])
    /// A pipe that wakes the loop for a handler or the stop: read end, write end.
    private let wake: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe: errno \(errno)")
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        return (ends[0], ends[1])
    }()
    private let stopped = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)
    /// Errors `dispatch()` threw on the loop.
    let dispatchErrors = Locked<[DisplayLinkError]>([])

    /// Starts the loop with a source at `framesPerSecond`, or following a clock of
    /// `followingInterval` (ticks then come from the test's handlers).
    init(framesPerSecond: Double = 60, followingInterval: Duration? = nil) throws {
        let made = DispatchSemaphore(value: 0)
        let failure = Locked<DisplayLinkError?>(nil)
        Thread.detachNewThread { [self] in
            do throws(DisplayLinkError) {
                if let followingInterval {
                    source = try LoopFrameSource(following: followingInterval)
                } else {
                    source = try LoopFrameSource(framesPerSecond: framesPerSecond)
                }
                threadID = SampledThread.current.threadID
            } catch {
                failure.withLock { $0 = error }
                made.signal()
                ended.signal()
                return
            }
            made.signal()
            run()
            ended.signal()
        }
        made.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    deinit {
        close(wake.read)
        close(wake.write)
    }

    private func run() {
        var entries = [
            pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        while !stopped.load(ordering: .acquiring) {
            guard poll(&entries, 2, -1) >= 0 || errno == EINTR else { break }
            if entries[1].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                _ = read(wake.read, &bytes, bytes.count)
                for handler in handlers.withLock({ list in
                    defer { list.removeAll() }; return list
                }) {
                    handler()
                }
            }
            if entries[0].revents != 0 {
                do throws(DisplayLinkError) {
                    try source.dispatch()
                } catch {
                    dispatchErrors.withLock { $0.append(error) }
                }
            }
        }
    }

    /// Runs `handler` on the loop's thread, between dispatches.
    func perform(_ handler: @escaping @Sendable () -> Void) {
        handlers.withLock { $0.append(handler) }
        var one: UInt8 = 1
        _ = write(wake.write, &one, 1)
    }

    /// Ends the loop and waits for its thread to return.
    func stop() {
        stopped.store(true, ordering: .releasing)
        var one: UInt8 = 1
        _ = write(wake.write, &one, 1)
        ended.wait()
    }
}
