import Testing

@testable import FrameClock

@Suite("The frame thread's executor after one long job")
struct FrameExecutorLongJobTests {
    /// A job that blocked 2 s (a lookup on a dead uplink, awaited on the scene actor) makes the
    /// predicted job duration 2 s, which no 16.7 ms frame fits: the jobs after it must still run
    /// while frames go on, not wait until the link stops.
    @Test("a 2 s job does not keep the jobs after it waiting while frames run (virtual time)")
    func aLongJobDoesNotStarveTheJobsAfterIt() async throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let scene = FrameScene(link: link, source: source)
        try link.start { _ in }
        Task { await scene.work(0, milliseconds: 2000) }
        try #require(await FrameExecutorTests.waitUntil { link.executor.pendingJobs == 1 })
        source.advanceTicks(2)
        try #require(scene.log.withLock { $0 } == [0])
        for index in 1...3 {
            Task { await scene.work(index, milliseconds: 1) }
            try #require(await FrameExecutorTests.waitUntil { link.executor.pendingJobs == 1 })
            source.advanceTicks(2)
        }
        #expect(scene.log.withLock { $0 } == [0, 1, 2, 3])
        link.invalidate()
    }
}
