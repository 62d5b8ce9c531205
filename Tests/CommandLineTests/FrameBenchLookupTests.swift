import Foundation
import Testing

/// frame-bench's lookup workload: "Wi-Fi up, uplink down" for every subject, in a network namespace
/// frame-bench makes and removes itself. A naive loop can only wait for the resolver in its
/// callback; the display link looks up off its frame thread and applies the result on its frame
/// actor (what that means in frames is in the report: `docs/frame-bench/lookup`).
@Suite(
    "frame-bench's lookup workload",
    .serialized,
    .enabled(
        if: NetworkNamespaceAvailability.testsRun, Comment(rawValue: NetworkNamespaceAvailability.skipReason))
)
struct FrameBenchLookupTests {
    @Test(
        "a naive loop waits for each lookup in its callback; the display link applies results on its frame actor"
    )
    func theLinkMovesTheLookupOffItsFrameThread() throws {
        if let obstacle = NetworkNamespaceAvailability.obstacle {
            Issue.record("CI=true, and network namespaces cannot be made here: \(obstacle)")
        }
        let run = try FrameBenchCommandLineTests.TinyRun([
            "--subjects", "link-timer,sleep-loop", "--workloads", "lookup", "--duration", "7",
        ])
        let transcript = "stdout:\n\(run.result.standardOutput)\nstderr:\n\(run.result.standardError)"
        func row(_ subject: String) throws -> (figures: [String: Any], lookups: [String: Any]) {
            let figures = try #require(
                run.results.first { $0["subject"] as? String == subject }, "\(transcript)")
            let lookups = try #require(figures["lookups"] as? [String: Any], "\(subject): \(transcript)")
            // Every lookup went to the silent server, waited for its 2 s timeout and failed.
            let count = try #require(lookups["count"] as? Int)
            #expect(count >= 1, "\(subject): \(transcript)")
            #expect(lookups["failed"] as? Int == count, "\(subject): \(transcript)")
            #expect((lookups["longestMilliseconds"] as? Double ?? 0) >= 1500, "\(subject): \(transcript)")
            return (figures, lookups)
        }
        let naive = try row("sleep-loop")
        let link = try row("link-timer")
        #expect((naive.lookups["applied"] as? String)?.hasPrefix("in the callback") == true, "\(transcript)")
        #expect(
            (link.lookups["applied"] as? String)?.contains("applied on the frame actor") == true,
            "\(transcript)")
        // What the waits cost in frames is a real-time figure: the report's, not this test's.
        #expect(naive.figures["skippedIntervals"] is Int && link.figures["skippedIntervals"] is Int)
        #expect(run.result.standardOutput.contains("## Workload: lookup"), "\(transcript)")
        // The namespace and its resolv.conf are gone.
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/etc/netns")) ?? []
        #expect(!folders.contains { $0.hasPrefix("frame-bench-lookup-") }, "\(folders)")
        let namespaces = try SilentResolverNamespace.ip(["netns", "list"])
        #expect(!namespaces.contains("frame-bench-lookup-"), "\(namespaces)")
    }
}
