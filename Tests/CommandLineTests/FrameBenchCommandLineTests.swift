import Foundation
import Testing

@Suite("frame-bench command line")
struct FrameBenchCommandLineTests {
    @Test(arguments: [
        (["--rate", "0"], "--rate must be"), (["--rate=-60"], "--rate must be"),
        (["--rate", "nan"], "--rate must be"),
        (["--rate", "inf"], "--rate must be"), (["--rate", "abc"], "--rate"),
        (["--rate", "1e9"], "--rate must be"),
        (["--rate"], "Missing value"), (["--duration=-1"], "--duration must be"),
        (["--duration", "-1"], "Missing value"), (["--duration", "0"], "--duration must be"),
        (["--duration", "1e12"], "--duration must be"), (["--rounds", "0"], "--rounds must be"),
        (["--rounds", "99999999999999999999"], "--rounds"),
        (["--subjects", "bogus"], "unknown name 'bogus'"),
        (["--subjects", ""], "--subjects is empty"), (["--workloads", "light,nope"], "unknown name 'nope'"),
        (["--no-such-flag"], "Unknown option"), (["--output", "/proc/forbidden/dir"], "cannot be written"),
    ])
    func badInputIsAClearErrorAndANonZeroExit(arguments: [String], message: String) throws {
        let result = try ExecutableRunner.run("frame-bench", arguments)
        #expect(result.status != 0)
        #expect(result.status != -1, "hung")
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
    }

    @Test func aTinyRunWritesTheReportFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "frame-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ExecutableRunner.run(
            "frame-bench",
            [
                "--subjects", "reference,link-timer,dispatch-timer", "--workloads", "light,heavy",
                "--duration", "0.3",
                "--rounds", "1", "--no-classic", "--output", folder.path,
            ], timeout: 120)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("# frame-bench report"))
        for file in [
            "report.md", "report.json", "lateness-cdf.svg", "lateness-cdf.png", "intervals.svg",
            "intervals.png",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
        }
        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("report.json")))
        let results = try #require((json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(results.count == 6)
        let heavyLink = try #require(
            results.first { $0["subject"] as? String == "link-timer" && $0["workload"] as? String == "heavy" }
        )
        // 1.5 intervals of work: the link skips and says so, and never bursts or doubles a frame.
        #expect((heavyLink["bursts"] as? Int) == 0)
        #expect((heavyLink["duplicates"] as? Int) == 0)
        #expect((heavyLink["reportedSkips"] as? Int ?? 0) > 0)
    }
}
