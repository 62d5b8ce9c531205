import Foundation
import TestSupport
import Testing

@testable import FrameClock
@testable import PacingReference

/// Content at chosen times under random scripts in virtual time: two links on one manual source,
/// each dispatch mode, long callbacks, pauses, rate changes, seeks and policy changes between
/// advances. Every frame's content is checked against the reference model's rule C1 over the queue (what was scheduled,
/// what frames took): the content a frame shows is the one the policy picks from the content due by
/// its target, and nothing else takes content (a decision rehearsed or a planned frame given up).
@Suite("Content at chosen times: random scripts")
struct ScheduledContentScriptTests {
    /// One link's side of a script: what it was given and what its frames showed.
    final class LinkRun: @unchecked Sendable {
        let link: DisplayLink
        /// The content scheduled and not yet taken or removed, in order (the model's queue).
        var waiting: [ScheduledContent] = []
        var nextID: UInt64 = 0
        var lastTime: Int64
        var policy = LateContentPolicy.dropLate
        let frames = Locked([Frame]())
        /// Frames already compared with the model.
        var checked = 0
        var shownIDs: Set<UInt64> = []

        init(link: DisplayLink, start: Int64) {
            self.link = link
            lastTime = start
        }
    }

    static let scripts = 300

    @Test("300 scripts: each frame shows what the model's queue gives it, never early, each piece once")
    func randomScripts() throws {
        var generator = SplitMix64(seed: 51)
        for script in 0..<Self.scripts {
            try run(script: script, generator: &generator)
        }
    }

