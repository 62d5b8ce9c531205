import Foundation
import TestSupport
import Testing
import Wayland
import WestonFixture

@testable import FrameClock

/// What a link did around moves of its window, measured from the frames it delivered.
struct MoveReport {
    /// Frames on the callbacks from the first after the move request to the first that saw the new
    /// output (1: the frame right after the one whose commit carried the move); frames on the timer
    /// meanwhile (a callback overdue on a loaded machine) are not counted: nothing shows them.
    var framesUntilFollowed: Int?
    /// The median of the 20 intervals between the vsyncs (``Frame/timestamp``, the presentation
    /// grid points the link's callbacks follow) of the frames from the 10th on the callbacks after
    /// the one that followed the move (the cadence "reached within about ten frames"), in ms; nil
    /// when fewer frames came. The link's cadence, not the test thread's: when the callbacks
    /// themselves start late on a loaded machine (the whole suite runs beside these tests), their
    /// start times swing by milliseconds while the frames they carry stay on the compositor's grid.
    var settledInterval: Double?
    /// The median interval between the compositor's own presentations of the window over those
    /// frames (its presentation feedback), in ms; nil when fewer than 20 were reported.
    var presentedInterval: Double?
    /// The median of the last 40 callback intervals before the move, in ms.
    var before: Double
    /// The p95 lateness of the callbacks after the move, in ms.
    var latenessP95: Double

    /// Measures the move at `movedAt` in `frames`, to the output of `millihertz`, until `end`, with
    /// the compositor's `presentations`.
    init(
        _ frames: [WindowLinkRun.Delivered], presentations: [WindowLinkRun.Observed], movedAt: Int64,
        to millihertz: Int, until end: Int64
    ) {
        let after = frames.filter { $0.calledAt > movedAt && $0.calledAt < end }
        let onCallbacks = after.filter { $0.kind == .wayland }
        framesUntilFollowed = onCallbacks.firstIndex { $0.output?.refreshMillihertz == millihertz }
        let earlier = frames.filter { $0.calledAt <= movedAt }.suffix(41)
        before = TimingSummary.median(
            zip(earlier, earlier.dropFirst()).map { Double($1.calledAt - $0.calledAt) / 1e6 })
        let settled = Array(onCallbacks.dropFirst((framesUntilFollowed ?? onCallbacks.count) + 10).prefix(21))
        if settled.count == 21, let first = settled.first?.calledAt, let last = settled.last?.calledAt {
            settledInterval = TimingSummary.median(
                zip(settled, settled.dropFirst()).map {
                    Double($1.frame.timestamp.nanoseconds - $0.frame.timestamp.nanoseconds) / 1e6
                })
            // The presentations of the commits those frames made: from the first frame's to the last's.
            let shown = presentations.map(\.frame.time).filter { $0 > first && $0 <= last + 40_000_000 }
                .prefix(21)
            if shown.count == 21 {
                presentedInterval = TimingSummary.median(
                    zip(shown, shown.dropFirst()).map { Double($1 - $0) / 1e6 })
            }
        }
        let lateness = after.map { Double($0.frame.lateness.wholeNanoseconds) / 1e6 }.sorted()
        latenessP95 = lateness.isEmpty ? 0 : lateness[min(lateness.count - 1, lateness.count * 95 / 100)]
    }
}

/// Collects a link's ``DisplayLink/sourceChanges`` as they come (a consumer slower than them would
/// get only the newest eight).
final class ChangeCollector: Sendable {
    private let task: Task<[FrameSourceInfo], Never>

    /// Subscribes to `link`'s changes, at once (a task's iterator would subscribe only when the task
    /// first runs, which on a busy machine can be after the first changes).
    init(_ link: DisplayLink) {
        let changes = Self.subscribe(to: link)
        task = Task {
            var seen: [FrameSourceInfo] = []
            for await change in changes { seen.append(change) }
            return seen
        }
    }

    /// `link`'s changes from now on, as a ``DisplayLink/sourceChanges`` consumer sees them.
    static func subscribe(to link: DisplayLink) -> AsyncStream<FrameSourceInfo> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: FrameSourceInfo.self, bufferingPolicy: .unbounded)
        link.addSourceWatcher(continuation)
        return stream
    }

    /// Every change, once the link has been invalidated.
    func all() async -> [FrameSourceInfo] {
        await task.value
    }
}

extension MutterLinkTests {
    @Suite("A window moved between outputs of different refresh rates")
    struct MixedRefreshTests {
        /// How near the nominal period mutter's own presentations must be for the link's cadence to
        /// be judged against that period rather than against the presentations alone.
        static let compositorKeptPeriodTolerance = 0.05

