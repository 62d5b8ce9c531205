import Foundation
import Testing
import WestonFixture

@testable import FrameBench

@Suite("frame-bench command line")
struct FrameBenchCommandLineTests {
    @Test(arguments: [
        (["--rate", "0"], "--rate must be"), (["--rate=-60"], "--rate must be"),
        (["--rate", "nan"], "--rate must be"),
        (["--rate", "inf"], "--rate must be"), (["--rate", "abc"], "--rate"),
        (["--rate", "1e9"], "--rate must be"),
        (["--rate"], "Missing value"), (["--duration=-1"], "--duration must be"),
        (["--duration", "-1"], "--duration must be"), (["--rate", "-60"], "--rate must be"),
        (["--rounds", "-2"], "--rounds must be"), (["--soak", "-5"], "--soak must be"),
        (["--duration", "0"], "--duration must be"),
        (["--duration", "1e12"], "--duration must be"), (["--rounds", "0"], "--rounds must be"),
        (["--rounds", "99999999999999999999"], "--rounds"),
        (["--subjects", "bogus"], "unknown name 'bogus'"),
        (["--subjects", ""], "--subjects is empty"), (["--workloads", "light,nope"], "unknown name 'nope'"),
        (["--no-such-flag"], "Unknown option"), (["--output", "/proc/forbidden/dir"], "cannot be written"),
        // The tests' build has no GLibMainLoop trait; bad options are refused before that matters.
        (["--main-loop"], "--main-loop needs FrameClockGLib"),
        (["--main-loop", "--rate", "0"], "--rate must be"),
        // Nor the EGLSurfaces trait.
        (["--gpu"], "--gpu needs frame-bench built with the EGLSurfaces trait"),
        (["--gpu", "--rounds", "0"], "--rounds must be"),
        // Without the trait, or with it and no X server (DISPLAY unset in the tests' environment).
        (["--x11"], "--x11 needs"),
        (["--x11", "--rounds", "0"], "--rounds must be"),
        (["--drag", "--rounds", "0"], "--rounds must be"),
        (["--cadence", "--cadence-source", "vulkan"], "--cadence-source is timer or wayland, not 'vulkan'"),
        (["--cadence-source", "wayland"], "--cadence-source needs --cadence"),
        (["--cadence", "--cadence-naive"], "--cadence-naive needs --cadence-source wayland"),
        (["--cadence", "--duration", "600"], "--duration with --cadence must be at most 120 seconds"),
        // No compositor (none in the tests' environment).
        (
            [
                "--cadence", "--cadence-source", "wayland", "--output",
                NSTemporaryDirectory() + "/frame-bench-cadence",
            ],
            "--cadence-source wayland needs WAYLAND_DISPLAY"
        ),
        // No compositor with a 60 Hz and a 144 Hz output (none at all in the tests' environment).
        (
            ["--mixed-refresh", "--output", NSTemporaryDirectory() + "/frame-bench-mixed-refresh"],
            "--mixed-refresh needs"
        ),
    ])
    func badInputIsAClearErrorAndANonZeroExit(arguments: [String], message: String) throws {
        let result = try ExecutableRunner.run("frame-bench", arguments)
        #expect(result.status != 0)
        #expect(result.status != -1, "hung")
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
    }