    func run(script: Int, generator: inout SplitMix64) throws {
        let rates = [60.0, 59.94, 120, 144, 90, 50]
        let source = try ManualFrameSource(framesPerSecond: rates.randomElement(using: &generator)!)
        let period = Int64(source.period.nanoseconds)
        var runs: [LinkRun] = []
        for _ in 0..<2 {
            let link = try DisplayLink(source: .manual(source))
            if Bool.random(using: &generator) { link.dispatch = .renderDeadline }
            let run = LinkRun(link: link, start: source.now.nanoseconds)
            // Long callbacks now and then: refreshes go by without a frame.
            let longEvery = Int.random(in: 3...20, using: &generator)
            let longFor = Int64.random(in: period / 2...period * 4, using: &generator)
            try link.start { frame in
                run.frames.withLock { $0.append(frame) }
                if frame.sequence % UInt64(longEvery) == 0 { source.elapse(.nanoseconds(longFor)) }
            }
            runs.append(run)
        }
        defer { for run in runs { run.link.invalidate() } }
        for step in 0..<60 {
            for run in runs {
                switch Int.random(in: 0..<20, using: &generator) {
                case 0: run.link.isPaused.toggle()
                case 1: run.link.preferredFramesPerSecond = [0, 30, 60].randomElement(using: &generator)!
                case 2:
                    run.link.removeScheduledContent()
                    run.waiting.removeAll()
                    // After a seek any time goes, even one before the content removed.
                    run.lastTime =
                        source.now.nanoseconds - Int64.random(in: 0...period * 3, using: &generator)
                case 3:
                    run.policy = run.policy == .dropLate ? .showLate : .dropLate
                    run.link.lateContentPolicy = run.policy
                default: break
                }
                // A few pieces, some due already, some within one refresh of each other.
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    var time = max(
                        run.lastTime + Int64.random(in: 1...period * 2, using: &generator),
                        source.now.nanoseconds - Int64.random(in: 0...period * 2, using: &generator))
                    // A third exactly at a refresh, or a nanosecond either side of one: the edges of
                    // "at or after".
                    if Int.random(in: 0..<3, using: &generator) == 0 {
                        let tick = Int64(Double(time) / source.period.nanoseconds) + 1
                        time =
                            source.timestamp(ofTick: tick).nanoseconds
                            + Int64.random(in: -1...1, using: &generator)
                        guard time > run.lastTime else { continue }
                    }
                    let content = ScheduledContent(
                        id: run.nextID, presentationTime: MonotonicInstant(nanoseconds: time))
                    do {
                        try run.link.schedule(content)
                        run.waiting.append(content)
                        run.nextID += 1
                        run.lastTime = time
                    } catch {
                        Issue.record("script \(script) step \(step): \(error)")
                    }
                }
            }
            _ = source.advanceTicks(Int.random(in: 1...6, using: &generator))
            for (index, run) in runs.enumerated() {
                check(run, script: script, link: index, step: step)
            }
        }
    }

    /// Compares the frames delivered since the last check with the model's queue.
    func check(_ run: LinkRun, script: Int, link: Int, step: Int) {
        let frames = run.frames.withLock { $0 }
        for frame in frames[run.checked...] {
            let place = "script \(script) link \(link) step \(step) frame \(frame.sequence)"
            // The reference model's rule C1.
            let choice = PacingModel.content(
                waitingTimes: run.waiting.map(\.presentationTime.nanoseconds),
                target: frame.targetTimestamp.nanoseconds, showLate: run.policy == .showLate)
            #expect(
                frame.content == choice.shown.map { run.waiting[$0] }, "\(place): \(run.waiting.prefix(4))")
            #expect(frame.droppedContent == choice.dropped, "\(place)")
            if let content = frame.content {
                #expect(content.presentationTime <= frame.targetTimestamp, "\(place): early")
                #expect(run.shownIDs.insert(content.id).inserted, "\(place): shown twice")
            }
            run.waiting.removeFirst(choice.taken)
        }
        run.checked = frames.count
        #expect(
            run.link.scheduledContentCount == run.waiting.count, "script \(script) link \(link) step \(step)")
    }

    @Test(
        "a producer thread schedules while a timer link's frame thread takes: never early, in order, every piece shown or dropped"
    )
    func producerThreadAgainstATimer() throws {
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 500), options: FrameThreadOptions(realtimePriority: nil))
        let frames = Locked([Frame]())
        try link.start { frame in frames.withLock { $0.append(frame) } }
        let pieces = 400
        let start = MonotonicInstant.now()
        for index in 0..<pieces {
            // 1.3 ms apart against 2 ms refreshes: most frames drop one piece.
            let content = ScheduledContent(
                id: UInt64(index), presentationTime: start + .microseconds(1300 * index + 5000))
            var scheduled = false
            for _ in 0..<1000 where !scheduled {
                do {
                    try link.schedule(content)
                    scheduled = true
                } catch {
                    // Full: the frames take a piece each refresh.
                    #expect(error == .contentQueueFull(capacity: 256))
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
            #expect(scheduled)
            if index % 8 == 0 { Thread.sleep(forTimeInterval: 0.002) }
        }
        // Bounded: every piece's time is within 0.6 s of the start.
        for _ in 0..<200 where link.scheduledContentCount > 0 { Thread.sleep(forTimeInterval: 0.01) }
        link.invalidate()
        let shown = frames.withLock { $0 }.filter { $0.content != nil }
        let ids = shown.compactMap { $0.content?.id }
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        #expect(shown.allSatisfy { $0.content!.presentationTime <= $0.targetTimestamp })
        #expect(ids.count + shown.map(\.droppedContent).reduce(0, +) == pieces)
        #expect(link.statistics.contentShown == ids.count)
    }

    /// The delivery paths a link has in real time.
    enum Delivery: String, CaseIterable, Sendable {
        case frameThread, pollLoop
    }

    @Test(
        "each delivery loop and dispatch mode: content never early, in order, each piece shown or dropped",
        arguments: Delivery.allCases,
        [FrameDispatch.afterVBlank, .renderDeadline(safetyMargin: .milliseconds(1))])
    func everyDeliveryLoop(delivery: Delivery, dispatch: FrameDispatch) throws {
        var loop: PollLoop?
        let link: DisplayLink
        switch delivery {
        case .frameThread:
            link = try DisplayLink(
                source: .timer(framesPerSecond: 120), options: FrameThreadOptions(realtimePriority: nil))
        case .pollLoop:
            loop = try PollLoop(framesPerSecond: 120)
            link = try DisplayLink(source: .loop(loop!.source))
        }
        defer { loop?.stop() }
        link.dispatch = dispatch
        let frames = Locked([Frame]())
        try link.start { frame in frames.withLock { $0.append(frame) } }
        // 60 pieces at 50 fps from 50 ms on: a cadence of 2s and 3s on 120 Hz.
        let start = MonotonicInstant.now() + .milliseconds(50)
        for index in 0..<60 {
            try link.schedule(
                ScheduledContent(id: UInt64(index), presentationTime: start + .milliseconds(20 * index)))
        }
        #expect(RealTimePolling.waitUntil(seconds: 10) { link.scheduledContentCount == 0 })
        link.invalidate()
        let shown = frames.withLock { $0 }.filter { $0.content != nil }
        let ids = shown.compactMap { $0.content?.id }
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        #expect(shown.allSatisfy { $0.content!.presentationTime <= $0.targetTimestamp })
        #expect(ids.count + shown.map(\.droppedContent).reduce(0, +) == 60)
    }
}
