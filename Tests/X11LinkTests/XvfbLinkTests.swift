import Foundation
import TestSupport
import Testing
import WestonFixture
import X11

@testable import FrameClock

/// Display links on X11 windows under Xvfb (its fake CRTC ticks from a timer): the cadence, and
/// what happens to a link when its window or its server goes away. One at a time: each starts its own
/// server and runs frames in real time.
@Suite(
    "Display links under Xvfb", .serialized,
    .enabled(if: XServerAvailability.xvfbTestsRun, Comment(rawValue: XServerAvailability.xvfbSkipReason)),
    .timeLimit(.minutes(2)))
struct XvfbLinkTests {
    /// A frame-to-frame gap this many fake-CRTC intervals long is a stall of the server or of the
    /// completions' delivery, counted apart from the wake-ups the link missed.
    static let serverStallIntervals = 10.0

    @Test(
        "300 frames on the library's window: at the fake CRTC's rate, each pixmap's completion in the timeline (skips reported)"
    )
    func threeHundredFrames() throws {
        let server = try XvfbServer()
        let connection = try X11Connection(display: server.display)
        #expect(connection.presentVersion.major >= 1)
        let window = try X11Window(connection: connection, title: "xvfb-link", width: 160, height: 120)
        let run = try X11LinkRun(window: window)
        try run.start()
        try #require(run.waitForFrames(300), "300 frames within 20 s")
        _ = run.waitUntil(timeout: .milliseconds(200)) { false }
        // Completions read after this moment may not be in the timeline taken now.
        let timelineTakenAt = monotonicNow()
        let timeline = run.link.timeline
        let statistics = run.link.statistics
        let info = run.link.sourceInfo
        let bogus = run.source?.bogusCompletions ?? -1
        run.stop()

        let frames = Array(run.frames.prefix(300))
        let figures = X11RunFigures(frames: frames, skipped: frames.reduce(0) { $0 + $1.frame.skippedFrames })
        print("Xvfb, library window, 300 frames: \(figures); source \(info)")
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(info.kind == .x11, "\(info)")
        #expect(frames.allSatisfy { $0.kind == .x11 })
        #expect(figures.duplicates == 0)
        // Xvfb's fake CRTC fires from a timer whatever the client does: when the thread is held off
        // (the real-time suites beside this test run in parallel, and a load average misses a burst
        // of them), a NotifyMSC can reach the server after its MSC has passed and the frame skips.
        // How many do is a real-time figure, reported with the load.
        let test = "Xvfb, library window, 300 frames"
        let load = X11LinkTestsSupport.machineIsBusy() ? "above" : "within"
        // The fake CRTC's rate: about 60 Hz (16.3 ms measured in research/x11).
        let p50 = X11RunFigures.quantile(figures.gaps, 0.5)
        // One gap of a second (60 refreshes, no failover) was seen once on an idle CI machine; whether
        // Xvfb's timer or the completion's delivery stalled is open (issue 42's note). Such a gap is
        // printed and kept out of the skip rule; the rest are held to it.
        let serverStalls = figures.gaps.filter { $0 >= Self.serverStallIntervals * p50 }
        let skippedInStalls = serverStalls.reduce(0) { $0 + Int(($1 / p50).rounded()) - 1 }
        if !serverStalls.isEmpty {
            print(
                "Xvfb: its fake CRTC stalled \(serverStalls) ms, \(skippedInStalls) refreshes skipped in them"
            )
        }
        let skipped = figures.skipped - skippedInStalls
        RealTimeFigures.report(
            test, "refreshes skipped (load \(load) the cores)", skipped,
            isUsual: skipped <= frames.count / 100, usual: "≤ 1 %")
        #expect(bogus == 0)
        #expect(p50 > 15 && p50 < 18, "\(figures)")
        #expect(abs(info.framesPerSecond - 1000 / p50) < 2, "\(info) against \(p50) ms")
        // Every pixmap completion the source read is its frame's presentation in the timeline.
        let presented = X11LinkTestsSupport.joinPixmapCompletions(
            run, timeline: timeline, readBefore: timelineTakenAt)
        #expect(presented.missing.isEmpty, "completions not in the timeline: \(presented.missing.prefix(5))")
        #expect(presented.joined > 0, "no presentation joined")
        RealTimeFigures.report(
            test, "presentations joined", presented.joined, isUsual: presented.joined >= 280, usual: "≥ 280")
        #expect(statistics.framesDelivered >= 300)
    }

    @Test(
        "The X server killed mid-run: the link goes on with the timer and says why, the frames still pending are not presented"
    )
    func serverKilled() throws {
        let server = try XvfbServer()
        let connection = try X11Connection(display: server.display)
        let window = try X11Window(connection: connection, title: "killed", width: 64, height: 64)
        let run = try X11LinkRun(window: window)
        try run.start()
        try #require(run.waitForFrames(30))
        let killedAt = monotonicNow()
        server.kill(signal: SIGKILL)
        let failedOver = run.waitUntil(timeout: .seconds(3)) { run.link.sourceInfo.kind == .timer }
        let before = run.frames.count
        let goesOn = run.waitUntil(timeout: .seconds(2)) { run.frames.count >= before + 20 }
        let info = run.link.sourceInfo
        let timeline = run.link.timeline
        run.stop()
        print("Xvfb killed: \(info)")
        #expect(failedOver, "\(info)")
        #expect(goesOn, "frames after the failover")
        guard case .failedOver(let from, let failure) = info.reason else {
            Issue.record("reason: \(info.reason)")
            return
        }
        #expect(from.contains("X11 window"))
        #expect(failure.contains("X server"), "\(failure)")
        // Nothing left pending from the X11 frames: each was presented, or is not presented with the reason.
        let pending = timeline.entries.filter {
            $0.callbackStart.nanoseconds < killedAt && $0.outcome == .pending
        }
        #expect(pending.isEmpty, "\(pending.map(\.sequence))")
    }

