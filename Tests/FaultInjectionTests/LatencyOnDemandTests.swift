import Foundation
import Testing

@testable import FrameClock
@testable import VirtualKernel

/// Latency on demand in virtual time: the frame thread writes its CPU-latency request to a device
/// path the test injects (a plain file records what was written; other paths cannot be opened or
/// written), on the real frame thread, over the scripted kernel's clock.
@Suite("Latency on demand: a CPU-latency request held from the rehearsal wake-up to the tick")
struct LatencyOnDemandTests {
    /// A new empty file standing in for /dev/cpu_dma_latency.
    final class RecordingDevice: Sendable {
        let path: String

        init() {
            path =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("cpu-dma-latency-\(UUID().uuidString)").path
            _ = FileManager.default.createFile(atPath: path, contents: Data())
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// The values written so far, in order.
        var written: [Int32] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            return stride(from: 0, to: bytes.count - 3, by: 4).map { offset in
                bytes[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
            }
        }

        /// Options that write the request here.
        var options: FrameThreadOptions { LatencyOnDemandTests.options(devicePath: path) }
    }

    static func options(devicePath: String, on: Bool = true) -> FrameThreadOptions {
        var options = FrameThreadOptions(realtimePriority: nil, latencyOnDemand: on)
        options.latencyDevicePath = devicePath
        return options
    }

    /// Whether `values` are whole pairs of a hold (0) and its release (-1): the request is withdrawn.
    static func isReleasedPairs(_ values: [Int32]) -> Bool {
        values.count.isMultiple(of: 2)
            && values.enumerated().allSatisfy { $0.element == ($0.offset.isMultiple(of: 2) ? 0 : -1) }
    }

    /// What the device had been written when each callback started: every callback starts with the
    /// request withdrawn, and each frame after the first was preceded by a hold (a rehearsal before
    /// every tick waited for). A wait that the control channel cut short rehearses again when it
    /// waits anew, so a frame may follow two windows (seen once under the thread sanitizer).
    static func expectOneWindowPerFrame(_ atCallbacks: [[Int32]]) {
        #expect(atCallbacks.allSatisfy(isReleasedPairs))
        for (earlier, later) in zip(atCallbacks, atCallbacks.dropFirst()) {
            #expect(later.count >= earlier.count + 2)
        }
        if let first = atCallbacks.first, let last = atCallbacks.last, atCallbacks.count > 1 {
            // Nearly always one window a frame: at most one extra in the run.
            #expect(last.count - first.count <= 2 * (atCallbacks.count - 1) + 2)
        }
    }

    @Test("the standard timer holds 0 from each rehearsal and withdraws it before every callback")
    func standardTimer() throws {
        let device = RecordingDevice()
        let seen = Locked<[[Int32]]>([])
        let outcome = try LinkHarness.runTimer(
            ScriptedKernel(), precision: .standard, frames: 20, options: device.options
        ) { _ in
            seen.withLock { $0.append(device.written) }
        }
        #expect(outcome.frames.count == 20)
        Self.expectOneWindowPerFrame(seen.withLock { $0 })
        #expect(Self.isReleasedPairs(device.written))
        let report = try #require(outcome.threadReport)
        #expect(report.latencyOnDemandGranted && report.latencyOnDemandRefusal == nil)
        #expect(report.description.hasSuffix(", latency on demand"))
    }

    @Test("the DRM source holds 0 from its warm-up wake-up and withdraws it before every callback")
    func drmSource() throws {
        let device = RecordingDevice()
        let seen = Locked<[[Int32]]>([])
        let outcome = try LinkHarness.run(ScriptedKernel(), frames: 10, options: device.options) { _ in
            seen.withLock { $0.append(device.written) }
        }
        #expect(outcome.frames.count == 10)
        Self.expectOneWindowPerFrame(seen.withLock { $0 })
        #expect(outcome.threadReport?.latencyOnDemandGranted == true)
    }

    @Test("the low-power timer never asks: it has no early wake-up to ask at")
    func lowPowerNeverAsks() throws {
        let device = RecordingDevice()
        let outcome = try LinkHarness.runTimer(
            ScriptedKernel(), precision: .lowPower, frames: 10, options: device.options)
        #expect(outcome.frames.count == 10)
        #expect(device.written.isEmpty)
    }

    @Test("only the standard timer and DRM sources hold the request; the precise timer spins instead")
    func whichSourcesHold() throws {
        let grid = TickGrid(
            anchorSequence: 0, anchorTimestamp: 0,
            period: FramePeriod(uncheckedNumerator: 10_000_000, denominator: 1))
        func timer(_ precision: TimerPrecision, lead: Int64 = 300_000) throws -> Bool {
            let source = try TimerTickSource(
                grid: grid, precision: precision, control: try ControlChannel(), system: SteppingTimer(),
                warmUpLead: lead)
            defer { source.close() }
            return source.holdsLatencyBeforeTicks
        }
        #expect(try timer(.standard))
        #expect(try !timer(.standard, lead: 0))
        #expect(try !timer(.precise()))
        #expect(try !timer(.lowPower))
        let kernel = ScriptedKernel()
        let drm = try DRMTickSource(system: kernel, crtc: ScriptedKernel.crtc, control: ControlChannel())
        defer { drm.close() }
        #expect(drm.holdsLatencyBeforeTicks)
    }

    @Test("turned off, the device is not even opened, and the report says so")
    func turnedOff() throws {
        let outcome = try LinkHarness.runTimer(
            ScriptedKernel(), precision: .standard, frames: 5,
            options: Self.options(devicePath: "/nonexistent/cpu_dma_latency", on: false))
        #expect(outcome.frames.count == 5)
        let report = try #require(outcome.threadReport)
        #expect(!report.latencyOnDemandGranted && report.latencyOnDemandRefusal == "turned off")
        #expect(report.description.hasSuffix("no latency on demand (turned off)"))
    }

    @Test(
        "without a device it can open, the link runs as without the option and the report says why",
        arguments: [
            ("/nonexistent/cpu_dma_latency", "ENOENT opening /nonexistent/cpu_dma_latency"),
            ("/", "EISDIR opening /"),
        ])
    func cannotOpen(path: String, reason: String) throws {
        let outcome = try LinkHarness.runTimer(
            ScriptedKernel(), precision: .standard, frames: 10, options: Self.options(devicePath: path))
        #expect(outcome.frames.count == 10)
        #expect(outcome.frames.map(\.skippedFrames).allSatisfy { $0 == 0 })
        let report = try #require(outcome.threadReport)
        #expect(!report.latencyOnDemandGranted)
        #expect(report.latencyOnDemandRefusal == reason)
        #expect(report.description.hasSuffix("no latency on demand (\(reason))"))
        #expect(outcome.warnings.isEmpty)
    }

    @Test("a device that fails a write is given up: the frames go on, the report and a warning say why")
    func writeFails() throws {
        // /dev/full opens for writing and fails every write with ENOSPC.
        let outcome = try LinkHarness.runTimer(
            ScriptedKernel(), precision: .standard, frames: 10, options: Self.options(devicePath: "/dev/full")
        )
        #expect(outcome.frames.count == 10)
        let report = try #require(outcome.threadReport)
        #expect(!report.latencyOnDemandGranted)
        #expect(report.latencyOnDemandRefusal == "ENOSPC writing 0 to /dev/full")
        #expect(outcome.warnings.count == 1)
        #expect(
            outcome.warnings.first?.contains("latency on demand given up: ENOSPC writing 0 to /dev/full")
                == true)
    }
}
