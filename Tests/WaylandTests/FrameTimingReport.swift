import Foundation
import Wayland

/// The figures of one frame run, printed for docs/wayland-pacing.md (never asserted on).
struct FrameTimingReport {
    let driver: FrameDriver

    /// Prints the callback interval, commit → presented, presented → read and the conversion bound.
    func print() {
        let callbacks = driver.callbacks
        let readIntervals = zip(callbacks.dropFirst(), callbacks).map {
            Double($0.receivedAt - $1.receivedAt) / 1e6
        }
        let stampIntervals = zip(callbacks.dropFirst(), callbacks).map {
            Double($0.callbackTime &- $1.callbackTime)
        }
        let presented = driver.presented
        let presentedIntervals = zip(presented.dropFirst(), presented).map { Double($0.time - $1.time) / 1e6 }
        let latencies = presented.compactMap { frame in
            driver.commitTimes[frame.feedbackID].map { Double(frame.time - $0) / 1e6 }
        }
        let delivery = presented.map { Double($0.receivedAt - $0.time) / 1e6 }
        let bounds = presented.map { Double($0.conversionErrorBound) / 1e3 }
        Swift.print(
            """
            Wayland frame timing over \(callbacks.count) frames (weston headless, repaint-window 16):
              frame callback interval, as read:       \(Self.summary(readIntervals)) ms
              frame callback interval, callback_data: \(Self.summary(stampIntervals)) ms
              presented interval:                     \(Self.summary(presentedIntervals)) ms
              commit → presented:                     \(Self.summary(latencies)) ms
              presented → event read:                 \(Self.summary(delivery)) ms
              conversion error bound:                 \(Self.summary(bounds)) µs
            """)
    }

    /// "median m (p90 x, min a, max b)".
    static func summary(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "none" }
        let sorted = values.sorted()
        func at(_ fraction: Double) -> Double {
            sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
        func text(_ value: Double) -> String { String(format: "%.3f", value) }
        return
            "median \(text(at(0.5))) (p90 \(text(at(0.9))), min \(text(sorted[0])), max \(text(sorted[sorted.count - 1])))"
    }
}