    @Test("The window destroyed by its client while its link runs: a failover with the reason, no hang")
    func windowDestroyed() throws {
        let server = try XvfbServer()
        let client = try X11Connection(display: server.display)
        let toolkitWindow = try X11Window(connection: client, title: "toolkit", width: 64, height: 64)
        let run = try X11LinkRun(display: server.display, xid: toolkitWindow.id, own: nil)
        try run.start()
        try #require(run.waitForFrames(20))
        toolkitWindow.close()
        let failedOver = run.waitUntil(timeout: .seconds(3)) { run.link.sourceInfo.kind == .timer }
        let info = run.link.sourceInfo
        let before = run.frames.count
        let goesOn = run.waitUntil(timeout: .seconds(2)) { run.frames.count >= before + 10 }
        run.stop()
        print("window destroyed: \(info)")
        #expect(failedOver, "\(info)")
        #expect(goesOn)
        #expect("\(info.reason)".contains("destroyed"), "\(info.reason)")
    }

    @Test("The window unmapped while its link runs: a failover with the reason, no hang")
    func windowUnmapped() throws {
        let server = try XvfbServer()
        let client = try X11Connection(display: server.display)
        let toolkitWindow = try X11Window(connection: client, title: "toolkit", width: 64, height: 64)
        let run = try X11LinkRun(display: server.display, xid: toolkitWindow.id, own: nil)
        try run.start()
        try #require(run.waitForFrames(20))
        toolkitWindow.unmap()
        let failedOver = run.waitUntil(timeout: .seconds(3)) { run.link.sourceInfo.kind == .timer }
        let info = run.link.sourceInfo
        run.stop()
        print("window unmapped: \(info)")
        #expect(failedOver, "\(info)")
        #expect("\(info.reason)".contains("unmapped"), "\(info.reason)")
    }

    @Test("A window never mapped: the link cannot be made, with a typed error that says so, at once")
    func neverMapped() throws {
        let server = try XvfbServer()
        let client = try X11Connection(display: server.display)
        let hidden = try X11Window(connection: client, title: "hidden", width: 64, height: 64, mapped: false)
        let started = monotonicNow()
        #expect {
            _ = try DisplayLink(source: .x11(display: server.display, window: hidden.id))
        } throws: { error in
            guard case DisplayLinkError.sourceUnavailable(let why) = error else { return false }
            print("never mapped: \(why)")
            return why.contains("not mapped")
        }
        #expect(monotonicNow() - started < 1_500_000_000)
    }

    @Test("A window that does not exist, and a display nobody serves: typed errors")
    func noSuchWindowOrServer() throws {
        let server = try XvfbServer()
        #expect(throws: X11Error.noSuchWindow(0x7f_0001)) {
            _ = try X11PresentWatch(display: server.display, window: 0x7f_0001)
        }
        #expect {
            _ = try X11Connection(display: ":159")
        } throws: { error in
            guard case X11Error.connectFailed(let display, _) = error else { return false }
            return display == ":159"
        }
        #expect {
            _ = try DisplayLink(source: .x11(display: server.display, window: 0x7f_0001))
        } throws: { error in
            guard case DisplayLinkError.sourceUnavailable(let why) = error else { return false }
            return why.contains("does not exist")
        }
    }
}

/// What the X11 link tests share.
enum X11LinkTestsSupport {
    /// Whether the machine's one-minute load average is above its processor count (read from
    /// /proc/loadavg; false when it cannot be read).
    static func machineIsBusy() -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
            let first = text.split(separator: " ").first, let load = Double(first)
        else { return false }
        return load > Double(ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Joins each trusted pixmap completion the source read before `readBefore` (when the timeline
    /// was taken) to the frame it was armed for: `missing` lists the ones whose frame's timeline entry
    /// does not hold that presentation.
    static func joinPixmapCompletions(_ run: X11LinkRun, timeline: FrameTimeline, readBefore: Int64) -> (
        joined: Int, missing: [String]
    ) {
        var joined = 0
        var missing: [String] = []
        for (completion, tag) in run.presentCompletions where completion.kind == .pixmap {
            guard completion.ust != 0, completion.mode != .skip, completion.receivedAt < readBefore, let tag
            else { continue }
            guard let entry = timeline.entry(sequence: UInt64(tag)) else { continue }
            if entry.presented?.nanoseconds == completion.ustNanoseconds {
                joined += 1
            } else {
                missing.append(
                    "serial \(completion.serial) msc \(completion.msc) → frame \(tag): \(String(describing: entry.presented))"
                )
            }
        }
        return (joined, missing)
    }

    /// The p95 of the distance, in milliseconds, of `completions`' USTs (one per MSC, the first
    /// `dropping` left out) from the least-squares line through them, MSC against UST: how far the
    /// server's own timestamps scatter around a steady refresh.
    static func ustScatter(_ completions: [X11PresentCompletion], dropping: Int) -> Double {
        var seen = Set<UInt64>()
        let points = completions.filter { $0.ust != 0 && seen.insert($0.msc).inserted }
            .sorted { $0.msc < $1.msc }.dropFirst(dropping)
        guard let first = points.first, points.count >= 3 else { return .nan }
        let xs = points.map { Double($0.msc) - Double(first.msc) }
        let ys = points.map { (Double($0.ust) - Double(first.ust)) / 1000 }
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        let sxx = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        let slope = sxy / sxx
        let residuals = zip(xs, ys).map { abs($0.1 - (meanY + slope * ($0.0 - meanX))) }.sorted()
        return X11RunFigures.quantile(residuals, 0.95)
    }
}
