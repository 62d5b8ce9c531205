import Testing

@testable import FrameClock

/// The Wayland source's compositor-repaint policy on made-up instants (no compositor): how far ahead
/// of the grid point a tick on the grid starts, and when a frame callback is overdue.
@Suite("CompositorRepaintPolicy: ticks ahead of a compositor's repaint, and overdue callbacks")
struct CompositorRepaintPolicyTests {
    static let sixtyHertz: Int64 = 16_666_667
    static let hundredFortyFourHertz: Int64 = 6_944_444
    static let thirtyHertz: Int64 = 33_333_333
    /// A vblank of the compositor's.
    static let vblank: Int64 = 1_000_000_000

    /// A policy that saw a compositor answer a commit's frame callback at its repaint, `lag` after a
    /// vblank, and show that commit at the next vblank.
    static func policy(repaintLag lag: Int64, interval: Int64) -> CompositorRepaintPolicy {
        var policy = CompositorRepaintPolicy()
        policy.learn(callbackAt: vblank + lag, presentedAt: vblank + interval, interval: interval)
        return policy
    }

    @Test(
        "a compositor that repaints 0.7 ms after its vblank: grid ticks an eighth of an interval ahead, at most 2 ms"
    )
    func leadAheadOfAnEarlyRepaint() {
        let lag: Int64 = 700_000
        for (interval, lead) in [
            (Self.sixtyHertz, 2_000_000), (Self.hundredFortyFourHertz, 868_055),
            (Self.thirtyHertz, 2_000_000),
        ] as [(Int64, Int64)] {
            let policy = Self.policy(repaintLag: lag, interval: interval)
            #expect(policy.repaintsAhead)
            #expect(policy.gridLead(interval: interval, onTimer: false) == lead, "interval \(interval)")
            // The commit made right after such a tick is in before the repaint that follows the vblank.
            #expect(lead > 0 && lead < interval / 2)
        }
    }

    @Test(
        "a repaint more than half an interval after the vblank, or a callback after the presentation: no lead"
    )
    func noLeadWhenTheCallbackFollowsTheRepaintThatShows() {
        let late = Self.policy(repaintLag: 9_000_000, interval: Self.sixtyHertz)
        #expect(!late.repaintsAhead)
        #expect(late.gridLead(interval: Self.sixtyHertz, onTimer: false) == 0)
        var afterPresentation = CompositorRepaintPolicy()
        afterPresentation.learn(
            callbackAt: Self.vblank + 300_000, presentedAt: Self.vblank, interval: Self.sixtyHertz)
        #expect(afterPresentation.gridLead(interval: Self.sixtyHertz, onTimer: false) == 0)
        #expect(CompositorRepaintPolicy().gridLead(interval: Self.sixtyHertz, onTimer: false) == 0)
    }

    @Test("each presentation decides anew; as a timer the source ticks at the grid point")
    func learnsAnewAndNoLeadOnTheTimer() {
        var policy = Self.policy(repaintLag: 700_000, interval: Self.sixtyHertz)
        #expect(policy.gridLead(interval: Self.sixtyHertz, onTimer: true) == 0)
        policy.learn(callbackAt: Self.vblank + 100_000, presentedAt: Self.vblank, interval: Self.sixtyHertz)
        #expect(!policy.repaintsAhead)
    }

    @Test(
        "a callback is overdue a quarter of an interval short of two intervals, at least 20 ms; 100 ms until settled"
    )
    func callbackWait() {
        #expect(CompositorRepaintPolicy.callbackWait(interval: Self.sixtyHertz, settled: true) == 29_166_668)
        #expect(CompositorRepaintPolicy.callbackWait(interval: Self.thirtyHertz, settled: true) == 58_333_333)
        // At 144 Hz two intervals are under 14 ms: the wait is the minimum.
        #expect(
            CompositorRepaintPolicy.callbackWait(interval: Self.hundredFortyFourHertz, settled: true)
                == 20_000_000)
        // Before an interval was ever measured.
        #expect(
            CompositorRepaintPolicy.callbackWait(interval: Self.sixtyHertz, settled: false) == 100_000_000)
        #expect(CompositorRepaintPolicy.callbackWait(interval: 66_666_667, settled: false) == 116_666_668)
    }

    @Test(
        "the wait counts from the commit; from just after the last callback for a commit made ahead of its grid point"
    )
    func waitStart() {
        let interval = Self.sixtyHertz
        let lastCallback = Self.vblank + 700_000
        let gridPoint = Self.vblank + interval
        // Ticked 2 ms ahead of the grid point, committed 0.3 ms later.
        let aheadCommit = gridPoint - 2_000_000 + 300_000
        let start = CompositorRepaintPolicy.waitStart(
            commit: aheadCommit, gridPoint: gridPoint, lastCallback: lastCallback, interval: interval)
        #expect(start == lastCallback + interval / 8)
        // So that the source is on its timer within two intervals of the last callback.
        let overdue = start + CompositorRepaintPolicy.callbackWait(interval: interval, settled: true)
        #expect(overdue - lastCallback <= 2 * interval)
        // A commit after its grid point (at a render deadline), without a callback before it, or
        // more than an interval after the last callback counts from itself.
        let lateCommit = gridPoint + 4_000_000
        #expect(
            CompositorRepaintPolicy.waitStart(
                commit: lateCommit, gridPoint: gridPoint, lastCallback: lastCallback, interval: interval)
                == lateCommit)
        #expect(
            CompositorRepaintPolicy.waitStart(
                commit: aheadCommit, gridPoint: gridPoint, lastCallback: nil, interval: interval)
                == aheadCommit)
        #expect(
            CompositorRepaintPolicy.waitStart(
                commit: aheadCommit, gridPoint: nil, lastCallback: lastCallback, interval: interval)
                == aheadCommit)
        let longAgo = aheadCommit - interval - 1
        #expect(
            CompositorRepaintPolicy.waitStart(
                commit: aheadCommit, gridPoint: gridPoint, lastCallback: longAgo, interval: interval)
                == aheadCommit)
    }
}
