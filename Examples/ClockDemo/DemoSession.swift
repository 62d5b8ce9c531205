import Foundation
import FrameClock
import LayerRendering
import MediaTiming

/// One run of the demo: the clock face, where it is drawn, and the statistics on the status line.
///
/// Frames arrive on one thread at a time (the display link's frame thread, or the naive timer's
/// thread); `lock` keeps `finish()` from tearing the terminal down under a frame being drawn.
final class DemoSession: @unchecked Sendable {
    private let lock = NSLock()
    private let display: DisplayChoice
    private let pngDirectory: URL?
    private let workNanoseconds: Int64
    private let isNaive: Bool
    private let face: ClockFace
    private var bitmap: Bitmap
    private let screen = TerminalScreen()
    private var kms: KMSOutput?
    private var statistics = DemoStatistics()
    private var sourceLine = ""
    private var rate = 0.0
    private var lastTextSecond: Int?
    private var pngIndex = 0
    private var finished = false
    private var link: DisplayLink?
    private var failure: String?
    /// Whether frames started (a link or the naive timer): only then is there a summary to print.
    private var started = false
    /// The naive timer's previous scheduled fire date (used on the timer's thread only).
    private var naivePreviousFire: Date?

    init(display: DisplayChoice, pngDirectory: URL?, faceSize: Int, workNanoseconds: Int64, naive: Bool)
        throws
    {
        self.display = display
        self.pngDirectory = pngDirectory
        self.workNanoseconds = workNanoseconds
        self.isNaive = naive
        var side = Double(faceSize)
        var output: KMSOutput?
        if case .kms(let device) = display {
            output = try KMSOutput(devicePath: device)
            side = Double(output?.side ?? faceSize)
        } else if display == .terminal, pngDirectory == nil, let size = TerminalScreen.size() {
            // One column per pixel, two pixels per row (half blocks); two rows for the status lines.
            side = Double(max(16, min(size.columns, 2 * (size.rows - 2))))
        }
        face = ClockFace(size: Size(width: side, height: side))
        bitmap = try face.render()
        if let output {
            // Lights the CRTC before the display link is made, so that the link can tick on it.
            try output.show(background: KMSOutput.pixel(face.background))
            kms = output
        }
    }

    /// In KMS mode, the DRM source of the CRTC presented on: the display link should tick on the
    /// vblank that the page flips complete at. `nil` otherwise.
    var displaySource: DisplayLink.Source? {
        kms.map { .drm(device: $0.devicePath, crtc: $0.crtcID) }
    }

    /// The mode's refresh rate in KMS mode, else `nil`.
    var displayRefreshRate: Double? { kms?.mode.refreshRate }

    // MARK: - Drivers

    /// Draws a frame per display-link callback, each showing the time at the frame's target timestamp.
    /// `reason` replaces the link's own reason for its source where the demo chose the source itself.
    func run(link: DisplayLink, reason: String? = nil, until stopper: Stopper) throws {
        self.link = link
        started = true
        sourceLine = reason.map { "\(link.sourceInfo.name) — \($0)" } ?? "\(link.sourceInfo)"
        rate = link.framesPerSecond
        if display == .terminal { screen.enter() }
        announceSource("\(sourceLine); \(rate) frames per second")
        try link.start { [self] frame in
            // The time the frame will be on screen, not the time the callback runs.
            let presented = presentation(of: frame, finishedAt: nil)
            draw(
                shownTime: TimeOfDay(at: frame.targetTimestamp), lateness: frame.lateness,
                skipped: frame.skippedFrames, presentedAt: presented, frame: frame, stopper: stopper)
        }
    }

    /// The naive way, for comparison: a Foundation Timer whose callback samples the time when it runs.
    func runNaive(framesPerSecond: Double, until stopper: Stopper) throws {
        sourceLine = "naive Foundation Timer at \(framesPerSecond) Hz (samples the time when called)"
        rate = framesPerSecond
        started = true
        if display == .terminal { screen.enter() }
        announceSource(sourceLine)
        let interval = 1 / framesPerSecond
        let thread = Thread { [self] in
            let timer = Timer(timeInterval: interval, repeats: true) { [self] timer in
                if stopper.isStopped {
                    timer.invalidate()
                    return
                }
                let now = MonotonicInstant.now()
                // Against the timer's own schedule: during the callout, `fireDate` is the date this
                // firing was due (the run loop moves it on afterwards, past any it missed).
                let due = timer.fireDate
                let late = max(0, -due.timeIntervalSinceNow)
                let missed = naivePreviousFire.map {
                    max(0, Int(($0.distance(to: due) / interval).rounded()) - 1)
                }
                naivePreviousFire = due
                draw(
                    shownTime: TimeOfDay(at: now), lateness: .nanoseconds(Int64(late * 1e9)),
                    skipped: missed ?? 0,
                    presentedAt: nil, frame: nil, stopper: stopper)
            }
            RunLoop.current.add(timer, forMode: .default)
            while !stopper.isStopped { RunLoop.current.run(until: Date().addingTimeInterval(0.1)) }
            timer.invalidate()
        }
        thread.start()
    }

