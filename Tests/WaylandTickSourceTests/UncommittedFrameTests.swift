import Testing

@testable import FrameClock
@testable import VirtualKernel

/// Frames whose callbacks commit nothing (a front end with every buffer held by the compositor):
/// the presentation feedback each tick asks for before its callback then rides the next commit, and
/// the compositor presents it with that commit's own.
@Suite("Frames that commit nothing, on a Wayland surface in virtual time")
struct UncommittedFrameTests {
    /// The compositor's repaint interval (and advertised refresh).
    let interval: Int64 = 16_666_667

    /// A compositor on a fresh kernel clock (the virtual-time tests' own), and that clock's start.
    func compositor() -> (ScriptedCompositor, start: Int64) { WaylandVirtualTimeTests().compositor() }

    /// The timeline's entry of each delivered frame whose callback count (from 1) is in `counts`.
    static func entries(
        _ outcome: WaylandLinkOutcome, counts: ClosedRange<Int>
    ) -> [FrameTimelineEntry] {
        let sequences = Set(counts.map { outcome.delivered[$0 - 1].frame.sequence })
        return outcome.timeline.entries.filter { sequences.contains($0.sequence) }
    }

    @Test(
        "five callbacks that commit nothing: their frames are dropped, not shown late with the next commit, and the frames after are on time"
    )
    func framesThatCommitNothingAreDropped() async throws {
        let (compositor, start) = compositor()
        let idle = 60...64
        let outcome = try await WaylandLinkHarness.run(
            compositor, until: start + 2_000_000_000, commits: { _, count in !idle.contains(count) })
        WaylandVirtualTimeTests.expectTargetsInOrder(outcome.delivered)
        let uncommitted = Self.entries(outcome, counts: idle)
        try #require(uncommitted.count == idle.count)
        for entry in uncommitted {
            #expect(entry.outcome == .dropped, "frame \(entry.sequence): \(entry.outcome)")
        }
        // The frame that committed next was shown, and the depth learned from the frames that
        // committed nothing (their callbacks long before that presentation) moved no later target.
        let next = Self.entries(outcome, counts: (idle.upperBound + 1)...(idle.upperBound + 1))
        #expect(next.first?.presented != nil, "\(next.map(\.outcome))")
        let after = Self.entries(outcome, counts: (idle.upperBound + 20)...(outcome.delivered.count - 4))
        #expect(after.count > 20)
        WaylandVirtualTimeTests.expectShownAtTheirTargets(after)
    }

    @Test(
        "hidden after a commit, then a second of callbacks that commit nothing: the commit made before is shown when the surface is, not given up for the frames after it"
    )
    func commitBeforeAStopIsShownAfterIt() async throws {
        let (compositor, start) = compositor()
        let hiddenAt = start + 1_000_000_000 + 3_000_000
        let shownAt = hiddenAt + 1_000_000_000
        // The callbacks commit until an interval after the hide (the last commit waits, unrepainted),
        // nothing while hidden, and again from three intervals after the show (the waiting commit is
        // repainted and shown first).
        let lastCommit = hiddenAt + interval
        let commitsAgain = shownAt + 3 * interval
        compositor.schedule(.hidden, at: hiddenAt)
        compositor.schedule(.shown, at: shownAt)
        let outcome = try await WaylandLinkHarness.run(
            compositor, until: shownAt + 1_000_000_000,
            commits: { calledAt, _ in calledAt < lastCommit || calledAt >= commitsAgain })
        WaylandVirtualTimeTests.expectTargetsInOrder(outcome.delivered)
        let committedLast = try #require(outcome.delivered.last { $0.calledAt < lastCommit })
        let entry = try #require(
            outcome.timeline.entries.first { $0.sequence == committedLast.frame.sequence })
        // Shown at the first repaint's presentation after the show, an interval on.
        let presented = try #require(entry.presented, "frame \(entry.sequence): \(entry.outcome)")
        #expect(presented.nanoseconds >= shownAt && presented.nanoseconds <= shownAt + 2 * interval)
        // Every frame of the hidden second has an outcome: none shown (nothing they drew was), none
        // left pending.
        let hidden = outcome.timeline.entries.filter {
            $0.callbackStart.nanoseconds >= lastCommit && $0.callbackStart.nanoseconds < commitsAgain
        }
        #expect(hidden.count > 50)
        let shown = hidden.filter { $0.outcome != .dropped }
        #expect(shown.isEmpty, "\(shown.map { "frame \($0.sequence): \($0.outcome)" })")
    }
}
