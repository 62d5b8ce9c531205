import DRM
import Foundation
import Synchronization
import SystemPackage

/// Records the kernel's own vblank timestamps (sequence → nanoseconds) on a separate descriptor
/// and thread, so that a link's frames can be compared with what the kernel reported.
final class KernelVBlankRecorder: Sendable {
    private let times = Mutex<[UInt64: Int64]>([:])
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let failure = Mutex<DRMError?>(nil)

    init(path: String = VKMSFixture.path, crtcID: UInt32) throws {
        let device = try DRMDevice(path: path)
        let thread = Thread { [self] in
            defer {
                device.close()
                finished.signal()
            }
            do {
                var next = try device.currentSequence(crtc: crtcID).sequence + 1
                while !stopped.load(ordering: .relaxed) {
                    try device.queueSequence(crtc: crtcID, sequence: next, flags: .nextOnMiss)
                    var got = false
                    while !got && !stopped.load(ordering: .relaxed) {
                        guard waitReadable(device.rawDescriptor, milliseconds: 200) else { continue }
                        for case .crtcSequence(let event) in try device.readEvents() {
                            times.withLock { $0[event.sequence] = event.timestampNanoseconds }
                            next = max(next, event.sequence + 1)
                            got = true
                        }
                    }
                }
            } catch let error as DRMError {
                failure.withLock { $0 = error }
            } catch {
                failure.withLock {
                    $0 = DRMError(call: "recorder", errno: Errno(rawValue: EIO), detail: "\(error)")
                }
            }
        }
        thread.start()
    }

    /// Stops recording and returns what was recorded, with the error that stopped it early if any.
    func stop() -> (times: [UInt64: Int64], error: DRMError?) {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
        return (times.withLock { $0 }, failure.withLock { $0 })
    }
}

/// Frames collected from a link's callback. Waiting for a count sleeps on a semaphore, so the
/// waiting test thread does not compete with the frame thread under emulation.
final class FrameLog: Sendable {
    private struct State {
        var frames: [(frame: FrameRecord, kind: String)] = []
        var target = Int.max
    }

    private let state = Mutex(State())
    private let reached = DispatchSemaphore(value: 0)

    /// One frame as the callback saw it.
    struct FrameRecord: Sendable {
        var sequence: UInt64
        var timestamp: Int64
        var skipped: Int
        var durationNanoseconds: Int64
        var latenessNanoseconds: Int64
    }

    func append(_ record: FrameRecord, kind: String) {
        let signal = state.withLock { state -> Bool in
            state.frames.append((record, kind))
            return state.frames.count == state.target
        }
        if signal { reached.signal() }
    }

    var all: [(frame: FrameRecord, kind: String)] { state.withLock { $0.frames } }
    var count: Int { state.withLock { $0.frames.count } }

    /// Waits until `count` frames arrived or `seconds` passed.
    func wait(for count: Int, seconds: Double) -> Bool {
        let already = state.withLock { state -> Bool in
            if state.frames.count >= count { return true }
            state.target = count
            return false
        }
        if already { return true }
        let result = reached.wait(timeout: .now() + seconds)
        state.withLock { $0.target = Int.max }
        return result == .success || self.count >= count
    }
}