    /// Prints where frames come from (and, in KMS mode, where they go) when output is plain lines.
    private func announceSource(_ text: String) {
        switch display {
        case .text: print("source: \(text)")
        case .kms: print("kms: \(kms.map(\.description) ?? "")\nsource: \(text)")
        case .terminal: break
        }
    }

    /// Stops the link, puts the terminal back (or restores the CRTC) and prints a summary line.
    /// Returns `false` when the run ended with an error (already written to standard error).
    @discardableResult
    func finish() -> Bool {
        let summary = lock.withLock { () -> String? in
            guard !finished else { return nil }
            finished = true
            link?.invalidate()
            screen.restore()
            kms?.close()
            // No frames, no summary: a source that could not be made is the error line alone.
            var lines = started ? [summaryLine()] : []
            if let restoration = kms?.restoration { lines.append("kms: \(restoration)") }
            return lines.joined(separator: "\n")
        }
        if let summary, !summary.isEmpty { print(summary) }
        if let failure = lock.withLock({ failure }) {
            FileHandle.standardError.write(Data("clock-demo: \(failure)\n".utf8))
            return false
        }
        return true
    }

    // MARK: - A frame

    /// The instant a frame reaches the screen: its target, or the first frame boundary after the
    /// callback finished when it ran over.
    private func presentation(of frame: Frame, finishedAt end: MonotonicInstant?) -> MonotonicInstant {
        guard let end, end > frame.targetTimestamp else { return frame.targetTimestamp }
        let interval = max(1, Int64(frame.duration / .nanoseconds(1)))
        let over = Int64((end - frame.targetTimestamp) / .nanoseconds(1))
        return frame.targetTimestamp + .nanoseconds((over + interval - 1) / interval * interval)
    }

    private func draw(
        shownTime: TimeOfDay, lateness: Duration, skipped: Int, presentedAt: MonotonicInstant?, frame: Frame?,
        stopper: Stopper
    ) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished, !stopper.isStopped else { return }
        face.show(secondsIntoMinute: shownTime.secondsIntoMinute, label: shownTime.label)
        if workNanoseconds > 0 {
            let until = MonotonicInstant.now().nanoseconds + workNanoseconds
            while MonotonicInstant.now().nanoseconds < until {}
        }
        do {
            try output(frame: frame)
        } catch {
            failure = "\(error)"
            stopper.stop()
            return
        }
        let end = MonotonicInstant.now()
        let shownAt = frame.map { presentation(of: $0, finishedAt: end) } ?? end
        let trueTime = TimeOfDay(at: shownAt)
        // A frame drawn after its target reaches the screen an interval (or more) after the instant
        // it shows: across a second boundary, that is the previous second.
        let shownLate = frame.map { shownAt > $0.targetTimestamp } ?? false
        statistics.record(
            lateness: lateness, skipped: skipped, shownSecond: shownTime.second, trueSecond: trueTime.second,
            shownLate: shownLate)
        report(shownTime)
    }

    private func output(frame: Frame?) throws {
        if let kms {
            try kms.present { memory, width, height, stride in
                try face.render(intoXRGB8888: memory, width: width, height: height, bytesPerRow: stride)
            }
            return
        }
        try face.render(into: &bitmap)
        if let pngDirectory {
            pngIndex += 1
            let path = pngDirectory.appendingPathComponent(String(format: "frame-%06d.png", pngIndex)).path
            try bitmap.writePNG(to: path)
        } else if display == .terminal {
            // Each row also clears to the end of the line, over anything a wider line left there.
            let image = TerminalImage.halfBlocks(of: bitmap).replacingOccurrences(
                of: "\n", with: "\u{1B}[K\n")
            screen.draw(image + statusLines())
        }
    }

    private func report(_ shown: TimeOfDay) {
        guard display != .terminal || pngDirectory != nil else { return }
        guard lastTextSecond != shown.second else { return }
        lastTextSecond = shown.second
        print("\(shown.label)  \(statusFigures())")
    }

    private func statusLines() -> String {
        "\u{1B}[0m\u{1B}[K\(sourceLine)\n\u{1B}[K\(statusFigures())"
    }

    private func statusFigures() -> String {
        let p50 = String(format: "%.0f", statistics.latenessMicroseconds(percentile: 50))
        let p99 = String(format: "%.0f", statistics.latenessMicroseconds(percentile: 99))
        var text =
            "\(String(format: "%.1f", rate)) fps  frames \(statistics.frames)  late p50 \(p50) µs p99 \(p99) µs  "
        text += "skipped \(statistics.skippedFrames)"
        if isNaive {
            // The naive timer has no target to be late for: it draws the time when it is called.
            text += "  wrong second \(statistics.wrongSecondFrames)"
        } else {
            text += "  shown late \(statistics.shownLateFrames)  wrong second \(statistics.wrongSecondFrames)"
            text += " (\(statistics.wrongSecondShownLate) shown late)"
        }
        text += "  seconds skipped \(statistics.skippedSeconds)"
        if let kms { text += "  flips \(kms.flips)  flip errors \(kms.flipErrors)" }
        return text
    }

    private func summaryLine() -> String {
        "clock-demo: \(isNaive ? "naive timer" : sourceLine); \(statusFigures())"
    }
}
