import Foundation
import FrameClock

/// Hides clock-demo's Wayland window and shows it again, and pauses its link and resumes it, as a
/// ``HidingPlan`` says, on a thread of its own, and prints a line for each: how soon the link took
/// the window for hidden, the frames and the wake-ups a second meanwhile, and how soon a frame came
/// on the frame callbacks after the window was shown or the link resumed.
///
/// The wake-ups are the process's context switches (`getrusage`, every thread), counted from a
/// moment after the link took the window for hidden to the moment it is shown: what the hidden
/// window costs the machine under its policy. The hider's own thread sleeps through that span.
final class WindowHider: @unchecked Sendable {
    private let plan: HidingPlan
    private let session: DemoSession
    private let link: DisplayLink
    private let stopper: Stopper
    private let lock = NSLock()
    /// The last frame on the window's frame callbacks (not while hidden), and the frames so far.
    private var lastCallbackFrame: MonotonicInstant?
    private var frames = 0
    /// Since when the window is unmapped, while it is.
    private var unmappedSince: MonotonicInstant?
    /// When the link took the window for hidden: its report (``DisplayLink/sourceChanges``), or its
    /// first frame off the callbacks, whichever came first.
    private var hiddenReported: MonotonicInstant?
    /// The first frame on the callbacks after `awaitingFrameAfter`, once it came.
    private var awaitingFrameAfter: MonotonicInstant?
    private var firstFrameBack: MonotonicInstant?

    /// How long after the unmap the wake-ups start being counted, at most: the link takes a window
    /// for hidden within a few intervals.
    static let settling = Duration.milliseconds(250)
    /// How long a frame on the callbacks is waited for after the window is shown again.
    static let frameBackPatience = Duration.seconds(2)
    /// How often that wait looks (it counts no wake-ups: the span counted is over by then).
    static let frameBackPoll = 0.002

    init(plan: HidingPlan, session: DemoSession, link: DisplayLink, stopper: Stopper) {
        self.plan = plan
        self.session = session
        self.link = link
        self.stopper = stopper
    }

    /// Starts the hidings, counted from now, and the watch of the link's source.
    func start() {
        let link = link
        Task { [self] in
            for await info in link.sourceChanges where info.hiddenWindow != nil {
                lock.withLock { tookForHidden(at: MonotonicInstant.now()) }
            }
        }
        let begin = MonotonicInstant.now()
        let thread = Thread { [self] in run(from: begin) }
        thread.name = "clock-demo hider"
        thread.start()
    }

    /// A frame's callback started at `now`; `onCallbacks` when the link ticks on the window's frame
    /// callbacks (not on its stand-in for a hidden window).
    func frameStarted(at now: MonotonicInstant, onCallbacks: Bool) {
        lock.withLock {
            frames += 1
            guard onCallbacks else {
                tookForHidden(at: now)
                return
            }
            lastCallbackFrame = now
            if let after = awaitingFrameAfter, firstFrameBack == nil, now >= after { firstFrameBack = now }
        }
    }

    /// The link took the window for hidden at `now`, if it is unmapped and this is the first sign.
    private func tookForHidden(at now: MonotonicInstant) {
        guard let since = unmappedSince, now >= since, hiddenReported == nil else { return }
        hiddenReported = now
    }

    private func run(from begin: MonotonicInstant) {
        for episode in plan.episodes {
            Self.sleep(until: begin + .nanoseconds(Int64(episode.start * 1e9)))
            guard !stopper.isStopped else { return }
            let line: String?
            switch episode.kind {
            case .hideWindow: line = hide(number: episode.index)
            case .pauseLink: line = pauseLink(number: episode.index)
            }
            guard let line else { return }
            session.writeLine(line)
        }
    }

    /// The length of each hiding and pause.
    private var length: Duration { .nanoseconds(Int64(plan.length * 1e9)) }

    /// Hides the window (hiding `number`, from 0) for the plan's length and shows it again; its
    /// line, or nil when the run ended meanwhile.
    private func hide(number: Int) -> String? {
        let policy = plan.policy(of: number)
        link.hiddenWindowPolicy = policy
        let interval = link.sourceInfo.period.nanoseconds
        // A compositor slow to answer (a loaded machine) can leave the link taking the window for
        // hidden before it is: then there is no switch to time.
        let hiddenBefore = link.sourceInfo.hiddenWindow != nil
        let (lastCallback, unmappedAt) = lock.withLock { () -> (MonotonicInstant?, MonotonicInstant) in
            hiddenReported = nil
            let now = MonotonicInstant.now()
            unmappedSince = now
            return (lastCallbackFrame, now)
        }
        guard session.setWindowHidden(true) else { return nil }
        let figures = measure(from: unmappedAt)
        let hiddenAt = lock.withLock { () -> MonotonicInstant? in
            awaitFrameBack()
            unmappedSince = nil
            return hiddenReported
        }
        // From the moment the remap starts: a frame may start while its roundtrips run.
        let shownAt = MonotonicInstant.now()
        guard session.setWindowHidden(false) else { return nil }
        var line = "hidden \(number + 1) (\(policy)): "
        if let hiddenAt {
            line +=
                "the link took it for hidden \(Self.milliseconds(hiddenAt - unmappedAt, interval)) after the unmap"
            if let lastCallback {
                line += " (\(Self.milliseconds(hiddenAt - lastCallback, interval)) after its last callback)"
            }
        } else if hiddenBefore {
            line += "the link had taken it for hidden before the unmap"
        } else {
            line += "the link never took it for hidden"
        }
        line += "; while hidden \(figures)"
        if let back = frameBack(after: shownAt) {
            line +=
                "; shown again: a frame on the callbacks \(Self.milliseconds(back - shownAt, interval)) after the remap"
        } else {
            line += "; shown again: no frame on the callbacks within 2 s of the remap"
        }
        return line
    }

