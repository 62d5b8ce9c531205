import DemoClockFace
import Foundation
import FrameClock
import HostLookup
import KMSPresentation
import LayerRendering
import MediaTiming
import Wayland

/// One run of the demo: the clock face, where it is drawn, and the statistics on the status line.
///
/// Frames arrive on one thread at a time (the display link's frame thread, or the naive timer's
/// thread); `lock` keeps `finish()` from tearing the terminal down under a frame being drawn. That
/// thread never writes to standard output itself: the screen's writer thread does, so that a slow
/// terminal or a full pipe costs frames on the terminal (counted), never the link's timing.
final class DemoSession: @unchecked Sendable {
    private let lock = NSLock()
    private let display: DisplayChoice
    private let pngDirectory: URL?
    private let workNanoseconds: Int64
    private let isNaive: Bool
    private let face: ClockFace
    private var bitmap: Bitmap
    private let screen = TerminalScreen()
    private var kms: KMSPresenter?
    private var wayland: WaylandClockWindow?
    private var x11: X11ClockWindow?
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
    /// `--lookup`: lookups applied, the longest, and the last one's line.
    private var lookupPlan: LookupPlan?
    private var lookups = 0
    private var longestLookup = Duration.zero
    private var lookupLine: String?
    /// The lookups of `--lookup-on actor`, cancelled when the run ends.
    private var lookupTask: Task<Void, Never>?
    /// `--hide-at`: hides the Wayland window and shows it again, told of each frame.
    private var hider: WindowHider?

    init(
        display: DisplayChoice, pngDirectory: URL?, faceSize: Int, workNanoseconds: Int64, naive: Bool,
        keepingLastFrame: Bool = false
    ) throws {
        self.display = display
        self.pngDirectory = pngDirectory
        self.workNanoseconds = workNanoseconds
        self.isNaive = naive
        var side = Double(faceSize)
        var output: KMSPresenter?
        if case .kms(let device) = display {
            output = try KMSPresenter(devicePath: device)
            // The face: the largest centred square of the display.
            side = Double(output.map { min($0.width, $0.height) } ?? faceSize)
        } else if display == .wayland {
            wayland = try WaylandClockWindow(side: faceSize, keepingLastFrame: keepingLastFrame)
        } else if display == .x11 {
            x11 = try X11ClockWindow(side: faceSize)
        } else if display == .terminal, pngDirectory == nil, let size = TerminalScreen.size() {
            // One column per pixel, two pixels per row (half blocks); two rows for the status lines.
            side = Double(max(16, min(size.columns, 2 * (size.rows - 2))))
        }
        face = ClockFace(size: Size(width: side, height: side))
        // A first render with a label loads the fonts (fontconfig reads its configuration: 0.3 s under
        // emulation) here, not in the first frame's callback, where the stall watchdog rightly
        // reports it.
        face.show(secondsIntoMinute: 0, label: TimeOfDay(at: .now()).label)
        bitmap = try face.render()
        if let output {
            // Lights the CRTC before the display link is made, so that the link can tick on it.
            let background = face.background
            try output.show(
                background: KMSPresenter.pixel(
                    red: background.red, green: background.green, blue: background.blue))
            kms = output
        }
    }

    /// In KMS mode, the DRM source of the CRTC presented on: the display link should tick on the
    /// vblank that the page flips complete at; in Wayland mode, the window's frame callbacks. `nil`
    /// otherwise.
    var displaySource: DisplayLink.Source? {
        kms?.displaySource ?? wayland?.displaySource ?? x11?.displaySource
    }

    /// The Wayland window, in Wayland mode.
    var waylandWindow: WaylandWindow? { wayland?.window }

    /// In Wayland mode, shows the window with the face at the current time and waits for the
    /// compositor to present it (``WaylandClockWindow/showFirstFrame(_:timeout:)``): called once the
    /// window is placed and before the display link is made, so that the link starts on the
    /// compositor's phase. Nothing in other modes.
    func showWindow() throws {
        guard let wayland else { return }
        let now = TimeOfDay(at: .now())
        face.show(secondsIntoMinute: now.secondsIntoMinute, label: now.label)
        _ = try wayland.showFirstFrame(face)
    }

    // MARK: - Drivers

    /// Draws a frame per display-link callback, each showing the time at the frame's target timestamp.
    /// `reason` replaces the link's own reason for its source where the demo chose the source itself.
    /// With `lookup`, host-name lookups run as it says: in the callback, or off the frame thread with
    /// their results applied on a ``DemoScene`` actor between frames.
    func run(link: DisplayLink, reason: String? = nil, lookup: LookupPlan? = nil, until stopper: Stopper)
        throws
    {
        self.link = link
        lock.withLock { lookupPlan = lookup }
        started = true
        sourceLine = reason.map { "\(link.sourceInfo.name) — \($0)" } ?? "\(link.sourceInfo)"
        rate = link.framesPerSecond
        if display == .terminal { screen.enter() }
        announceSource("\(sourceLine); \(rate) frames per second")
        guard let lookup else {
            try link.start { [self] frame in draw(linkFrame: frame, stopper: stopper) }
            return
        }
        switch lookup.placement {
        case .frameThread:
            let lookups = FrameThreadLookups(plan: lookup)
            try link.start { [self] frame in
                // The naive program: getaddrinfo on the frame thread, which waits for the resolver.
                if let result = lookups.resolveIfDue() { record(result) }
                draw(linkFrame: frame, stopper: stopper)
            }
        case .actor:
            let scene = DemoScene(link: link, session: self, stopper: stopper)
            try link.start(isolatedTo: scene) { scene, frame in scene.draw(frame) }
            let task = scene.startLookups(lookup)
            lock.withLock { lookupTask = task }
        }
    }

