import Foundation
import TestSupport
import Testing

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// The input phase on the sources that run in real time: the frame thread (a timer) and a loop the
/// front end runs. Events posted from another thread reach the handler once, in order, each batch
/// just before its frame's callback. (The manual source is covered in virtual time.)
@Suite("Input phase on real sources", .serialized)
struct InputSourcesTests {
    static func check(_ link: DisplayLink) throws {
        let recorder = InputRecorder()
        try recorder.attach(to: link)
        let keys = (0..<40).map { InputEvent(.keyPressed(key: UInt32($0)), at: .now()) }
        for key in keys {
            link.input.post(key)
            usleep(1_000)
        }
        #expect(
            RealTimePolling.waitUntil(seconds: 10) {
                recorder.batches.flatMap(\.events).count >= keys.count
            })
        link.invalidate()
        let entries = recorder.all
        #expect(recorder.batches.flatMap(\.events) == keys)
        // Each batch comes right before the callback of its own frame.
        for (index, entry) in entries.enumerated() {
            guard case .batch(let batch) = entry else { continue }
            guard index + 1 < entries.count, case .callback(let frame) = entries[index + 1] else {
                Issue.record("batch of frame \(batch.frame.sequence) not followed by its callback")
                continue
            }
            #expect(frame == batch.frame)
        }
    }

    @Test("on the frame thread of a timer source")
    func timerSource() throws {
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 120), options: FrameThreadOptions(sharesThread: false))
        try Self.check(link)
    }

    @Test("on a loop source's loop")
    func loopSource() throws {
        let loop = try PollLoop(framesPerSecond: 120)
        defer { loop.stop() }
        try Self.check(try DisplayLink(source: .loop(loop.source)))
    }
}
