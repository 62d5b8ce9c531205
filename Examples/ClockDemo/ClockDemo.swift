import ArgumentParser
import DemoClockFace
import Foundation
import FrameClock
import LayerRendering
import Logging
import MediaTiming

/// `clock-demo`: Core Animation's seconds circle — a ring stroked from 12 o'clock whose `strokeEnd`
/// is scrubbed through a paused layer's `timeOffset` — driven by a FrameClock display link.
@main
struct ClockDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock-demo",
        abstract: "The seconds circle of a clock, driven by a FrameClock display link.",
        discussion: """
            Draws in the terminal by default (plain status lines when standard output is not a terminal).
            Each frame shows the wall-clock time at the frame's target timestamp, the instant it will be
            on screen. Ctrl-C stops it.
              clock-demo --duration 10
              clock-demo --render-at 12:00:15 --output face.png
              clock-demo --output frames/ --duration 2
              clock-demo --display kms:/dev/dri/card0
              clock-demo --display wayland --duration 5
              clock-demo --display wayland --fullscreen-hz 60 --move-to-hz 144 --move-after 3
              clock-demo --naive --work-ms 20
              clock-demo --lookup example.org --lookup-on frame-thread
            """)

    @Option(
        help:
            "Where ticks come from: auto (DRM vblank if a lit CRTC can be used, else a timer), drm or timer.")
    var source: SourceChoice = .auto

    @Option(
        parsing: .unconditional,
        help: "Frames per second: the timer's rate, or the preferred rate on a display.")
    var fps: Double = 60

    @Option(parsing: .unconditional, help: "Seconds to run; 0 runs until Ctrl-C.")
    var duration: Double = 0

    @Option(
        name: .customLong("work-ms"), parsing: .unconditional,
        help: "Simulated work per frame, in milliseconds (shows skipping).")
    var workMilliseconds: Double = 0

    @Flag(
        help:
            "Drive the circle from a naive Foundation Timer that samples the time when called, for comparison."
    )
    var naive = false

    @Option(
        help: """
            Where to draw: terminal, text (status lines only), kms[:DEVICE] for a real display \
            (DRM master needed: root, no compositor on the card; the first card with a connected output \
            when no DEVICE is given), wayland for a window on the compositor WAYLAND_DISPLAY names \
            (paced by its frame callbacks), x11 for a window on the X server DISPLAY names (paced by \
            the Present extension), or auto (wayland when that compositor answers, else x11 when that \
            X server answers, else terminal or text; each fallback says why on standard error).
            """)
    var display: DisplayChoice?

    @Option(
        name: .customLong("fullscreen-hz"),
        help: "With --display wayland: show the window full screen on the output refreshing at this rate.")
    var fullscreenHz: Double?

    @Option(
        name: .customLong("move-to-hz"),
        help: "With --fullscreen-hz: after --move-after seconds, move the window to the output of this rate.")
    var moveToHz: Double?

    @Option(
        name: .customLong("move-after"), help: "Seconds before --move-to-hz moves the window (default 3).")
    var moveAfter: Double?

    @Option(help: .hidden)
    var screenshot: String?

    @Option(help: "Write frames as PNG files into this directory; with --render-at, the PNG file to write.")
    var output: String?

    @Option(
        name: .customLong("render-at"),
        help: "Draw one frame for this wall time (HH:MM:SS) into --output and exit.")
    var renderAt: String?

    @Option(
        parsing: .unconditional,
        help: "Size of the face in pixels for PNG output (the terminal and KMS fit their own).")
    var size: Int = 256

    @Option(
        help: """
            Write the display link's frame timeline here when the run ends: Chrome trace-event JSON \
            (opens in Perfetto's UI), or CSV with KWin's columns when FILE ends in .csv.
            """)
    var trace: String?

    @Option(
        help: """
            Look this host name up (getaddrinfo) every --lookup-every seconds and show the last result; \
            a resolver that does not answer shows where the lookup runs.
            """)
    var lookup: String?

    @Option(
        name: .customLong("lookup-on"),
        help: """
            Where --lookup runs: actor (the default: in a detached task, its result applied on a scene \
            actor on the link's executor, between frames) or frame-thread (inside the frame callback, \
            as a naive program does: the clock freezes while the resolver waits).
            """)
    var lookupOn: LookupPlacement?

    @Option(
        name: .customLong("lookup-every"), parsing: .unconditional,
        help: "Seconds from one --lookup to the next (default 3).")
    var lookupEvery: Double?

    @Option(
        help: """
            When each frame's callback starts: after-vblank (at the refresh, the default) or \
            render-deadline (as late as the learned drawing time and the deadline allow).
            """)
    var dispatch: DispatchChoice = .afterVBlank

    @Option(
        name: .customLong("hide-at"),
        help: """
            With --display wayland: unmap the window at these seconds into the run (comma-separated, \
            such as 2,6) and map it again --hide-for seconds later; a line reports each hiding.
            """)
    var hideAt: String?

    @Option(
        name: .customLong("hide-for"), parsing: .unconditional,
        help: "Seconds each --hide-at hiding and --pause-link-at pause lasts (default 1).")
    var hideFor: Double?

    @Option(
        name: .customLong("pause-link-at"),
        help: """
            With --display wayland: pause the display link at these seconds into the run (comma-separated), \
            the window shown, and resume it --hide-for seconds later; a line reports each pause.
            """)
    var pauseLinkAt: String?

    @Option(
        name: .customLong("hidden-policy"),
        help: """
            What the link does while the window is hidden, for each --hide-at hiding in turn: keep (the \
            output's rate), pause (no frames until shown) or a rate in frames per second (default keep).
            """)
    var hiddenPolicy: String?

    /// Runs the command; every error ends it with one line on standard error and a non-zero exit
    /// (help and `--version` still print in full).
    static func main() async {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            // --help and --version print in full; a bad argument is one line, no usage text.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            fail(CommandLineError.line(forArgumentError: message(for: error)), code: exitCode(for: error))
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let code as ExitCode {
            // Already reported (a failed frame, failing page flips).
            Foundation.exit(code.rawValue)
        } catch {
            // --help and --version end here too, as a clean exit.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            fail(CommandLineError.line(for: error), code: .failure)
        }
    }

    /// Prints `clock-demo: line` on standard error and exits with `code`.
    private static func fail(_ line: String, code: ExitCode) -> Never {
        FileHandle.standardError.write(Data("clock-demo: \(line)\n".utf8))
        Foundation.exit(code.rawValue)
    }

    mutating func validate() throws {
        guard fps.isFinite, fps > 0, fps <= 1000 else {
            throw ValidationError(
                "--fps must be a number of frames per second above 0 and at most 1000, not \(fps)")
        }
        guard duration.isFinite, duration >= 0, duration <= 31_536_000 else {
            throw ValidationError(
                "--duration must be a number of seconds from 0 (until Ctrl-C) to a year, not \(duration)")
        }
        guard workMilliseconds.isFinite, workMilliseconds >= 0, workMilliseconds <= 10_000 else {
            throw ValidationError("--work-ms must be from 0 to 10000 milliseconds, not \(workMilliseconds)")
        }
        guard (16...4096).contains(size) else {
            throw ValidationError("--size must be from 16 to 4096 pixels, not \(size)")
        }
        if let renderAt {
            guard TimeOfDay(parsing: renderAt) != nil else {
                throw ValidationError(
                    "--render-at must be a time of day as HH:MM:SS (24-hour), not '\(renderAt)'")
            }
            guard let output, output.hasSuffix(".png") else {
                throw ValidationError("--render-at needs --output FILE.png, the file to write")
            }
        }
        if naive, dispatch != .afterVBlank {
            throw ValidationError(
                "--dispatch \(dispatch.rawValue) times a display link's callbacks; --naive has none")
        }
        if let trace, naive {
            throw ValidationError(
                "--trace records the display link's frames; --naive has none (not '\(trace)')")
        }
        if let screenshot, display != .wayland, display != .auto {
            throw ValidationError(
                "--screenshot writes the Wayland window's last frame; it needs --display wayland (not '\(screenshot)')"
            )
        }
        try validateLookup()
        try validatePlacement()
        if try hidingPlan != nil, display != .wayland, display != .auto {
            throw ValidationError(
                "--hide-at and --pause-link-at act on the Wayland window's link; it needs --display wayland")
        }
        if hideAt != nil || pauseLinkAt != nil, naive {
            throw ValidationError(
                "--hide-at and --pause-link-at report what a display link does; --naive has none")
        }
        if naive, source == .drm {
            throw ValidationError(
                "--naive drives the circle from a Foundation Timer; it takes no --source drm")
        }
    }

    /// `--fullscreen-hz`, `--move-to-hz` and `--move-after`.
    private func validatePlacement() throws {
        for (name, value) in [("--fullscreen-hz", fullscreenHz), ("--move-to-hz", moveToHz)] {
            if let value, !(value.isFinite && value > 0 && value <= 1000) {
                throw ValidationError(
                    "\(name) must be a refresh rate above 0 and at most 1000 Hz, not \(value)")
            }
        }
        if let moveAfter, !(moveAfter.isFinite && moveAfter >= 0 && moveAfter <= 86_400) {
            throw ValidationError("--move-after must be from 0 to 86400 seconds, not \(moveAfter)")
        }
        if fullscreenHz == nil, moveToHz != nil || moveAfter != nil {
            throw ValidationError(
                "--move-to-hz and --move-after need --fullscreen-hz, the output to start on")
        }
        if fullscreenHz != nil, display != .wayland, display != .auto {
            throw ValidationError("--fullscreen-hz places the Wayland window; it needs --display wayland")
        }
        if moveAfter != nil, moveToHz == nil { throw ValidationError("--move-after needs --move-to-hz") }
    }

    /// Where `--fullscreen-hz` puts the window, if anywhere.
    private var placement: OutputPlacement? {
        fullscreenHz.map { OutputPlacement(startHz: $0, moveHz: moveToHz, moveAfter: moveAfter ?? 3) }
    }

    /// `--lookup`, `--lookup-on` and `--lookup-every`.
    private func validateLookup() throws {
        if let lookup, lookup.isEmpty || lookup.contains(where: \.isWhitespace) {
            throw ValidationError("--lookup must be a host name, such as example.org, not '\(lookup)'")
        }
        if let lookupEvery, !(lookupEvery.isFinite && lookupEvery > 0 && lookupEvery <= 86_400) {
            throw ValidationError(
                "--lookup-every must be a number of seconds above 0 and at most a day, not \(lookupEvery)")
        }
        guard lookup != nil else {
            if let lookupOn { throw ValidationError("--lookup-on \(lookupOn.rawValue) needs --lookup HOST") }
            if lookupEvery != nil { throw ValidationError("--lookup-every needs --lookup HOST") }
            return
        }
        if naive { throw ValidationError("--lookup runs beside a display link; --naive has none") }
        if renderAt != nil { throw ValidationError("--render-at draws one frame; it takes no --lookup") }
    }

    /// The hidings `--hide-at` asks for, if any.
    private var hidingPlan: HidingPlan? {
        get throws {
            try HidingPlan(hideAt: hideAt, hideFor: hideFor, policies: hiddenPolicy, pauseLinkAt: pauseLinkAt)
        }
    }

    /// The lookups `--lookup` asks for, if any.
    private var lookupPlan: LookupPlan? {
        lookup.map {
            LookupPlan(
                host: $0, interval: .nanoseconds(Int64((lookupEvery ?? 3) * 1e9)),
                placement: lookupOn ?? .actor)
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in DemoLogHandler(label: label) }
        if let renderAt, let time = TimeOfDay(parsing: renderAt), let output {
            try renderSingleFrame(time: time, to: output)
            return
        }
        var pngDirectory: URL? = nil
        if let output {
            pngDirectory = try OutputDirectory.writable(output)
        }
        let local: DisplayChoice = pngDirectory == nil && TerminalScreen.isTerminal ? .terminal : .text
        var chosenDisplay = display ?? local
        if chosenDisplay == .auto { chosenDisplay = DisplayChoice.automatic(local: local) }
        let session = try DemoSession(
            display: chosenDisplay, pngDirectory: pngDirectory, faceSize: size,
            workNanoseconds: Int64(workMilliseconds * 1e6), naive: naive, keepingLastFrame: screenshot != nil)
        if let placement {
            guard let window = session.waylandWindow else {
                session.finish()
                throw ValidationError("--fullscreen-hz needs a Wayland window (no compositor answered)")
            }
            do {
                try placement.apply(to: window)
            } catch {
                session.finish()
                throw ValidationError("\(error)")
            }
        }
        do {
            try session.showWindow()
        } catch {
            session.finish()
            throw error
        }
        var traced: DisplayLink?
        let stopper = Stopper()
        stopper.installSignalHandlers()
        if duration > 0 { stopper.stop(after: duration) }
        do {
            if naive {
                try session.runNaive(framesPerSecond: fps, until: stopper)
            } else {
                let (link, reason) = try makeLink(display: session.displaySource)
                if trace != nil {
                    // Enough room for every frame of a timed run (a minute's worth for an open one).
                    let seconds = duration > 0 ? duration : 60
                    link.timelineCapacity = max(
                        DisplayLink.defaultTimelineCapacity, Int(seconds * fps * 1.1) + 60)
                }
                traced = link
                if dispatch == .renderDeadline { link.dispatch = .renderDeadline }
                // Subscribed before the first frame: a stall at once is reported too.
                _ = StallPrinter.start(for: link)
                if let plan = try hidingPlan {
                    guard session.waylandWindow != nil else {
                        throw ValidationError(
                            "--hide-at and --pause-link-at need a Wayland window (no compositor answered)")
                    }
                    session.startHiding(plan, link: link, stopper: stopper)
                }
                try session.run(link: link, reason: reason, lookup: lookupPlan, until: stopper)
            }
        } catch {
            session.finish()
            throw error
        }
        await stopper.wait()
        // A run that ended on an error (a failed frame, failing page flips) exits non-zero.
        let succeeded = session.finish()
        if let trace, let traced {
            let format: FrameTimeline.Format = trace.hasSuffix(".csv") ? .csv : .chromeTrace
            do {
                try traced.timeline.write(format, to: trace)
            } catch {
                throw ValidationError("cannot write the trace: \(error)")
            }
        }
        if let screenshot {
            do {
                guard try session.writeScreenshot(to: screenshot) else {
                    throw ValidationError("--screenshot: no frame reached the Wayland window")
                }
            } catch let error as RenderingError {
                throw ValidationError("cannot write the screenshot \(screenshot): \(error)")
            }
        }
        if !succeeded { throw ExitCode.failure }
    }

    /// The display link: on `--source timer` a timer; otherwise, in KMS mode, the vblank of the CRTC
    /// presented on (`display`), so that frames and page flips share one clock; in Wayland mode, the
    /// window's frame callbacks (`display`); else the first lit
    /// CRTC, or a timer at `--fps` where there is none. The reason is set where the demo replaced the
    /// link's own choice (a timer when the display's source cannot be used: a KMS output's CRTC with
    /// no vblanks, an X11 window Present reports no frames on), else `nil`.
    private func makeLink(display: DisplayLink.Source?) throws -> (DisplayLink, reason: String?) {
        let logger = Logger(label: "clock-demo")
        switch source {
        case .timer:
            return (try DisplayLink(source: .timer(framesPerSecond: fps), logger: logger), nil)
        case .drm, .auto:
            if let display {
                let link: DisplayLink
                do {
                    link = try DisplayLink(source: display, logger: logger)
                } catch {
                    guard source == .auto else { throw error }
                    // What is shown still waits for the display; only the ticks lose their alignment.
                    let reason = "the display's own frame source cannot be used: \(error)"
                    logger.notice("\(reason); timer at \(fps) Hz")
                    return (try DisplayLink(source: .timer(framesPerSecond: fps), logger: logger), reason)
                }
                link.preferredFramesPerSecond = Int(fps.rounded())
                return (link, nil)
            }
            // Without a display, `.automatic` runs its timer at the asked rate.
            let link = try DisplayLink(
                source: source == .drm ? .drm() : .automatic(fallbackFramesPerSecond: fps), logger: logger)
            link.preferredFramesPerSecond = Int(fps.rounded())
            return (link, nil)
        }
    }

    private func renderSingleFrame(time: TimeOfDay, to path: String) throws {
        let face = ClockFace(size: Size(width: Double(size), height: Double(size)))
        face.show(secondsIntoMinute: time.secondsIntoMinute, label: time.label)
        do {
            try face.render().writePNG(to: path)
        } catch {
            // The rendering error names the file and what was wrong with it.
            throw CommandLineError("\(error)")
        }
        print(
            "wrote \(path) (\(time.label), ring at \(String(format: "%.3f", time.secondsIntoMinute / 60)) of the circle)"
        )
    }
}

