import ArgumentParser
import Foundation
import FrameClock
import Logging

/// `frame-bench`: the display link beside the timer loops people write, interleaved in one run.
struct FrameBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame-bench",
        abstract:
            "Measures frame pacing: FrameClock's display link against naive timer loops and a clock_nanosleep reference.",
        discussion: """
            Subjects: \(Subject.allCases.map(\.rawValue).joined(separator: ", ")).
            Workloads: \(Workload.allCases.map(\.rawValue).joined(separator: ", ")).
            Writes report.md, report.json and charts (SVG and PNG) to --output; prints the Markdown report.
            """)

    @Flag(
        help: "A run of under a minute: idle, light and heavy workloads, one 1 s round, no classic case.")
    var quick = false

    @Option(help: "Comma-separated subjects (default: all available).")
    var subjects: String?

    @Option(
        help: """
            Comma-separated workloads (default: all, lookup where root can make a network namespace; with \
            --quick: idle,light,heavy).
            """)
    var workloads: String?

    @Option(parsing: .unconditional, help: "The frame rate every subject is asked for, in frames per second.")
    var rate: Double = 60

    @Option(
        parsing: .unconditional,
        help: "Seconds each subject runs per workload per round (default 5; 1 with --quick).")
    var duration: Double?

    @Option(
        parsing: .unconditional,
        help: "Rounds; subjects alternate within each round (default 2; 1 with --quick).")
    var rounds: Int?

    @Flag(
        inversion: .prefixedNo,
        help: "Run the classic 1 s timer / 1.5 s work case (default: on, off with --quick).")
    var classic: Bool?

    @Option(
        parsing: .unconditional,
        help:
            "Instead of the comparison: soak the display link for this many minutes and report growth (not for CI)."
    )
    var soak: Double?

    @Option(
        name: .customLong("soak-window"), parsing: .unconditional,
        help: "Seconds per soak window (default 60).")
    var soakWindow: Double = 60

    @Flag(
        help: """
            Instead of the comparison: after-vblank against render-deadline dispatch (latency to \
            presentation and misses, steady, step and bimodal callbacks), in virtual time and on the timer.
            """)
    var deadline = false

    @Flag(
        help: """
            With --deadline: on a real display instead (DRM master: root, no compositor), frames shown \
            by page flips on the first card with a connected output, the flips' completions as feedback.
            """)
    var kms = false

    @Flag(
        help: """
            Instead of the comparison: many links on one frame thread — a render-deadline neighbour beside an             ordinary link, and 1, 10, 100 and 500 links shared against a thread each (CPU, lateness).
            """)
    var links = false

    @Flag(
        name: .customLong("mixed-refresh"),
        help: """
            Instead of the comparison: a link on a Wayland window moved 60 → 144 → 60 Hz (--duration \
            seconds on each; WAYLAND_DISPLAY must name a compositor with both outputs, such as mutter \
            headless with two virtual monitors).
            """)
    var mixedRefresh = false

    @Flag(
        help: """
            Instead of the comparison: pictures at 23.976, 24, 25, 29.97 and 50 fps scheduled on a link \
            at --rate (DisplayLink.schedule), --duration seconds each: shown at the first refresh at or \
            after their time, early, late, dropped, and how long each was held.
            """)
    var cadence = false

    @Option(
        name: .customLong("cadence-source"),
        help: "With --cadence: timer (at --rate), or wayland (a window on WAYLAND_DISPLAY's compositor).")
    var cadenceSource = "timer"

    @Flag(
        name: .customLong("cadence-naive"),
        help: """
            With --cadence-source wayland: the same pictures also through two players without a link             (sleep until each picture's time and commit; sleep until a refresh before it), side by side.
            """)
    var cadenceNaive = false

    @Flag(
        name: .customLong("main-loop"),
        help: """
            Instead of the comparison: on a GLib main loop run by the main thread, MainActor hops with \
            FrameClockGLib's integration against 50 ms polling, and a link's callback lateness on the loop \
            against the same link on its frame thread (needs a build with the GLibMainLoop trait).
            """)
    var mainLoop = false

    @Flag(
        help: """
            Instead of the comparison: an OpenGL ES window paced by Mesa's swap interval 1, by a link \
            and by the link at its render deadline, in one session of the compositor WAYLAND_DISPLAY \
            names (needs a build with the EGLSurfaces trait).
            """)
    var gpu = false

    @Flag(
        help: """
            Instead of the comparison: an OpenGL ES window on the X server DISPLAY names, paced in one \
            session by Mesa's swap interval 1, by a swap that waits for its refresh, by the naive timer \
            loops and by a link (at its tick and at its render deadline): cadence, skipped refreshes, \
            start to presentation (needs a build with the EGLSurfaces trait).
            """)
    var x11 = false

    @Flag(
        help: """
            Instead of the comparison: 2 s drags from a pointer and a touch screen at 125 and 90 Hz, \
            injected into a weston headless of its own, each handled by the link's resampling and per \
            event: the dragged object's step variation and input-to-present latency.
            """)
    var drag = false

    @Option(
        help: """
            With --drag: weston's repaint window in milliseconds (16 repaints just before each vblank; \
            weston's own default is 7).
            """)
    var repaintWindow = DragBench.defaultRepaintWindow

    @Flag(help: "With --drag: the links start each frame at its render deadline, not at the tick.")
    var renderDeadline = false

    @Flag(
        help: """
            With --drag: the windows' connections ignore zwp_input_timestamps_manager_v1, so that input             times are the events' 32-bit milliseconds instead of the compositor's nanoseconds (the             comparison).
            """)
    var millisecondInputTimes = false

    @Option(help: "Directory for report.md, report.json and the charts.")
    var output: String = "frame-bench-report"

    mutating func validate() throws {
        guard rate.isFinite, rate >= 1, rate <= 1000 else {
            throw ValidationError("--rate must be a number of frames per second from 1 to 1000, not \(rate)")
        }
        if let duration {
            guard duration.isFinite, duration >= 0.2, duration <= 3600 else {
                throw ValidationError("--duration must be from 0.2 to 3600 seconds, not \(duration)")
            }
        }
        if let rounds, !(1...100).contains(rounds) {
            throw ValidationError("--rounds must be from 1 to 100, not \(rounds)")
        }
        _ = try parsedSubjects()
        _ = try parsedWorkloads()
        guard !output.isEmpty else { throw ValidationError("--output must name a directory") }
        if let soak {
            guard soak.isFinite, soak > 0, soak <= 10_080 else {
                throw ValidationError("--soak must be from 0 to 10080 minutes, not \(soak)")
            }
        }
        guard soakWindow.isFinite, soakWindow >= 1, soakWindow <= 3600 else {
            throw ValidationError("--soak-window must be from 1 to 3600 seconds, not \(soakWindow)")
        }
        guard CadenceBench.sources.contains(cadenceSource) else {
            throw ValidationError("--cadence-source is timer or wayland, not '\(cadenceSource)'")
        }
        if cadenceSource != "timer", !cadence {
            throw ValidationError("--cadence-source needs --cadence")
        }
        if cadenceNaive, cadenceSource != "wayland" {
            throw ValidationError("--cadence-naive needs --cadence-source wayland")
        }
        if cadence, let duration, duration > CadenceBench.longestSeconds {
            throw ValidationError(
                "--duration with --cadence must be at most \(Int(CadenceBench.longestSeconds)) seconds a rate, "
                    + "not \(duration)")
        }
    }

    /// The loud note of a report without its outside floor.
    static func noFloor(_ reason: String) -> String {
        "**WARNING: no outside floor in this report**: \(reason). The reference loop is frame-bench's own floor only."
    }

    /// The rounds asked for, else `defaultRounds` (one with --quick).
    func roundCount(default defaultRounds: Int) -> Int {
        rounds ?? (quick ? 1 : defaultRounds)
    }

    func parsedSubjects() throws -> [Subject] {
        guard let subjects else { return Subject.allCases }
        return try Self.parseList(subjects, option: "--subjects")
    }

    func parsedWorkloads() throws -> [Workload] {
        guard let workloads else { return quick ? [.idle, .light, .heavy] : Workload.allCases }
        return try Self.parseList(workloads, option: "--workloads")
    }

    static func parseList<T: RawRepresentable & CaseIterable>(_ text: String, option: String) throws -> [T]
    where T.RawValue == String {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        guard !names.isEmpty else { throw ValidationError("\(option) is empty") }
        return try names.map { name in
            guard let value = T(rawValue: name) else {
                let valid = T.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("\(option): unknown name '\(name)'; choose from \(valid)")
            }
            return value
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        let outputURL = URL(fileURLWithPath: output, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: outputURL, withIntermediateDirectories: true)
            let probe = outputURL.appendingPathComponent(".frame-bench-write-test")
            try Data().write(to: probe)
            try FileManager.default.removeItem(at: probe)
        } catch {
            throw ValidationError("--output \(output) cannot be written: \(error.localizedDescription)")
        }
        if deadline {
            let seconds = duration ?? (quick ? 2 : 10)
            let rows =
                kms
                ? try DeadlineBench.runOnDisplay(seconds: seconds)
                : try DeadlineBench.run(rate: rate, seconds: seconds)
            let markdown = DeadlineBench.markdown(rows, rate: rate)
            try markdown.write(
                to: outputURL.appendingPathComponent("deadline.md"), atomically: true, encoding: .utf8)
            if let chart = DeadlineBench.chart(rows) {
                try chart.svg.write(
                    to: outputURL.appendingPathComponent("deadline.svg"), atomically: true, encoding: .utf8)
                try ChartPNG.write(chart, to: outputURL.appendingPathComponent("deadline.png").path)
            }
            for row in rows where row.clock == "timer" && row.dispatch == "render deadline" {
                try FrameTimeline(entries: row.timeline).write(
                    .chromeTrace,
                    to: outputURL.appendingPathComponent("deadline-\(row.profile.rawValue).json").path)
            }
            print(markdown)
            return
        }
        if links {
            let seconds = duration ?? (quick ? 1 : 3)
            let neighbours = try LinksBench.runNeighbours(
                rate: rate, seconds: seconds, rounds: roundCount(default: 2))
            let counts = try LinksBench.runCounts(rate: rate, seconds: seconds, counts: [1, 10, 100, 500])
            let markdown = LinksBench.markdown(
                neighbours: neighbours, counts: counts, rate: rate, seconds: seconds)
            try markdown.write(
                to: outputURL.appendingPathComponent("links.md"), atomically: true, encoding: .utf8)
            print(markdown)
            return
        }
        if cadence {
            let seconds = duration ?? (quick ? 2 : 10)
            let results = try CadenceBench.run(
                source: cadenceSource, rate: rate, seconds: seconds, naive: cadenceNaive)
            let markdown = CadenceBench.markdown(results, source: cadenceSource, rate: rate, seconds: seconds)
            try markdown.write(
                to: outputURL.appendingPathComponent("cadence.md"), atomically: true, encoding: .utf8)
            print(markdown)
            return
        }
        if mixedRefresh {
            let seconds = duration ?? (quick ? 1 : 3)
            let report = try await MixedRefreshBench.run(seconds: seconds)
            let markdown = MixedRefreshBench.markdown(report, seconds: seconds)
            try markdown.write(
                to: outputURL.appendingPathComponent("mixed-refresh.md"), atomically: true, encoding: .utf8)
            try report.timeline.write(
                .chromeTrace, to: outputURL.appendingPathComponent("mixed-refresh.json").path)
            print(markdown)
            return
        }
        if let soak {
            let report = try await Soak.run(
                minutes: soak, rate: rate, windowSeconds: min(soakWindow, soak * 60))
            let markdown = Soak.markdown(report)
            try markdown.write(
                to: outputURL.appendingPathComponent("soak.md"), atomically: true, encoding: .utf8)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: outputURL.appendingPathComponent("soak.json"))
            print(markdown)
            return
        }
        let period = try FramePeriod(framesPerSecond: rate)
        let secondsPerRun = duration ?? (quick ? 1 : 5)
        let roundCount = rounds ?? (quick ? 1 : 2)
        var chosen = try parsedSubjects()
        var chosenWorkloads = try parsedWorkloads()
        var notes: [String] = []
        // The lookup workload runs in a network namespace of frame-bench's own: the whole comparison
        // runs again inside it, so that every subject meets the same silent resolver.
        var silentServer: SilentDNSServer? = nil
        if chosenWorkloads.contains(.lookup) {
            if LookupNamespace.current != nil {
                silentServer = try SilentDNSServer()
                notes.append(
                    "lookup: every subject looks up a host name in a network namespace made for this run, whose DNS "
                        + "server (127.0.0.1:53 inside it) never answers; nothing leaves the namespace.")
            } else if let reason = LookupNamespace.unavailableReason() {
                chosenWorkloads.removeAll { $0 == .lookup }
                notes.append("lookup left out: \(reason)")
                guard !chosenWorkloads.isEmpty else {
                    throw ValidationError("--workloads lookup cannot run here: \(reason)")
                }
            } else {
                let status = try LookupNamespace.runInside(
                    arguments: Array(CommandLine.arguments.dropFirst()))
                if status != 0 { throw ExitCode(status) }
                return
            }
        }
        defer { withExtendedLifetime(silentServer) {} }
        if chosen.contains(.linkDRM) {
            do {
                let probe = try DisplayLink(source: .drm(), logger: Logger(label: "frame-bench"))
                probe.invalidate()
            } catch {
                chosen.removeAll { $0 == .linkDRM }
                notes.append("link-drm left out: \(error)")
            }
        }
        if chosen.contains(where: \.isExternal) {
            if Cyclictest.executable() == nil {
                chosen.removeAll { $0.isExternal }
                notes.append(
                    Self.noFloor("cyclictest is not installed (Debian's rt-tests: apt-get install rt-tests)"))
            } else {
                let invocation = Cyclictest.Invocation(
                    periodNanoseconds: period.nanoseconds, runNanoseconds: 0, priority: 10,
                    defaultSystem: false)
                notes.append(
                    "cyclictest runs as the display link's frame thread does: SCHED_FIFO priority 10 where granted, "
                        + "1 ns timer slack, no mlockall, no work per frame; `cyclictest` with its own tuning (a "
                        + "CPU-latency request of 0 on /dev/cpu_dma_latency, held for the whole run), "
                        + "`cyclictest-default-system` with --default-system (no request); "
                        + "its interval is whole microseconds: \(invocation.intervalMicroseconds) µs for the period of "
                        + "\(MarkdownReport.format(period.nanoseconds / 1000, 3)) µs.")
            }
        }
        guard !chosen.isEmpty else {
            throw ValidationError("no subject left to run: \(notes.joined(separator: "; "))")
        }
        var progress = ProgressBar(total: roundCount * chosen.count * chosenWorkloads.count)
        for note in notes { progress.announce(note) }
        var records: [Subject: [Workload: [RunRecord]]] = [:]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<roundCount {
            for workload in chosenWorkloads {
                // Rotate the order every round so that no subject always follows the same one.
                let offset = (round + chosenWorkloads.firstIndex(of: workload)!) % max(1, chosen.count)
                let order = Array(chosen[offset...] + chosen[..<offset])
                seed &+= 0x1234_5678
                for subject in order where chosen.contains(subject) {
                    let seconds = max(secondsPerRun, workload.minimumRunSeconds())
                    let context = RunContext(
                        subject: subject, workload: workload, period: period,
                        runNanoseconds: Int64(seconds * 1e9), seed: seed)
                    do {
                        let record = try await SubjectRunner.run(context)
                        records[subject, default: [:]][workload, default: []].append(record)
                    } catch let failure as Cyclictest.Failure {
                        // The comparison goes on without its outside floor, and says so.
                        chosen.removeAll { $0 == subject }
                        let note = Self.noFloor(failure.description)
                        notes.append(note)
                        progress.announce(note)
                    }
                    progress.advance(label: "round \(round + 1) \(workload.rawValue) \(subject.rawValue)")
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
        }
        var results: [SubjectFigures] = []
        for workload in chosenWorkloads {
            for subject in chosen {
                if let figures = Analysis.figures(for: records[subject]?[workload] ?? []) {
                    results.append(figures)
                }
            }
        }
        var classicRows: [ClassicCaseRow]? = nil
        if classic ?? !quick {
            classicRows = try await ClassicCase.run(
                subjects: chosen.filter { !$0.isExternal }, progress: &progress)
        }
        let linkReport = records[.linkTimer]?.values.first?.first?.threadReport
        let referenceReport = records[.reference]?.values.first?.first?.threadReport
        let report = BenchReport(
            machine: .current(frameThread: linkReport ?? referenceReport), rateFramesPerSecond: rate,
            secondsPerRun: secondsPerRun, rounds: roundCount, subjects: chosen, workloads: chosenWorkloads,
            results: results, classicCase: classicRows, notes: notes)
        let markdown = MarkdownReport.render(report)
        try markdown.write(
            to: outputURL.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(report).write(to: outputURL.appendingPathComponent("report.json"))
        for file in try Charts.write(report, to: outputURL) { progress.announce("wrote \(file)") }
        print(markdown)
    }
}