    @Test("--cadence on the timer: a row for each content rate, every picture shown, none early")
    func cadenceOnTheTimer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "frame-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ExecutableRunner.run(
            "frame-bench", ["--cadence", "--duration", "0.5", "--output", folder.path], timeout: 120)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = result.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("| ") && $0.contains(" fps |")
        }
        #expect(rows.count == CadenceBench.contentRates.count, "\(result.standardOutput)")
        for row in rows {
            // content | player | pictures | shown | at the model's refresh | early | late | dropped | …
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count >= 13, "\(row)")
            guard cells.count >= 13, let pictures = Int(cells[2]), let shown = Int(cells[3]),
                let dropped = Int(cells[7])
            else { continue }
            #expect(cells[1] == "display link", "\(row)")
            // A timer's targets are exact: every picture at its model refresh, none before its time,
            // each shown or dropped, no hold off the model.
            #expect(cells[4] == cells[3], "\(row)")
            #expect(cells[5] == "0", "\(row)")
            #expect(shown + dropped == pictures, "\(row)")
            #expect(cells[12] == "0", "\(row)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("cadence.md").path))
    }

    /// A short run of frame-bench into a new folder: what it printed, the files it wrote and the
    /// results in its report.json. The folder is removed afterwards.
    struct TinyRun {
        var result: ExecutableRunner.Result
        var files: [String]
        /// The SVG charts' text.
        var svg: [String]
        var results: [[String: Any]]

        init(_ arguments: [String]) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "frame-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            result = try ExecutableRunner.run(
                "frame-bench", arguments + ["--rounds", "1", "--no-classic", "--output", folder.path],
                timeout: 120)
            #expect(result.status == 0, "stderr: \(result.standardError)")
            files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            svg = try files.filter { $0.hasSuffix(".svg") }.map {
                try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
            }
            let json = try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("report.json")))
            results = try #require((json as? [String: Any])?["results"] as? [[String: Any]])
        }
    }

    @Test func aTinyRunWritesTheReportFiles() throws {
        let run = try TinyRun([
            "--subjects", "reference,link-timer,dispatch-timer", "--workloads", "light,heavy", "--duration",
            "0.3",
        ])
        #expect(run.result.standardOutput.contains("# frame-bench report"))
        for file in [
            "report.md", "report.json", "lateness-cdf.svg", "lateness-cdf.png", "intervals.svg",
            "intervals.png",
        ] {
            #expect(run.files.contains(file), "\(file)")
        }
        #expect(run.results.count == 6)
        // Real text in both charts, not glyph outlines.
        #expect(run.svg.count == 2 && run.svg.allSatisfy { $0.contains(">link-timer</text>") })
        let heavyLink = try #require(
            run.results.first {
                $0["subject"] as? String == "link-timer" && $0["workload"] as? String == "heavy"
            })
        // 1.5 intervals of work: the link skips and says so, and never bursts or doubles a frame.
        #expect((heavyLink["bursts"] as? Int) == 0)
        #expect((heavyLink["duplicates"] as? Int) == 0)
        #expect((heavyLink["reportedSkips"] as? Int ?? 0) > 0)
    }

    /// `--drag` under the weston it starts: a row for each device, rate and handling, every sample
    /// sent used by a frame (the pointer's enter and first position are two more), and every frame
    /// answered by the compositor: presented, or dropped (replaced before its repaint, which a loaded
    /// machine may cause and the report counts), never without feedback.
    @Test(.enabled(if: WestonAvailability.testsRun, Comment(rawValue: WestonAvailability.skipReason)))
    func aDragRunReportsEveryCase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "frame-bench-drag-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ExecutableRunner.run(
            "frame-bench", ["--drag", "--rounds", "1", "--output", folder.path], timeout: 180)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let report = try String(contentsOf: folder.appendingPathComponent("drag.md"), encoding: .utf8)
        let rows = report.split(separator: "\n").filter {
            $0.hasPrefix("| pointer |") || $0.hasPrefix("| touch |")
        }
        #expect(rows.count == 8, "\(report)")
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            // Step variation, and its two sources (sampling, position error): percentages.
            for cell in cells[5...7] { #expect(cell.hasSuffix("%") && !cell.hasPrefix("nan"), "\(row)") }
            let counts = cells[12].split(separator: "/").compactMap {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            try #require(counts.count == 2, "\(row)")
            let extra = cells[0] == "pointer" ? 0...2 : 0...0
            #expect(extra.contains(counts[1] - counts[0]), "\(row)")
            #expect(Int(cells[13]) != nil, "\(row)")
            #expect(cells[14] == "0", "\(row)")
        }
        // Beside the report, each drag's frames and its link's timeline: a header, then whole rows.
        let tables = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("drag-r1-") && $0.hasSuffix(".csv")
        }
        #expect(tables.count == 16, "\(tables)")
        for name in tables {
            let lines = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n")
            let header = try #require(lines.first, "\(name)")
            #expect(
                name.hasSuffix("-frames.csv")
                    ? header.hasPrefix("sequence,timestamp,")
                    : header.hasPrefix("target pageflip timestamp,"),
                "\(name)")
            let columns = header.split(separator: ",").count
            #expect(lines.count > 1, "\(name)")
            #expect(
                lines.dropFirst().allSatisfy {
                    $0.split(separator: ",", omittingEmptySubsequences: false).count == columns
                }, "\(name)")
        }
    }

    /// cyclictest beside the display links under the idle workload: its row, or a loud warning
    /// where it is not installed; wake-ups per frame for every subject.
    @Test func anIdleRunWithTheOutsideFloor() throws {
        let run = try TinyRun([
            "--subjects", "cyclictest,link-timer,dispatch-timer", "--workloads", "idle", "--duration", "0.5",
        ])
        for row in run.results {
            let wakeUps = try #require(row["wakeUpsPerFrame"] as? Double, "\(row["subject"] ?? "?")")
            #expect(wakeUps > 0)
            // The frame thread's own part: a share of the process's, and only for the link.
            let own = row["callbackThreadWakeUpsPerFrame"] as? Double
            if row["subject"] as? String == "link-timer" {
                let own = try #require(own)
                #expect(own > 0 && own <= wakeUps)
            } else {
                #expect(own == nil)
            }
        }
        let floor = run.results.first { $0["subject"] as? String == "cyclictest" }
        if Cyclictest.executable() != nil {
            let row = try #require(floor)
            #expect(row["isFloor"] as? Bool == true)
            #expect((row["frames"] as? Int ?? 0) >= 20)
            #expect(run.result.standardOutput.contains("## Summary: against cyclictest"))
        } else {
            #expect(floor == nil)
            #expect(run.result.standardOutput.contains("**WARNING: no outside floor in this report**"))
        }
    }
}
