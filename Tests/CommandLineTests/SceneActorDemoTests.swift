import Foundation
import Testing

/// Examples/SceneActorDemo: the spinner keeps turning on the frame thread while a 2 s blocking fetch
/// runs in a detached task, and the result is applied on the scene actor, on the frame thread.
@Suite("scene-actor-demo")
struct SceneActorDemoTests {
    @Test func theSpinnerTurnsWhileTheFetchIsOut() throws {
        let result = try ExecutableRunner.run("scene-actor-demo", ["3"], timeout: 30)
        let output = result.standardOutput
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            output.contains("applied between frames (on the frame thread: true): fetched in 2.0"), "\(output)"
        )
        let summary = try #require(output.split(separator: "\n").last, "\(output)")
        let during = try #require(
            summary.range(of: "while the fetch was out: ").map { Int(summary[$0.upperBound...]) } ?? nil,
            "\(output)")
        // 2 s at 30 Hz is 60 frames; a frame thread that waited for the fetch would draw one.
        #expect(during >= 48, "\(output)")
        #expect(output.contains("2 s: "), "\(output)")
    }
}
