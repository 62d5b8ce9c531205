import ArgumentParser
internal import CVBlankLoop
import DRM
import Dispatch
import FrameClock
import Synchronization
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// `vblank-latency`: how late a display link's callback runs after the kernel's vblank timestamp,
/// beside a plain C libdrm loop (queue the next vblank, poll, read) measured in the same run,
/// alternating block by block between the two. Reports p50 and p99 of each and their ratio.
@main
struct VBlankLatency: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vblank-latency",
        abstract:
            "Display-link callback lateness after the kernel's vblank timestamp, against a plain C libdrm loop."
    )

    @Option(help: "The DRM device (default: the first card with a lit CRTC, or card0, lit if needed).")
    var device: String?

    @Option(help: "Frames per block; blocks alternate between the link and the C loop.")
    var framesPerBlock = 60

    @Option(help: "Blocks of each kind.")
    var blocks = 8

    @Option(help: "Frames dropped at the start of each block (warm-up).")
    var warmup = 2

    @Flag(help: "Use drmWaitVBlank in the C loop instead of drmCrtcQueueSequence.")
    var waitVBlank = false

    @Flag(help: "Do not light a dark CRTC (by default the first connector's preferred mode is set).")
    var noLight = false

    mutating func run() throws {
        let target = try Display.prepare(path: device, light: !noLight)
        defer { target.release() }
        print(
            "vblank-latency: \(target.path) \(target.crtc), \(blocks) × \(framesPerBlock) frames each, alternating"
        )
        var linkSamples: [Int64] = []
        var cSamples: [Int64] = []
        var linkMissed: UInt64 = 0
        var cMissed: UInt64 = 0
        var thread = "?"
        for block in 0..<blocks {
            // Alternate which goes first, so that neither always follows the other's wind-down.
            let order = block % 2 == 0 ? [true, false] : [false, true]
            for isLink in order {
                if isLink {
                    let result = try Self.measureLink(
                        path: target.path, crtc: target.crtc.id, frames: framesPerBlock)
                    linkSamples += result.lateness.dropFirst(warmup)
                    linkMissed += result.missed
                    thread = result.thread
                } else {
                    let result = try Self.measureC(
                        path: target.path, crtc: target.crtc, frames: framesPerBlock, waitVBlank: waitVBlank)
                    cSamples += result.lateness.dropFirst(warmup)
                    cMissed += result.missed
                }
            }
        }
        let link = Summary(linkSamples)
        let c = Summary(cSamples)
        print("")
        print(
            "| callback start after the kernel's vblank | frames | missed | p50 µs | p99 µs | mean µs | max µs |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        print(link.row("FrameClock DisplayLink(.drm) callback", missed: linkMissed))
        print(
            c.row(
                "C libdrm loop (\(waitVBlank ? "drmWaitVBlank" : "drmCrtcQueueSequence") + poll + read + parse)",
                missed: cMissed))
        let p50 = c.p50 > 0 ? Double(link.p50) / Double(c.p50) : .nan
        let p99 = c.p99 > 0 ? Double(link.p99) / Double(c.p99) : .nan
        print("")
        print(
            "ratio link / C: p50 \(Summary.format(p50, digits: 2)), p99 \(Summary.format(p99, digits: 2)) (goal ≤ 1.1)"
        )
        print("link frame thread: \(thread)")
        #if DEBUG
            print("build: debug (a release build, swift build -c release, shows the link's own cost better)")
        #else
            print("build: release")
        #endif
    }

    /// Callback lateness of a display link on the DRM source, for `frames` frames.
    static func measureLink(path: String, crtc: UInt32, frames: Int) throws -> (
        lateness: [Int64], missed: UInt64, thread: String
    ) {
        let link = try DisplayLink(source: .drm(device: path, crtc: crtc))
        let samples = Mutex<[(Int64, UInt64, Int)]>([])
        // The measuring thread sleeps on a semaphore: no wake-ups beside the frame thread's.
        let done = DispatchSemaphore(value: 0)
        try link.start { frame in
            let components = frame.lateness.components
            let lateness = components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
            let count = samples.withLock { list in
                list.append((lateness, frame.sequence, frame.skippedFrames))
                return list.count
            }
            if count == frames { done.signal() }
        }
        _ = done.wait(timeout: .now() + .milliseconds(frames * 100))
        let thread = link.threadReport.map { "\($0)" } ?? "no thread report"
        let source = link.sourceInfo
        link.invalidate()
        guard source.kind == .drm else {
            throw ValidationError("the link left the DRM source: \(source.reason)")
        }
        let list = samples.withLock { $0 }
        return (list.map(\.0), UInt64(list.dropFirst().map(\.2).reduce(0, +)), thread)
    }

    /// Wake-up lateness of the plain C loop, for `frames` vblanks, with the same scheduling as the
    /// link's frame thread (SCHED_FIFO 10 where permitted).
    static func measureC(path: String, crtc: DRMCRTC, frames: Int, waitVBlank: Bool) throws -> (
        lateness: [Int64], missed: UInt64
    ) {
        var lateness = [Int64](repeating: 0, count: frames)
        var missed: UInt64 = 0
        let result = lateness.withUnsafeMutableBufferPointer { buffer in
            vbl_c_loop(
                path, crtc.id, Int32(crtc.index), Int32(frames), waitVBlank ? 1 : 0, 10, buffer.baseAddress,
                &missed)
        }
        if result != 0 {
            throw ValidationError(
                "C loop failed: \(DRMError(call: "vbl_c_loop", errno: Errno(rawValue: result), detail: path))"
            )
        }
        return (lateness, missed)
    }
}
