import Foundation
import FrameClock
import Synchronization

/// A thread blocked in `read` on a pipe until ``release()``: what a stalled frame thread looks like.
final class BlockedReader: Sendable {
    private let pipe = Pipe()
    private let started = DispatchSemaphore(value: 0)
    private let sampled = Mutex<SampledThread?>(nil)

    init() {
        let reader = pipe.fileHandleForReading.fileDescriptor
        Thread.detachNewThread { [self] in
            sampled.withLock { $0 = .current }
            started.signal()
            var byte: UInt8 = 0
            _ = read(reader, &byte, 1)
        }
        started.wait()
        // Until it is in the kernel.
        usleep(10_000)
    }

    /// The blocked thread.
    var thread: SampledThread { sampled.withLock { $0! } }

    /// Lets the thread return.
    func release() {
        _ = withUnsafeBytes(of: UInt8(1)) {
            write(pipe.fileHandleForWriting.fileDescriptor, $0.baseAddress, 1)
        }
    }
}