        /// "7.012 / 6.998": a report's settled callback and presentation intervals, for the log.
        static func figures(_ report: MoveReport) -> String {
            [report.settledInterval, report.presentedInterval].map {
                $0.map { String(format: "%.3f", $0) } ?? "–"
            }
            .joined(separator: " / ")
        }

        /// The nominal intervals of the two outputs, in ns.
        let slow = 16_666_667.0
        let fast = 6_944_445.0

        @Test(
            "moved 60 → 144 → 60 Hz: the link reports each output within two frames of the move, no frame twice, no burst, every skip counted, the cadence follows (printed)"
        )
        func movesAndFollows() async throws {
            let session = try MutterSession(title: "mixed")
            let run = try session.link()
            let changes = ChangeCollector(run.link)
            try run.start()
            try #require(
                run.waitUntil(timeout: .seconds(10)) {
                    run.frames.count >= 60 && run.frames.last?.output?.refreshMillihertz == 60_000
                }, "the link runs on the 60 Hz output")

            let toFast = monotonicNow()
            try session.window.setFullscreen(on: session.fast)
            usleep(1_500_000)
            // The window knows where it is (wl_surface.enter and leave).
            #expect(session.window.outputs.map(\.globalName) == [session.fast.globalName])
            #expect(session.fast.x != session.slow.x || session.fast.y != session.slow.y, "side by side")
            let toSlow = monotonicNow()
            try session.window.setFullscreen(on: session.slow)
            usleep(1_500_000)
            #expect(session.window.outputs.map(\.globalName) == [session.slow.globalName])
            let end = monotonicNow()
            run.stop()
            let seen = await changes.all()

            let frames = run.frames
            #expect(run.errors.isEmpty, "\(run.errors)")
            // Frames on the timer are counted below (a 144 Hz callback overdue under load moves the
            // link to the timer for a frame or two), not excluded.
            print("frames on the timer: \(frames.filter { $0.kind == .timer }.count) of \(frames.count)")
            let presentations = run.presentations
            let there = MoveReport(
                frames, presentations: presentations, movedAt: toFast, to: 144_000, until: toSlow)
            let back = MoveReport(
                frames, presentations: presentations, movedAt: toSlow, to: 60_000, until: end)
            print(
                "mutter 60 → 144 → 60 Hz: followed \(there.framesUntilFollowed.map(String.init) ?? "never") and "
                    + "\(back.framesUntilFollowed.map(String.init) ?? "never") frames after the first callback after each move; "
                    + "frame / presentation interval from the 10th frame on \(Self.figures(there)) ms at 144 Hz, "
                    + "\(Self.figures(back)) ms back at 60 Hz; callback lateness p95 "
                    + "\(String(format: "%.3f", there.latenessP95)) / \(String(format: "%.3f", back.latenessP95)) ms; "
                    + "skipped \(run.link.statistics.skippedFrames) of \(frames.count) frames")

