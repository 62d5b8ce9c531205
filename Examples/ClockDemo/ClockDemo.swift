import ArgumentParser
import FrameClock
import Histogram
import Logging

/// The placeholder clock demo: runs a display link and prints a line a second.
@main
struct ClockDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock-demo",
        abstract: "Runs a FrameClock display link and prints its pacing once a second.")

    @Option(help: "Frames per second of the timer source.")
    var fps: Double = 60

    @Option(help: "Seconds to run (0: until interrupted).")
    var duration: Double = 0

    mutating func validate() throws {
        guard fps.isFinite, fps > 0 else {
            throw ValidationError("--fps must be a positive number, not \(fps)")
        }
        guard duration.isFinite, duration >= 0 else {
            throw ValidationError("--duration must be zero or a positive number of seconds, not \(duration)")
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let link = try DisplayLink(source: .timer(framesPerSecond: fps))
        print("source: \(link.sourceInfo)")
        var histogram = Histogram<UInt64>(
            highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
        var frames = 0
        var skipped = 0
        var lastReport: MonotonicInstant? = nil
        let end = duration > 0 ? MonotonicInstant.now() + .nanoseconds(Int64(duration * 1e9)) : nil
        for await frame in link.frames {
            frames += 1
            skipped += frame.skippedFrames
            histogram.record(UInt64(max(0, frame.lateness.wholeNanoseconds)))
            if let lastReport, frame.timestamp - lastReport < .seconds(1) {
            } else {
                if lastReport != nil {
                    let p50 = Double(histogram.valueAtPercentile(50)) / 1000
                    let p99 = Double(histogram.valueAtPercentile(99)) / 1000
                    print(
                        "frames \(frames)  rate \(link.framesPerSecond) Hz  lateness p50 \(p50) µs p99 \(p99) µs  skipped \(skipped)"
                    )
                }
                lastReport = frame.timestamp
            }
            if let end, frame.timestamp >= end { break }
        }
        link.invalidate()
    }
}