    /// Pauses the link (pause `number`, from 0) for the plan's length, the window shown, and resumes
    /// it; its line, or nil when the run ended meanwhile.
    private func pauseLink(number: Int) -> String? {
        let interval = link.sourceInfo.period.nanoseconds
        let pausedAt = MonotonicInstant.now()
        link.isPaused = true
        let figures = measure(from: pausedAt)
        guard !stopper.isStopped else { return nil }
        // From the moment of the resume: the call may return after the first frame started.
        let resumedAt = MonotonicInstant.now()
        lock.withLock { awaitFrameBack() }
        link.isPaused = false
        var line = "link paused \(number + 1): while paused \(figures)"
        if let back = frameBack(after: resumedAt) {
            line +=
                "; resumed: a frame on the callbacks \(Self.milliseconds(back - resumedAt, interval)) after"
        } else {
            line += "; resumed: no frame on the callbacks within 2 s"
        }
        return line
    }

    /// Counts the frames and wake-ups a second from a moment after `start` (the link settled) to the
    /// plan's length after it, sleeping through: "0.0 frames/s, 1.6 wake-ups/s (the link's threads
    /// 0.0)".
    private func measure(from start: MonotonicInstant) -> String {
        let countFrom = start + min(Self.settling, length / 2)
        Self.sleep(until: countFrom)
        let framesBefore = lock.withLock { frames }
        let before = Self.contextSwitches()
        Self.sleep(until: start + length)
        let counted = Double((MonotonicInstant.now() - countFrom) / .nanoseconds(1)) / 1e9
        let after = Self.contextSwitches()
        let framesCounted = lock.withLock { frames } - framesBefore
        return String(
            format: "%.1f frames/s, %.1f wake-ups/s (the link's threads %.1f)",
            Double(framesCounted) / counted,
            Double(after.process - before.process) / counted, Double(after.link - before.link) / counted)
    }

    /// From now on, the first frame on the callbacks is noted. Under the lock.
    private func awaitFrameBack() {
        awaitingFrameAfter = MonotonicInstant.now()
        firstFrameBack = nil
    }

    /// The first frame on the callbacks since ``awaitFrameBack()``, waited for up to
    /// ``frameBackPatience`` after `start`.
    private func frameBack(after start: MonotonicInstant) -> MonotonicInstant? {
        let patience = start + Self.frameBackPatience
        var back: MonotonicInstant?
        while back == nil, MonotonicInstant.now() < patience, !stopper.isStopped {
            Thread.sleep(forTimeInterval: Self.frameBackPoll)
            back = lock.withLock { firstFrameBack }
        }
        return back
    }

    /// "25.1 ms (1.5 intervals)".
    private static func milliseconds(_ duration: Duration, _ interval: Double) -> String {
        let nanoseconds = Double(duration / .nanoseconds(1))
        return String(format: "%.1f ms (%.1f intervals)", nanoseconds / 1e6, nanoseconds / max(1, interval))
    }

    /// The context switches so far, voluntary and not: the process's, over every thread, and those
    /// of the display link's own threads (named "FrameClock…" and "FC …": the frame thread and the
    /// stall watchdog), read from `/proc/self/task`.
    private static func contextSwitches() -> (process: Int, link: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        var link = 0
        let tasks = "/proc/self/task"
        for task in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let name = try? String(contentsOfFile: "\(tasks)/\(task)/comm", encoding: .utf8),
                name.hasPrefix("FrameClock") || name.hasPrefix("FC "),
                let status = try? String(contentsOfFile: "\(tasks)/\(task)/status", encoding: .utf8)
            else { continue }
            for line in status.split(separator: "\n")
            where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:")
            {
                link += line.split(separator: "\t").last.flatMap { Int($0) } ?? 0
            }
        }
        return (usage.ru_nvcsw + usage.ru_nivcsw, link)
    }

    /// Sleeps until `instant` (at once when it has passed): one wait, so that the hider adds no
    /// wake-ups to those it counts.
    private static func sleep(until instant: MonotonicInstant) {
        let left = instant - MonotonicInstant.now()
        guard left > .zero else { return }
        Thread.sleep(forTimeInterval: Double(left / .nanoseconds(1)) / 1e9)
    }
}