            // Within two frames: the first frame after the move commits it (or the one before, when
            // the request came while it ran); the next one or the one after sees the new output, and
            // every frame from there on until the next move does. The first of them lasts the new
            // output's nominal interval (the measured one takes over after three presentations).
            for (report, move, until, millihertz) in [
                (there, toFast, toSlow, 144_000), (back, toSlow, end, 60_000),
            ] {
                let followed = try #require(report.framesUntilFollowed, "never followed to \(millihertz) mHz")
                #expect(followed <= 2, "followed \(followed) frames after the move")
                let after = frames.filter { $0.calledAt > move && $0.calledAt < until && $0.kind == .wayland }
                    .dropFirst(followed)
                #expect(after.allSatisfy { $0.output?.refreshMillihertz == millihertz })
                let nominal = millihertz == 144_000 ? fast : slow
                let first = try #require(after.first).frame.duration.wholeNanoseconds
                #expect(
                    abs(Double(first) - nominal) <= 1, "the first frame on the new output lasts \(first) ns")
                // The measured cadence follows: from the 10th frame after the move, the median of
                // 20 intervals between the frames' vsyncs (see `MoveReport.settledInterval`; measured
                // from the callbacks' start times, a whole-suite run once gave 7.99 ms at 144 Hz while
                // mutter presented every 6.96 ms, the callbacks 5 ms late at p95). Against the nominal period (±15 %) only when the compositor
                // itself kept it: mutter 43's software renderer on this 2-core machine, with other
                // builds running, presented the 144 Hz output every 6.9 to 15 ms from run to run, and
                // with both monitors the 60 Hz one every 17 to 33 ms (it then presents each commit
                // 0.5–1 ms after it), which no client can change; a check against the nominal period
                // would then judge mutter, and fail at random. What the link is answerable for is
                // checked every time: it ticks at the cadence the compositor presents at (its
                // frames' median within half the presentations' over the same frames — a loaded
                // mutter strays 35 %), so a link left on the old output's grid (+140 %), or ticking
                // at a divisor it should not (+100 %), fails.
                let settled = try #require(report.settledInterval, "fewer than 31 frames after the move")
                let presented = try #require(
                    report.presentedInterval, "fewer than 21 presentations reported after the move")
                #expect(
                    abs(settled - presented) <= 0.5 * presented,
                    "frames every \(settled) ms, presentations every \(presented) ms at \(millihertz) mHz")
                let period = nominal / 1e6
                // "Kept it": within 5 % (a CI run presented the 60 Hz output every 18.9 ms, 13 %
                // slow, and the link, skipping under the same load, framed every 20.0 ms).
                if abs(presented - period) <= Self.compositorKeptPeriodTolerance * period {
                    #expect(
                        abs(settled - period) <= 0.15 * period,
                        "median callback interval \(settled) ms on the \(millihertz) mHz output (\(period) ms)"
                    )
                } else {
                    print(
                        "CADENCE AGAINST THE NOMINAL PERIOD NOT JUDGED at \(millihertz) mHz: mutter itself "
                            + "presented every \(presented) ms (nominal \(period) ms); the link's frames "
                            + "came every \(settled) ms"
                    )
                }
            }

            // No frame twice, no burst, every skipped interval counted.
            var skipped = 0
            for (earlier, later) in zip(frames, frames.dropFirst()) {
                #expect(later.frame.sequence > earlier.frame.sequence)
                #expect(later.frame.timestamp > earlier.frame.timestamp)
                let jump = Int(later.frame.sequence - earlier.frame.sequence) - 1
                #expect(later.frame.skippedFrames == jump, "frame \(later.frame.sequence)")
                skipped += later.frame.skippedFrames
            }
            #expect(run.link.statistics.skippedFrames == skipped + (frames.first?.frame.skippedFrames ?? 0))
            // No burst: the link started no two callbacks within half the shorter interval (its own
            // record of when each started: a callback's first instruction can come later, when the
            // thread is descheduled in between).
            let starts = run.link.timeline.entries.map(\.callbackStart.nanoseconds)
            for (earlier, later) in zip(starts, starts.dropFirst()) {
                #expect(later - earlier >= Int64(fast / 2), "callbacks started \(later - earlier) ns apart")
            }

            // A sourceChanges consumer heard "now on the 144 Hz output", then "now on the 60 Hz one".
            // (A newly measured interval is a change too, with the same reason: counted once.)
            var moves: [Int] = []
            for change in seen {
                guard case .outputChanged(let output, _) = change.reason,
                    moves.last != output.refreshMillihertz
                else { continue }
                moves.append(output.refreshMillihertz)
            }
            #expect(moves.suffix(2) == [144_000, 60_000], "\(seen)")
            #expect(seen.contains { $0.description.contains("now on \(session.fast.label) at 144.000 Hz") })
            // The timeline shows the switch: each entry's interval and output.
            let entries = run.link.timeline.entries
            #expect(entries.contains { $0.output?.refreshMillihertz == 144_000 })
            // Each output's first entry carries its nominal interval.
            for millihertz in [144_000, 60_000] {
                let nominal = millihertz == 144_000 ? fast : slow
                let move = millihertz == 144_000 ? toFast : toSlow
                let first = entries.first {
                    $0.output?.refreshMillihertz == millihertz && $0.callbackStart.nanoseconds > move
                }
                #expect(
                    first.map { abs(Double($0.refreshInterval.wholeNanoseconds) - nominal) <= 1 } == true,
                    "\(entries.filter { $0.callbackStart.nanoseconds > move }.prefix(4).map { ($0.sequence, $0.refreshInterval, $0.output?.description ?? "-") })"
                )
            }
        }
    }
}

