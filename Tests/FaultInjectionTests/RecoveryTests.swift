import Foundation
import Testing

@testable import FrameClock
@testable import VirtualKernel

/// After a failover to the timer, the link returns to the display when it can be used again.
@Suite("Returning to the display after a failover")
struct RecoveryTests {
    let period = ScriptedKernel.period

    /// The source kinds in the order the frames came from them, repeats folded.
    func runs(_ kinds: [FrameSourceKind]) -> [FrameSourceKind] {
        kinds.reduce(into: []) { runs, kind in if runs.last != kind { runs.append(kind) } }
    }

    @Test(
        "the CRTC lit again: back on its vblanks within a recovery interval, no gap over two intervals, no burst",
        arguments: [0, -85, 5000])
    func crtcLitAgain(counterMove: Int64) throws {
        let kernel = ScriptedKernel()
        kernel.schedule(.crtcOff, at: kernel.vblankTime(10) + 8_000_000)
        let relit = kernel.vblankTime(100) + 3_000_000
        kernel.schedule(.crtcOn, at: relit)
        // 0: the counter went on counting in the dark; -85: it resumed where it stopped, below the
        // timer's numbering (vkms's does); 5000: it jumped ahead. The pacing starts over either way.
        if counterMove != 0 { kernel.jumpSequence(atVBlank: 101, by: counterMove) }
        let outcome = try LinkHarness.run(kernel, frames: 200, recovers: true)

        #expect(runs(outcome.kinds) == [.drm, .timer, .drm])
        #expect(outcome.sourceInfo.kind == .drm)
        #expect(outcome.sourceInfo.period.nanoseconds == Double(period))
        #expect(
            outcome.sourceInfo.reason.description
                == "back on the display (it had failed: CRTC 38 turned off (drmCrtcQueueSequence: EINVAL))",
            "reason: \(outcome.sourceInfo.reason.description)")
        #expect(outcome.warnings.count == 1 && outcome.notices.count == 1)
        #expect(outcome.errors.isEmpty)
        // Forward in time at every frame, never closer than half an interval, never over two apart.
        for gap in outcome.gaps {
            #expect(gap >= period / 2 && gap <= 2 * period, "gap \(gap) ns")
        }
        // The first frame back is within a recovery interval (and a tick) of the relight, and from
        // there on every frame is a vblank of the kernel's, its sequence the kernel's count.
        let back = try #require(outcome.kinds.indices.last { $0 > 0 && outcome.kinds[$0 - 1] == .timer })
        let first = outcome.timestamps[back]
        #expect(first > relit && first <= relit + 1_000_000_000 + 2 * period)
        for frame in outcome.frames[back...] {
            let index = (frame.timestamp.nanoseconds - kernel.firstVBlank) / period
            #expect(frame.timestamp.nanoseconds == kernel.vblankTime(index))
            #expect(frame.sequence == UInt64(Int64(kernel.firstSequence) + index + counterMove))
        }
        #expect(outcome.frames[back].skippedFrames == 0)
        #expect(kernel.timers == (created: 1, closed: 1))
    }

    @Test("a display that stays dark: the timer goes on, the display tried once a recovery interval")
    func staysDark() throws {
        let kernel = ScriptedKernel()
        kernel.schedule(.crtcOff, at: kernel.vblankTime(10) + 8_000_000)
        let outcome = try LinkHarness.run(kernel, frames: 200, recovers: true)
        #expect(runs(outcome.kinds) == [.drm, .timer])
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(outcome.notices.isEmpty)
        for gap in outcome.gaps { #expect(gap == period) }
        // The failed source closed once, then three tries (at 1, 2 and 3 s; the run ends at 3.3 s),
        // each closing the device it opened.
        #expect(kernel.closeCalls == 4)
    }

    @Test("without a way back (a manual or timer link), a failover is for good")
    func noRecovery() throws {
        let kernel = ScriptedKernel()
        kernel.schedule(.crtcOff, at: kernel.vblankTime(10) + 8_000_000)
        kernel.schedule(.crtcOn, at: kernel.vblankTime(20))
        let outcome = try LinkHarness.run(kernel, frames: 200)
        #expect(runs(outcome.kinds) == [.drm, .timer])
        #expect(kernel.closeCalls == 1)
    }

    @Test(
        "a try of the display that blocks (an X server stopped) holds no frame: the timer ticks on at full rate, one try in flight"
    )
    func blockingTry() throws {
        let kernel = ScriptedKernel()
        kernel.schedule(.crtcOff, at: kernel.vblankTime(10) + 8_000_000)
        let tries = BlockingTries(framesWanted: Self.framesDuringTry)
        let outcome = try LinkHarness.run(
            kernel, frames: Self.framesInRun, recoveryInterval: .milliseconds(250),
            recovery: { _ throws(DisplayLinkError) in try tries.attempt() },
            recoveryPatience: .zero,
            work: { _ in tries.frameDelivered() })
        tries.release()
        let figures = tries.figures
        #expect(runs(outcome.kinds) == [.drm, .timer])
        #expect(figures.framesDuringTry >= Self.framesDuringTry, "\(figures)")
        #expect(figures.mostAtOnce == 1, "\(figures)")
        #expect(!figures.timedOut, "the try was never released by the frames: \(figures)")
        for gap in outcome.gaps { #expect(gap == period, "gap \(gap) ns") }
    }

    /// How many frames the timer must deliver while the first try of the display blocks.
    static let framesDuringTry = 120
    /// The run's length: room for the try's start (a real thread's, while the frame thread runs
    /// through virtual time) and the frames during it.
    static let framesInRun = 600
}

/// Tries of a display that block until the link has delivered enough frames meanwhile (or, at most,
/// ``longestBlock`` of real time), counting the frames delivered while one is in flight.
private final class BlockingTries: Sendable {
    struct Figures: Sendable, CustomStringConvertible {
        var inFlight = 0
        var mostAtOnce = 0
        var framesDuringTry = 0
        var released = false
        var timedOut = false
        var description: String {
            "frames during a try \(framesDuringTry), tries at once at most \(mostAtOnce), timed out \(timedOut)"
        }
    }

    /// The longest a try blocks: a bound, so that a frame thread held by it (the defect) ends the test.
    static let longestBlock = Duration.seconds(5)
    private let state = Locked(Figures())
    private let framesWanted: Int

    init(framesWanted: Int) { self.framesWanted = framesWanted }

    var figures: Figures { state.withLock { $0 } }

    /// A try: blocks until released, then says the display cannot be used.
    func attempt() throws(DisplayLinkError) -> any TickSource {
        state.withLock {
            $0.inFlight += 1
            $0.mostAtOnce = max($0.mostAtOnce, $0.inFlight)
        }
        let deadline = SuspendingClock.now + Self.longestBlock
        while !state.withLock({ $0.released }) {
            guard SuspendingClock.now < deadline else {
                state.withLock { $0.timedOut = true }
                break
            }
            usleep(1_000)
        }
        state.withLock { $0.inFlight -= 1 }
        throw .sourceUnavailable("the display does not answer")
    }

    /// A frame delivered: counted when a try is in flight; enough of them release it.
    func frameDelivered() {
        state.withLock {
            guard $0.inFlight > 0, !$0.released else { return }
            $0.framesDuringTry += 1
            if $0.framesDuringTry >= framesWanted { $0.released = true }
        }
    }

    /// Releases every try (the run is over).
    func release() { state.withLock { $0.released = true } }
}
