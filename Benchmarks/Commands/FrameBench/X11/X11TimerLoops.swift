#if EGLSurfaces && X11Backend
    import ArgumentParser
    import Dispatch
    import Foundation
    import FrameClock
    import Glibc
    import Synchronization
    import X11EGL

    /// The naive loops of `--x11`, each drawing `frames` frames one `period` apart on a thread of its
    /// own, as people write them: Foundation `Timer` on a run loop, a repeating `DispatchSourceTimer`,
    /// an `asyncAfter` chain, a sleep(period) loop. The context is made current on the loop's thread and released after the last
    /// frame.
    struct X11TimerLoops {
        let gles: X11EGLSurface
        let frames: Int
        /// Nanoseconds between frames.
        let period: Int64

        /// The frames drawn, shared by the loop's thread and the caller.
        private final class Progress: Sendable {
            let state = Mutex<(drawn: [X11PacingRun.DrawnFrame], failure: X11EGLError?)>(([], nil))
            let done = DispatchSemaphore(value: 0)
        }

        /// Runs the loop of `pacing` until it has drawn `frames` frames.
        func run(_ pacing: X11PacingRun.Pacing) throws -> [X11PacingRun.DrawnFrame] {
            gles.releaseCurrent()
            let progress = Progress()
            let gles = self.gles
            let frames = self.frames
            let period = self.period
            // One frame: false once the last is drawn (or a swap failed), the context released.
            let step: @Sendable () -> Bool = {
                let start = MonotonicInstant.now().nanoseconds
                return progress.state.withLock { state in
                    guard state.failure == nil, state.drawn.count < frames else { return false }
                    do throws(X11EGLError) {
                        state.drawn.append(try X11PacingMeasurement.drawAndSwap(gles, at: start))
                    } catch {
                        state.failure = error
                    }
                    guard state.failure != nil || state.drawn.count == frames else { return true }
                    gles.releaseCurrent()
                    progress.done.signal()
                    return false
                }
            }
            let queue = DispatchQueue(label: "frame-bench.x11.\(pacing)")
            switch pacing {
            case .foundationTimer:
                let thread = Thread {
                    let timer = Timer(timeInterval: Double(period) / 1e9, repeats: true) { timer in
                        if !step() { timer.invalidate() }
                    }
                    RunLoop.current.add(timer, forMode: .default)
                    // The run loop returns once the invalidated timer was its last source.
                    while timer.isValid, RunLoop.current.run(mode: .default, before: .distantFuture) {}
                }
                thread.start()
            case .dispatchTimer:
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.schedule(
                    deadline: .now(), repeating: .nanoseconds(Int(period)), leeway: .nanoseconds(0))
                timer.setEventHandler { if !step() { timer.cancel() } }
                timer.resume()
            case .asyncAfter:
                @Sendable func next() {
                    guard step() else { return }
                    queue.asyncAfter(deadline: .now() + .nanoseconds(Int(period))) { next() }
                }
                queue.async { next() }
            case .sleepLoop:
                let thread = Thread {
                    var pause = timespec(
                        tv_sec: Int(period / 1_000_000_000), tv_nsec: Int(period % 1_000_000_000))
                    while step() { nanosleep(&pause, nil) }
                }
                thread.start()
            default:
                throw ValidationError("--x11: \(pacing.rawValue) is not a timer loop")
            }
            let allowed = Int64(frames) * period * 2 + 5_000_000_000
            guard progress.done.wait(timeout: .now() + .nanoseconds(Int(allowed))) == .success else {
                throw ValidationError("--x11: \(pacing.rawValue) did not draw \(frames) frames in time")
            }
            let (drawn, failure) = progress.state.withLock { ($0.drawn, $0.failure) }
            if let failure { throw ValidationError("--x11: \(pacing.rawValue): \(failure)") }
            return drawn
        }
    }
#endif