extension MutterLinkTests {
    @Suite("Divisors, hidden windows and `.automatic` with two outputs")
    struct MixedRefreshFallbackTests {
        @Test(
            "a link preferring 30 fps runs at a divisor of each output's nominal rate: 2 at 60 Hz, 5 at 144 Hz"
        )
        func divisorOnEachOutput() throws {
            let session = try MutterSession(title: "divisor")
            let run = try session.link()
            run.link.preferredFramesPerSecond = 30
            try run.start()
            try #require(
                run.waitUntil(timeout: .seconds(10)) {
                    run.frames.count >= 20 && run.frames.last?.output?.refreshMillihertz == 60_000
                })
            let toFast = monotonicNow()
            try session.window.setFullscreen(on: session.fast)
            usleep(1_200_000)
            let end = monotonicNow()
            run.stop()
            let frames = run.frames
            for (from, until, divisor, millihertz) in [
                (toFast - 600_000_000, toFast, 2, 60_000), (toFast + 300_000_000, end, 5, 144_000),
            ] {
                let window = frames.filter { $0.calledAt > from && $0.calledAt < until }
                try #require(window.count >= 8, "\(window.count) frames")
                #expect(window.allSatisfy { $0.output?.refreshMillihertz == millihertz })
                for (earlier, later) in zip(window, window.dropFirst()) {
                    #expect(
                        (later.frame.sequence - earlier.frame.sequence) % UInt64(divisor) == 0,
                        "frames \(earlier.frame.sequence) → \(later.frame.sequence) at \(millihertz) mHz")
                }
                let rate =
                    Double(window.count - 1) * 1e9 / Double(window.last!.calledAt - window.first!.calledAt)
                print(
                    "preferring 30 fps on the \(millihertz / 1000) Hz output: divisor \(divisor), \(rate) fps delivered"
                )
            }
        }

        @Test(
            "a window hidden while on the 144 Hz output: its link goes on with a 144 Hz timer on that output")
        func hiddenOnTheFastOutput() throws {
            let session = try MutterSession(title: "hidden")
            try session.window.setFullscreen(on: session.fast)
            let run = try session.link()
            try run.start()
            try #require(
                run.waitUntil(timeout: .seconds(10)) {
                    run.frames.count >= 40 && run.frames.last?.output?.refreshMillihertz == 144_000
                })
            try session.window.unmap()
            try #require(run.waitUntil { run.link.sourceInfo.kind == .timer }, "the link moves to the timer")
            let from = run.frames.count
            usleep(300_000)
            let info = run.link.sourceInfo
            let hidden = run.frames[from...].filter { $0.kind == .timer }
            run.stop()
            #expect(info.output?.refreshMillihertz == 144_000, "\(info)")
            #expect(info.name.contains(session.fast.label), "\(info.name)")
            // The last presentations' interval on the 144 Hz output: measured, so a little above
            // 6.944 ms, and far from the 60 Hz output's, unless a loaded mutter presented slower.
            let period = info.period.nanoseconds
            let test = "hidden on the 144 Hz output"
            RealTimeFigures.report(
                test, "timer interval (ns)", Int64(period),
                isUsual: period > 6_000_000 && period < 11_800_000,
                usual: "6 to 11.8 ms")
            RealTimeFigures.report(
                test, "frames in 300 ms on the timer", hidden.count, isUsual: hidden.count >= 25,
                usual: "25 or more")
            #expect(hidden.count >= 3, "the link goes on: \(hidden.count) frames in 300 ms on the timer")
            for frame in hidden { #expect(frame.frame.duration == info.period.duration) }
            print("hidden on the 144 Hz output: \(hidden.count) frames in 300 ms on \(info)")
        }

        @Test(
            "`.automatic` with two outputs and no window runs at the fastest output's refresh and says which and why"
        )
        func automaticTakesTheFastest() throws {
            let mutter = try MutterServer(refreshRates: [60, 144])
            let connection = try WaylandConnection(name: mutter.socketPath)
            let fast = try #require(connection.outputs.first { $0.refreshMillihertz == 144_000 })
            connection.close()
            let (link, _) = try AutomaticSelection.link(waylandDisplay: mutter.socketPath)
            defer { link.invalidate() }
            let info = link.sourceInfo
            guard info.kind == .timer else { return }  // a lit CRTC (the vkms guest)
            guard case .waylandFastestOutput(let output, let millihertz, let count, _) = info.reason else {
                Issue.record("reason: \(info.reason)")
                return
            }
            #expect(output == fast.label && millihertz == 144_000 && count == 2)
            #expect(abs(info.framesPerSecond - 144) < 1e-9)
            #expect(
                info.description.contains(
                    "with 2 outputs and no window: the timer runs at the refresh of the fastest"))
            print("`.automatic` under mutter: \(info)")
        }
    }
}
