import Foundation
import TestSupport
import Testing

@testable import FrameClock

@Suite("The real timer source (loose bounds only)")
struct RealTimerTests {
    @Test func timerLinkTicksOnItsGrid() throws {
        let link = try DisplayLink(source: .timer(framesPerSecond: 200))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        Thread.sleep(forTimeInterval: 0.5)
        link.invalidate()
        let countAtInvalidate = recorder.count
        Thread.sleep(forTimeInterval: 0.05)
        let frames = recorder.all
        // Loose: a loaded machine may skip, but half a second at 200 Hz gives well over 10 frames.
        #expect(frames.count > 10)
        #expect(frames.count <= countAtInvalidate + 1)  // at most the one callback already running
        let first = try #require(frames.first)
        for (previous, frame) in zip(frames, frames.dropFirst()) {
            #expect(frame.sequence > previous.sequence)
            #expect(Int64(frame.sequence - previous.sequence) == Int64(frame.skippedFrames) + 1)
        }
        for frame in frames {
            // Every timestamp is on the 5 ms grid of the first one (to the nanosecond's rounding).
            let offset = frame.timestamp.nanoseconds - first.timestamp.nanoseconds
            let ticks = Int64(frame.sequence - first.sequence)
            #expect(abs(offset - ticks * 5_000_000) <= 1)
            #expect(frame.targetTimestamp - frame.timestamp == .milliseconds(5))
            #expect(frame.lateness >= .zero)
        }
        let report = try #require(link.threadReport)
        #expect(report.timerSlackNanoseconds == 1)
        #expect(link.sourceInfo.kind == .timer)
    }

    /// The public path with the device path injected: a link whose latency device cannot be opened
    /// runs all the same, and its thread report says why, as it does for a refused `SCHED_FIFO`.
    @Test func timerLinkWithoutALatencyDeviceRunsAndSaysWhy() throws {
        var options = FrameThreadOptions(sharesThread: false)
        options.latencyDevicePath = "/nonexistent/cpu_dma_latency"
        let link = try DisplayLink(source: .timer(framesPerSecond: 200), options: options)
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        Thread.sleep(forTimeInterval: 0.2)
        link.invalidate()
        #expect(recorder.count > 5)
        let report = try #require(link.threadReport)
        #expect(!report.latencyOnDemandGranted)
        #expect(report.latencyOnDemandRefusal == "ENOENT opening /nonexistent/cpu_dma_latency")
        #expect("\(report)".contains("no latency on demand (ENOENT opening /nonexistent/cpu_dma_latency)"))
    }

    @Test func pausedTimerLinkDeliversNothing() throws {
        let link = try DisplayLink(source: .timer(framesPerSecond: 500))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        Thread.sleep(forTimeInterval: 0.1)
        link.isPaused = true
        Thread.sleep(forTimeInterval: 0.02)  // a callback in flight may still land
        let paused = recorder.count
        Thread.sleep(forTimeInterval: 0.2)
        #expect(recorder.count == paused)
        link.isPaused = false
        Thread.sleep(forTimeInterval: 0.1)
        #expect(recorder.count > paused)
        link.invalidate()
    }

    @Test func preciseModeRuns() throws {
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 100, precision: .precise(spinWindow: .microseconds(300))))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        Thread.sleep(forTimeInterval: 0.3)
        link.invalidate()
        #expect(recorder.count > 5)
        #expect(link.sourceInfo.name.contains("precise"))
    }

    @Test func startPauseRateAndInvalidateFromManyThreadsAtOnce() async throws {
        for _ in 0..<20 {
            let link = try DisplayLink(
                source: .timer(framesPerSecond: 1000), options: FrameThreadOptions(realtimePriority: nil))
            let recorder = FrameRecorder()
            try link.start(recorder.record)
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        for step in 0..<200 {
                            switch (worker + step) % 5 {
                            case 0: link.isPaused = true
                            case 1: link.isPaused = false
                            case 2: link.preferredFramesPerSecond = [0, 500, 250, 100][step % 4]
                            case 3: _ = link.statistics
                            default: if step == 150 { link.invalidate() }
                            }
                        }
                    }
                }
            }
            link.invalidate()
            #expect(throws: DisplayLinkError.invalidated) { try link.start { _ in } }
            let settled = recorder.count
            try await Task.sleep(for: .milliseconds(20))
            #expect(recorder.count <= settled + 1)
            let sequences = recorder.all.map(\.sequence)
            #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test func manualSourceDrivenWhileOtherThreadsChangeTheLinks() async throws {
        let source = try ManualFrameSource(framesPerSecond: 240)
        let links = try (0..<16).map { _ in try DisplayLink(source: .manual(source)) }
        let recorders = links.map { _ in FrameRecorder() }
        for (link, recorder) in zip(links, recorders) { try link.start(recorder.record) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { source.advance(by: .seconds(20)) }
            for (index, link) in links.enumerated() {
                group.addTask {
                    for step in 0..<100 {
                        link.isPaused = step % 2 == 0
                        link.preferredFramesPerSecond = [0, 120, 60][(index + step) % 3]
                    }
                    if index % 2 == 0 { link.invalidate() }
                }
            }
        }
        for recorder in recorders {
            let frames = recorder.all
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        }
        for link in links { link.invalidate() }
    }
}