    /// Hides the Wayland window and shows it again as `plan` says, from now (`--hide-at`).
    func startHiding(_ plan: HidingPlan, link: DisplayLink, stopper: Stopper) {
        let hider = WindowHider(plan: plan, session: self, link: link, stopper: stopper)
        lock.withLock { self.hider = hider }
        hider.start()
    }

    /// Unmaps the Wayland window (`hidden`) or maps it again, between frames; false when the run has
    /// finished or the window failed (the failure ends the run, as a frame's does).
    func setWindowHidden(_ hidden: Bool) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !finished, let window = wayland?.window else { return false }
        do {
            if hidden { try window.unmap() } else { try window.remap() }
            return true
        } catch {
            failure = "\(error)"
            return false
        }
    }

    /// Writes a line of its own with the status lines (in text, Wayland, X11 and KMS modes).
    func writeLine(_ line: String) {
        lock.withLock {
            guard !finished else { return }
            screen.writeLine(line)
        }
    }

    /// Draws a display link's frame: the time it will be on screen, not the time the callback runs.
    func draw(linkFrame frame: Frame, stopper: Stopper) {
        if let hider = lock.withLock({ hider }), let link {
            let info = link.sourceInfo
            hider.frameStarted(at: .now(), onCallbacks: info.kind == .wayland && info.hiddenWindow == nil)
        }
        draw(
            shownTime: TimeOfDay(at: frame.targetTimestamp), lateness: frame.lateness,
            skipped: frame.skippedFrames, frame: frame, stopper: stopper)
    }

    /// Records a lookup's result for the status line (and prints it as a line when output is text).
    func record(_ result: HostLookup.Result) {
        let line = result.description
        lock.withLock {
            guard !finished else { return }
            lookups += 1
            longestLookup = max(longestLookup, result.duration)
            lookupLine = line
            if display != .terminal || pngDirectory != nil { screen.writeLine(line) }
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
                    skipped: missed ?? 0, frame: nil, stopper: stopper)
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
        case .text: screen.writeLine("source: \(text)")
        case .kms: screen.writeLine("kms: \(kms.map(\.description) ?? "")\nsource: \(text)")
        case .wayland: screen.writeLine("wayland: \(wayland.map(\.description) ?? "")\nsource: \(text)")
        case .x11: screen.writeLine("x11: \(x11.map(\.description) ?? "")\nsource: \(text)")
        case .terminal, .auto: break
        }
    }

    /// Stops the link, puts the terminal back (or restores the CRTC) and prints a summary line.
    /// Returns `false` when the run ended with an error (already written to standard error).
    @discardableResult
    func finish() -> Bool {
        let first = lock.withLock { () -> Bool in
            guard !finished else { return false }
            finished = true
            lookupTask?.cancel()
            return true
        }
        guard first else { return lock.withLock { failure == nil } }
        // Outside the lock: invalidate() waits for a callback in flight, which may be waiting for
        // the lock (it returns at once once it has it, as the run is finished).
        link?.invalidate()
        // Outside the lock: the writer may be reporting a frame it has just written.
        screen.restore()
        let summary = lock.withLock { () -> String in
            kms?.close()
            wayland?.close()
            x11?.close()
            // No frames, no summary: a source that could not be made is the error line alone.
            var lines = started ? [summaryLine()] : []
            if let restoration = kms?.restoration { lines.append("kms: \(restoration)") }
            return lines.joined(separator: "\n")
        }
        if !summary.isEmpty { print(summary) }
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

    private func draw(shownTime: TimeOfDay, lateness: Duration, skipped: Int, frame: Frame?, stopper: Stopper)
    {
        lock.lock()
        defer { lock.unlock() }
        guard !finished, !stopper.isStopped else { return }
        face.show(secondsIntoMinute: shownTime.secondsIntoMinute, label: shownTime.label)
        if workNanoseconds > 0 {
            let until = MonotonicInstant.now().nanoseconds + workNanoseconds
            while MonotonicInstant.now().nanoseconds < until {}
        }
        statistics.recordFrame(lateness: lateness, skipped: skipped)
        do {
            if try drawOnTerminal(shownTime: shownTime, frame: frame) { return }
            try output(frame, showing: shownTime)
        } catch {
            failure = "\(error)"
            stopper.stop()
            return
        }
        // The window's close button (the compositor asks) ends the demo.
        if wayland?.isCloseRequested == true { stopper.stop() }
        recordShown(shownTime, frame: frame, at: MonotonicInstant.now())
        report(shownTime)
    }

    /// Whether the frame's time was right when it reached the screen at `end`.
    private func recordShown(_ shownTime: TimeOfDay, frame: Frame?, at end: MonotonicInstant) {
        let shownAt = frame.map { presentation(of: $0, finishedAt: end) } ?? end
        // A frame drawn after its target reaches the screen an interval (or more) after the instant
        // it shows: across a second boundary, that is the previous second.
        let shownLate = frame.map { shownAt > $0.targetTimestamp } ?? false
        statistics.recordShown(
            shownSecond: shownTime.second, trueSecond: TimeOfDay(at: shownAt).second, shownLate: shownLate)
    }

    /// On the terminal: draws the face and hands it to the screen's writer, which reports when it is
    /// out. Returns `false` for the other displays.
    private func drawOnTerminal(shownTime: TimeOfDay, frame: Frame?) throws -> Bool {
        guard display == .terminal, pngDirectory == nil else { return false }
        try face.render(into: &bitmap)
        screen.submit(&bitmap, status: statusLines()) { [self] end in
            lock.withLock { recordShown(shownTime, frame: frame, at: end) }
        }
        return true
    }

    /// PNG files and KMS buffers are drawn here; plain text needs no pixels.
    private func output(_ frame: Frame?, showing shownTime: TimeOfDay) throws {
        if let wayland {
            try wayland.present(face, showing: shownTime, for: frame)
            return
        }
        if let x11 {
            try x11.present(face)
            return
        }
        if let kms, let frame {
            // The presenter reports each flip's completion (or a dropped frame) to the link.
            try kms.present(frame, to: link) { buffer in
                let side = min(buffer.width, buffer.height)
                guard
                    let square = buffer.region(
                        x: (buffer.width - side) / 2, y: (buffer.height - side) / 2, width: side, height: side
                    )
                else { return }
                try face.render(
                    intoXRGB8888: square.base, width: square.width, height: square.height,
                    bytesPerRow: square.bytesPerRow)
            }
            return
        }
        if let pngDirectory {
            try face.render(into: &bitmap)
            pngIndex += 1
            let path = pngDirectory.appendingPathComponent(String(format: "frame-%06d.png", pngIndex)).path
            try bitmap.writePNG(to: path)
        }
    }

    private func report(_ shown: TimeOfDay) {
        guard display != .terminal || pngDirectory != nil else { return }
        guard lastTextSecond != shown.second else { return }
        lastTextSecond = shown.second
        // A Wayland source measures its rate as it goes, and may move to a timer and back.
        if wayland != nil, let link {
            sourceLine = "\(link.sourceInfo)"
            rate = link.framesPerSecond
        }
        screen.writeLine("\(shown.label)  \(statusFigures())")
    }

    private func statusLines() -> String {
        let lookup = lookupLine.map { "  \($0)" } ?? ""
        return "\u{1B}[K\(sourceLine)\(lookup)\n\u{1B}[K\(statusFigures())"
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
        if let kms {
            text +=
                "  flips \(kms.flipsRequested)  presented \(kms.framesPresented)  dropped \(kms.framesDropped)"
            text += "  flip errors \(kms.flipErrors)"
        }
        if let link, !isNaive {
            let counts = link.statistics
            if let wayland {
                text +=
                    "  presented \(counts.framesOnTime + counts.framesEarly + counts.framesLate)  discarded \(counts.framesDropped)"
                let ahead = wayland.drawAhead
                let distance = String(format: "%.3f", ahead.largestDistance / .milliseconds(1))
                text +=
                    "  drawn ahead \(ahead.committedAhead) (≤ \(distance) ms off)  redrawn \(ahead.redrawn)"
                text +=
                    "  no buffer ahead \(ahead.noFreeBuffer)  not drawn (no buffer) \(ahead.skippedNoBuffer)  not sent \(ahead.notSent)"
            }
            if counts.framesWithFeedback > 0 {
                text +=
                    "  on time \(counts.framesOnTime)  early \(counts.framesEarly)  late \(counts.framesLate)"
            }
        }
        if display == .terminal { text += "  dropped \(screen.droppedFrames)" }
        if lookupPlan != nil {
            let longest =
                Int((Double(longestLookup.components.attoseconds) / 1e15).rounded())
                + Int(longestLookup.components.seconds) * 1000
            text += "  lookups \(lookups)  longest lookup \(longest) ms"
        }
        return text
    }

    /// Writes the last frame committed to the Wayland window as a PNG file (`--screenshot`); false
    /// when there is no window or nothing was committed to it.
    func writeScreenshot(to path: String) throws(RenderingError) -> Bool {
        guard let wayland else { return false }
        lock.lock()
        defer { lock.unlock() }
        return try wayland.writeLastFrame(to: path)
    }

    private func summaryLine() -> String {
        "clock-demo: \(isNaive ? "naive timer" : sourceLine); \(statusFigures())"
    }
}