/// The `--source` choices.
enum SourceChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, drm, timer
}

/// The `--dispatch` choices.
enum DispatchChoice: String, ExpressibleByArgument, CaseIterable {
    case afterVBlank = "after-vblank"
    case renderDeadline = "render-deadline"
}

/// The `--display` choices.
enum DisplayChoice: ExpressibleByArgument, Equatable {
    case terminal
    case text
    case kms(device: String?)
    case wayland
    /// A window on the X server `DISPLAY` names, paced by the Present extension.
    case x11
    /// Wayland when `WAYLAND_DISPLAY` names a compositor that answers, else X11 when `DISPLAY` names
    /// a server that answers, else the terminal (or text).
    case auto

    init?(argument: String) {
        switch argument {
        case "terminal": self = .terminal
        case "text": self = .text
        case "kms": self = .kms(device: nil)
        case "wayland": self = .wayland
        case "x11": self = .x11
        case "auto": self = .auto
        default:
            guard argument.hasPrefix("kms:"), argument.count > 4 else { return nil }
            self = .kms(device: String(argument.dropFirst(4)))
        }
    }

    static var allValueStrings: [String] {
        ["terminal", "text", "kms", "kms:DEVICE", "wayland", "x11", "auto"]
    }

    /// What `auto` comes to: Wayland when its compositor answers, else X11 when its server answers,
    /// else `local`; each fallback's reason goes to standard error.
    static func automatic(local: DisplayChoice) -> DisplayChoice {
        if WaylandClockWindow.compositorAnswers { return .wayland }
        let noWayland =
            ProcessEnvironment.waylandDisplay.map { "the Wayland compositor \($0) does not answer" }
            ?? "WAYLAND_DISPLAY is not set"
        guard let noX11 = X11ClockWindow.unreachableReason else {
            FileHandle.standardError.write(Data("clock-demo: \(noWayland); using X11\n".utf8))
            return .x11
        }
        FileHandle.standardError.write(Data("clock-demo: \(noWayland); \(noX11); drawing locally\n".utf8))
        return local
    }
}

/// A failure of the demo's own, as the line it prints.
struct CommandLineError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// The line (after `clock-demo: `) for an error from running: the demo's words where it knows
    /// better, else the error's own sentence — never an enum's case name.
    static func line(for error: any Error) -> String {
        switch error {
        case DisplayLinkError.drmUnavailable(let reason, _):
            "no DRM vblank source: \(reason); use --source auto (a timer where no display can be used) "
                + "or --source timer"
        case let error as any LocalizedError:
            error.localizedDescription
        case let error as any CustomStringConvertible:
            error.description
        default:
            error.localizedDescription
        }
    }

    /// The line for a bad argument: ArgumentParser's message without its `Error: ` prefix, its
    /// first line only (the usage text is left out).
    static func line(forArgumentError message: String) -> String {
        let first = message.split(separator: "\n").first.map(String.init) ?? message
        return first.hasPrefix("Error: ") ? String(first.dropFirst("Error: ".count)) : first
    }
}
