#if EGLSurfaces && X11Backend
    import ArgumentParser
    import FrameClock
    import Glibc
    import X11
    import X11EGL

    /// Where the X server latches a frame for the next refresh: after the completion of refresh *m*,
    /// wait until its UST plus an offset, draw and swap, and see at which refresh the frame's
    /// presentation request completes (*m* + 1: in time). The offsets step through one interval.
    struct X11LatchSweep {
        /// How far apart the offsets are, in nanoseconds.
        static let step: Int64 = 1_000_000
        /// Frames drawn at each offset.
        static let framesPerOffset = 12
        /// How long one completion may take to come.
        static let completionTimeout: Duration = .milliseconds(200)

        let interval: Int64

        /// Sweeps the offsets on `window`, drawing with `gles`, reading completions on `watch` (of the
        /// window's own connection).
        func run(window: X11Window, gles: X11EGLSurface, watch: X11PresentWatch) throws -> [X11LatchOffset] {
            defer { gles.releaseCurrent() }
            var refresh = try completion(on: watch, of: watch.notifyMSC(target: 0))
            var results: [X11LatchOffset] = []
            for offset in stride(from: Int64(0), to: interval, by: Int(Self.step)) {
                var result = X11LatchOffset(offset: offset)
                for _ in 0..<Self.framesPerOffset {
                    refresh = try completion(on: watch, of: watch.notifyMSC(target: refresh.msc + 1))
                    Self.sleep(until: refresh.ust + offset)
                    let frame = try X11PacingMeasurement.drawAndSwap(
                        gles, at: MonotonicInstant.now().nanoseconds)
                    let shown = try completion(on: watch, of: frame.serial)
                    if shown.msc == refresh.msc + 1 { result.inTime += 1 } else { result.late += 1 }
                    result.latencies.append(Double(shown.ust - frame.start) / 1e6)
                    refresh = shown
                }
                results.append(result)
            }
            return results
        }

        /// Waits for the completion of the request `serial`.
        private func completion(on watch: X11PresentWatch, of serial: UInt32) throws -> X11PacingRun.Shown {
            let deadline =
                MonotonicInstant.now().nanoseconds + Int64(Self.completionTimeout / .nanoseconds(1))
            while true {
                switch watch.nextEvent(until: deadline) {
                case .completed(let done) where done.serial == serial:
                    return X11PacingRun.Shown(msc: done.msc, ust: Int64(clamping: done.ust) * 1000)
                case .timedOut, .connectionLost, .destroyed, .unmapped, .woken:
                    throw ValidationError(
                        "--x11: no Present completion for the latch sweep's request \(serial)")
                default:
                    continue
                }
            }
        }

        /// Sleeps until `instant` (CLOCK_MONOTONIC nanoseconds).
        private static func sleep(until instant: Int64) {
            var time = timespec(tv_sec: Int(instant / 1_000_000_000), tv_nsec: Int(instant % 1_000_000_000))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
        }
    }
#endif
