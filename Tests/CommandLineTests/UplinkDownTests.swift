import Foundation
import Testing

/// The seeds' stall, for real: "Wi-Fi up, uplink down". clock-demo runs inside a network namespace
/// whose DNS server reads queries and never answers, looking a host name up with `getaddrinfo`,
/// which blocks about 2 s. Looked up in the frame callback, the clock freezes and the stall report
/// names `getaddrinfo`; looked up in a detached task with the result applied on the scene actor,
/// not one frame is skipped.
@Suite(
    "Wi-Fi up, uplink down: a lookup whose DNS server never answers",
    .serialized,
    .enabled(
        if: NetworkNamespaceAvailability.testsRun, Comment(rawValue: NetworkNamespaceAvailability.skipReason))
)
struct UplinkDownTests {
    /// A name only the namespace's silent server is asked about (`.example` is reserved).
    static let host = "frameclock.example"
    static let framesPerSecond = 30.0
    static let seconds = 3.5

    /// clock-demo's summary and lines, and the queries the silent server read meanwhile.
    struct Run {
        var result: ExecutableRunner.Result
        var queries: Int

        func figure(_ name: String) -> Int? {
            ClockDemoCommandLineTests.figure(name, in: result.standardOutput)
        }

        var transcript: String { "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)" }
    }

    /// Runs clock-demo for 3.5 s at 30 Hz with one lookup (the next one would be 10 s later) placed
    /// as `placement` says, in a namespace made for the run and removed after it.
    func runClockDemo(lookupOn placement: String) throws -> Run {
        if let obstacle = NetworkNamespaceAvailability.obstacle {
            Issue.record("CI=true, and network namespaces cannot be made here: \(obstacle)")
        }
        let namespace = try SilentResolverNamespace()
        defer { namespace.remove() }
        let result = try namespace.run(
            ExecutableRunner.buildFolder.appendingPathComponent("clock-demo"),
            [
                "--source", "timer", "--fps", "\(Self.framesPerSecond)", "--duration", "\(Self.seconds)",
                "--lookup", Self.host, "--lookup-on", placement, "--lookup-every", "10",
            ], timeout: 20)
        return Run(result: result, queries: namespace.queriesRead)
    }

    /// The run ended well, and its one lookup went to the namespace's server, waited for it for
    /// seconds, and failed — and its result reached the demo.
    func expectTheLookupWaited(_ run: Run) throws {
        #expect(run.result.status == 0, "\(run.transcript)")
        #expect(run.queries >= 1, "the silent server read no query: \(run.transcript)")
        #expect(run.result.standardOutput.contains("lookup \(Self.host): failed after "), "\(run.transcript)")
        let longest = try #require(run.figure("longest lookup"), "\(run.transcript)")
        #expect(longest >= 1500, "\(run.transcript)")
        #expect(run.figure("lookups") == 1, "\(run.transcript)")
    }

    /// Whether this test process (and so the clock-demo built beside it) runs under the thread
    /// sanitizer.
    static let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

    @Test("on the frame thread, getaddrinfo freezes the clock, and the stall report names it")
    func aLookupOnTheFrameThreadFreezesTheClock() throws {
        let run = try runClockDemo(lookupOn: "frame-thread")
        let errors = run.result.standardError
        try expectTheLookupWaited(run)
        // The clock froze meanwhile: 2 s at 30 Hz is 60 intervals.
        let skipped = try #require(run.figure("skipped"), "\(run.transcript)")
        #expect(skipped >= 30, "\(run.transcript)")
        // Reported while it lasted, with the resolver in the frame thread's stack, and at its end.
        let report = try #require(
            errors.range(of: "frame thread stalled ").map { errors[$0.lowerBound...] }, "\(run.transcript)")
        let stack = report.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("    ") }
        // Under the thread sanitizer (clock-demo built with it too), the sampling signal is held back
        // until the blocked call returns, so the report comes without a stack there.
        if !Self.underThreadSanitizer {
            #expect(
                stack.contains { $0.contains("getaddrinfo") || $0.contains("__res_context") },
                "\(run.transcript)")
        }
        #expect(
            report.contains("in the callback of display link")
                && errors.contains("frame thread stall ended after"),
            "\(run.transcript)")
    }

    /// Frames a busy machine's scheduler may cost a clock that is not frozen: a quarter of the 60 the
    /// lookup's 2 s would freeze.
    static let schedulingSkips = 15

    @Test("off the frame thread, with the result applied on the scene actor, the clock never freezes")
    func aLookupOnTheSceneActorSkipsNoFrame() throws {
        let run = try runClockDemo(lookupOn: "actor")
        try expectTheLookupWaited(run)
        // Meanwhile the clock went on, and no stall: a frozen clock skips the lookup's 60 intervals;
        // a loaded machine may deschedule the frame thread for a few frames, never a quarter of those.
        let skipped = try #require(run.figure("skipped"), "\(run.transcript)")
        let frames = try #require(run.figure("frames"), "\(run.transcript)")
        #expect(skipped <= Self.schedulingSkips, "\(run.transcript)")
        #expect(Double(frames) >= Self.framesPerSecond * Self.seconds * 0.8, "\(run.transcript)")
        #expect(!run.result.standardError.contains("frame thread stalled"), "\(run.transcript)")
    }
}
