import Testing

@testable import FrameClock

/// Content shown at chosen times (`DisplayLink.schedule(_:)`), in virtual time on a manual source:
/// each piece at the first frame whose target is at or after its time, never before, once, in order.
@Suite("Content at chosen times")
struct ScheduledContentTests {
    /// What the frames of a run showed: each frame's target and content, in order.
    final class Shown: @unchecked Sendable {
        private let lock = Locked([Frame]())
        func record(_ frame: Frame) { lock.withLock { $0.append(frame) } }
        var frames: [Frame] { lock.withLock { $0 } }
    }

    /// The first tick at or after `time` on `source`: where content at `time` is shown, when each
    /// refresh has a frame (a frame's target is the tick after its own).
    static func firstRefresh(atOrAfter time: MonotonicInstant, on source: ManualFrameSource) -> Int64 {
        let period = source.period.nanoseconds
        var tick = Int64((Double(time.nanoseconds) / period).rounded(.down)) - 1
        while source.timestamp(ofTick: tick) < time { tick += 1 }
        return tick
    }

    /// Content at `contentRate` per second from `start`: piece k at start + k / contentRate, to the
    /// nanosecond below.
    static func times(count: Int, contentRate: (numerator: Int64, denominator: Int64), from start: Int64)
        -> [MonotonicInstant]
    {
        (0..<Int64(count)).map {
            MonotonicInstant(
                nanoseconds: start + $0 * 1_000_000_000 * contentRate.denominator / contentRate.numerator)
        }
    }

    /// Plays pictures at `times` on a new link on `source`, scheduled `ahead` at a time as a
    /// decoder hands them over, a refresh after another until every one is taken; the frames its
    /// callback got, and the link's statistics.
    static func play(_ times: [MonotonicInstant], on source: ManualFrameSource, ahead: Int) throws -> (
        frames: [Frame], statistics: DisplayLinkStatistics
    ) {
        let link = try DisplayLink(source: .manual(source))
        defer { link.invalidate() }
        let shown = Shown()
        try link.start { shown.record($0) }
        var next = 0
        while next < times.count || link.scheduledContentCount > 0 {
            while next < times.count, link.scheduledContentCount < ahead {
                try link.schedule(ScheduledContent(id: UInt64(next), presentationTime: times[next]))
                next += 1
            }
            _ = source.advanceTicks(1)
        }
        return (shown.frames, link.statistics)
    }

    /// How many refreshes of `source` each picture the frames showed stayed on screen: until the
    /// next picture's frame.
    static func holds(in frames: [Frame], on source: ManualFrameSource) -> [Int] {
        let targets = frames.compactMap { frame in frame.content.map { _ in frame.targetTimestamp } }
        return zip(targets, targets.dropFirst()).map { Int((($1 - $0) / source.period.duration).rounded()) }
    }

    @Test(
        "non-divisor content rates come out in the cadence the two clocks give: each piece at the first refresh at or after its time",
        arguments: [
            // (content rate as a fraction, display rate)
            ((Int64(24), Int64(1)), 60.0), ((24_000, 1001), 60.0), ((25, 1), 60.0), ((30_000, 1001), 60.0),
            ((24, 1), 120.0), ((50, 1), 60.0), ((24, 1), 144.0), ((25, 1), 90.0), ((24_000, 1001), 59.94),
        ] as [((Int64, Int64), Double)])
    func cadence(content: (Int64, Int64), displayRate: Double) throws {
        let source = try ManualFrameSource(framesPerSecond: displayRate)
        // 600 pieces (25 s at 24 fps: a 23.976 fps stream drifts a refresh from 24's in 16.7 s).
        let (frames, statistics) = try Self.play(
            Self.times(count: 600, contentRate: content, from: 100_000_000), on: source, ahead: 8)
        let withContent = frames.filter { $0.content != nil }
        #expect(withContent.map(\.content?.id) == (0..<600).map { UInt64($0) })
        // Every refresh had a frame, so each piece is at exactly the refresh the clocks give.
        for frame in withContent {
            let content = try #require(frame.content)
            let expected = source.timestamp(
                ofTick: Self.firstRefresh(atOrAfter: content.presentationTime, on: source))
            #expect(frame.targetTimestamp == expected, "piece \(content.id)")
            #expect(frame.droppedContent == 0)
        }
        #expect(statistics.contentShown == 600)
        #expect(statistics.contentDropped == 0)
    }

    @Test(
        "24 fps on 60 Hz is 3:2 throughout; 23.976 fps breaks the 3:2 each 200 pieces, where the 1001/1000 drift moves the phase half a refresh"
    )
    func threeTwoPulldown() throws {
        for (content, breakSpacing) in [((Int64(24), Int64(1)), nil), ((24_000, 1001), 200)]
            as [((Int64, Int64), Int?)]
        {
            let source = try ManualFrameSource(framesPerSecond: 60)
            // 500 pieces: 20.85 s at 23.976 fps, more than the 16.7 s a refresh of drift takes.
            let (frames, _) = try Self.play(
                Self.times(count: 500, contentRate: content, from: 100_000_000), on: source, ahead: 4)
            let holds = Self.holds(in: frames, on: source)
            #expect(holds.count == 499)
            #expect(holds.allSatisfy { $0 == 2 || $0 == 3 })
            // A break: two holds in a row of the same length (3, 3 or 2, 2: which pair of the two
            // depends on the phase, so the spacing is 200 give or take one).
            let breaks = zip(holds, holds.dropFirst()).enumerated().filter { $0.element.0 == $0.element.1 }
                .map(\.offset)
            if let breakSpacing {
                #expect(breaks.count >= 2, "holds \(holds)")
                #expect(
                    zip(breaks, breaks.dropFirst()).allSatisfy { abs($1 - $0 - breakSpacing) <= 1 },
                    "breaks at \(breaks)")
            } else {
                #expect(breaks.isEmpty, "holds \(holds)")
            }
        }
    }

    @Test(
        "a callback that runs long: dropLate shows the newest due and counts the rest, showLate shows each in turn"
    )
    func latePolicies() throws {
        for policy in [LateContentPolicy.dropLate, .showLate] {
            let source = try ManualFrameSource(framesPerSecond: 100)
            let link = try DisplayLink(source: .manual(source))
            link.lateContentPolicy = policy
            let shown = Shown()
            try link.start { frame in
                shown.record(frame)
                // Frame 5's callback runs 45 ms: the refreshes at 60 to 100 ms get no frame.
                if frame.sequence == 5 { source.elapse(.milliseconds(45)) }
            }
            // A piece every refresh from 20 ms, each at its refresh (a frame's target is the next tick).
            for index in 0..<20 {
                try link.schedule(
                    ScheduledContent(
                        id: UInt64(index), presentationTime: source.timestamp(ofTick: Int64(index) + 2)))
            }
            _ = source.advanceTicks(40)
            link.invalidate()
            let frames = shown.frames.filter { $0.content != nil }
            for frame in frames {
                let content = try #require(frame.content)
                #expect(content.presentationTime <= frame.targetTimestamp, "never before its time")
            }
            let ids = frames.compactMap { $0.content?.id }
            #expect(ids == ids.sorted() && Set(ids).count == ids.count, "once each, in order")
            switch policy {
            case .dropLate:
                // Frame 10 (after the long callback, target 110 ms) shows piece 9 and drops 5 to 8.
                let afterStall = try #require(frames.first { $0.skippedFrames > 0 })
                #expect(
                    afterStall.content?.id == UInt64(afterStall.targetTimestamp.nanoseconds / 10_000_000) - 2)
                #expect(afterStall.droppedContent == afterStall.skippedFrames)
                #expect(ids.count + frames.map(\.droppedContent).reduce(0, +) == 20)
                #expect(link.statistics.contentDropped == afterStall.droppedContent)
            case .showLate:
                #expect(ids == (0..<20).map { UInt64($0) })
                #expect(frames.allSatisfy { $0.droppedContent == 0 })
                // The pieces due during the stall come one a frame after it, late, until caught up.
                let late = frames.filter { $0.content!.presentationTime < $0.targetTimestamp }
                #expect(late.count >= 4)
            }
        }
    }

    @Test(
        "bad input: out of order, a full queue, an invalidated link; a seek empties the queue and allows any time"
    )
    func badInput() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        try link.schedule(
            ScheduledContent(id: 1, presentationTime: MonotonicInstant(nanoseconds: 50_000_000)))
        #expect(
            throws: DisplayLinkError.contentOutOfOrder(
                previous: ScheduledContent(
                    id: 1, presentationTime: MonotonicInstant(nanoseconds: 50_000_000)),
                given: ScheduledContent(id: 2, presentationTime: MonotonicInstant(nanoseconds: 50_000_000)))
        ) {
            try link.schedule(
                ScheduledContent(id: 2, presentationTime: MonotonicInstant(nanoseconds: 50_000_000)))
        }
        #expect(link.removeScheduledContent() == 1)
        try link.schedule(
            ScheduledContent(id: 3, presentationTime: MonotonicInstant(nanoseconds: 10_000_000)))
        for index in 1..<256 {
            try link.schedule(
                ScheduledContent(
                    id: 3, presentationTime: MonotonicInstant(nanoseconds: 10_000_000 + Int64(index))))
        }
        #expect(link.scheduledContentCount == 256)
        #expect(throws: DisplayLinkError.contentQueueFull(capacity: 256)) {
            try link.schedule(
                ScheduledContent(id: 4, presentationTime: MonotonicInstant(nanoseconds: 90_000_000)))
        }
        let error = DisplayLinkError.contentOutOfOrder(
            previous: ScheduledContent(id: 7, presentationTime: MonotonicInstant(nanoseconds: 2)),
            given: ScheduledContent(id: 8, presentationTime: MonotonicInstant(nanoseconds: 1)))
        // Both pieces named, by their ids.
        #expect(error.description.contains("content 8 scheduled at"), "\(error)")
        #expect(error.description.contains("not after content 7 scheduled before it"), "\(error)")
        #expect(error.recoverySuggestion?.contains("removeScheduledContent()") == true)
        link.invalidate()
        #expect(link.scheduledContentCount == 0)
        #expect(throws: DisplayLinkError.invalidated) {
            try link.schedule(
                ScheduledContent(id: 5, presentationTime: MonotonicInstant(nanoseconds: 90_000_000)))
        }
    }

    @Test(
        "a frames consumer that falls behind: the newest frame's content, the missed frames' counted as dropped for it"
    )
    func framesConsumerBehind() async throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        defer { link.invalidate() }
        let shown = Shown()
        try link.start { shown.record($0) }
        var frames = link.frames.makeAsyncIterator()
        // A piece at each of ticks 2 to 11; the consumer reads nothing while twelve frames go by.
        for tick in 2...11 {
            try link.schedule(
                ScheduledContent(id: UInt64(tick), presentationTime: source.timestamp(ofTick: Int64(tick))))
        }
        _ = source.advanceTicks(12)
        let late = try #require(await frames.next())
        #expect(
            late.content == nil && late.droppedContent == 10, "the ten pieces went by in frames it missed")
        try link.schedule(ScheduledContent(id: 20, presentationTime: source.timestamp(ofTick: 14)))
        try link.schedule(ScheduledContent(id: 21, presentationTime: source.timestamp(ofTick: 15)))
        _ = source.advanceTicks(2)
        let next = try #require(await frames.next())
        #expect(next.content?.id == 21 && next.droppedContent == 1)
        // The callback saw every frame: each piece shown, none dropped.
        #expect(shown.frames.compactMap { $0.content?.id } == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20, 21])
        #expect(shown.frames.allSatisfy { $0.droppedContent == 0 })
    }

    @Test("the timeline names each frame's content, so presentation feedback says when the content was shown")
    func timelineNamesTheContent() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let shown = Shown()
        try link.start { shown.record($0) }
        try link.schedule(ScheduledContent(id: 42, presentationTime: source.timestamp(ofTick: 3)))
        _ = source.advanceTicks(5)
        let frame = try #require(shown.frames.first { $0.content != nil })
        #expect(frame.content?.id == 42 && frame.targetTimestamp == source.timestamp(ofTick: 3))
        _ = link.presented(frame.sequence, at: frame.targetTimestamp)
        let entry = try #require(link.timeline.entries.first { $0.sequence == frame.sequence })
        #expect(entry.content?.id == 42)
        #expect(entry.presented == source.timestamp(ofTick: 3))
        #expect(link.timeline.entries.filter { $0.content != nil }.count == 1)
        link.invalidate()
    }
}

/// `ContentCadence`: the cadence the link's rule gives, predicted, and checked against the link.
@Suite("Content cadence")
struct ContentCadenceTests {
    static func period(_ numerator: Int64, per denominator: Int64) throws -> FramePeriod {
        // `numerator / denominator` pictures per second: denominator / numerator seconds each.
        try FramePeriod(numerator: denominator * 1_000_000_000, denominator: numerator)
    }

    @Test("patterns, breaks and the steady rate for the common pairs")
    func commonPairs() throws {
        let sixty = try Self.period(60, per: 1)
        let film = ContentCadence(content: try Self.period(24, per: 1), refresh: sixty)
        #expect(film.pattern == [3, 2] && film.isSteady && film.picturesBetweenBreaks == nil)
        let ntscFilm = ContentCadence(content: try Self.period(24_000, per: 1001), refresh: sixty)
        #expect(ntscFilm.pattern == [3, 2] && !ntscFilm.isSteady)
        #expect(abs(ntscFilm.picturesBetweenBreaks! - 200) < 1e-6)
        #expect(abs(ntscFilm.timeBetweenBreaks! / .seconds(1) - 8.341_666) < 1e-3)
        #expect(abs(ntscFilm.steadyFramesPerSecond - 24) < 1e-9)
        #expect(abs(ntscFilm.speedChange - 1.001) < 1e-9)
        #expect(
            ContentCadence(content: try Self.period(25, per: 1), refresh: sixty).pattern == [3, 2, 3, 2, 2])
        #expect(
            ContentCadence(content: try Self.period(24, per: 1), refresh: try Self.period(120, per: 1))
                .pattern == [5])
        #expect(
            ContentCadence(content: try Self.period(24, per: 1), refresh: try Self.period(90, per: 1)).pattern
                == [4, 4, 4, 3])
        let ntscVideo = ContentCadence(content: try Self.period(30_000, per: 1001), refresh: sixty)
        #expect(ntscVideo.pattern == [2] && abs(ntscVideo.picturesBetweenBreaks! - 500) < 1e-6)
        // Faster than the display: 50 fps on 40 Hz drops one picture in five.
        #expect(
            ContentCadence(content: try Self.period(50, per: 1), refresh: try Self.period(40, per: 1)).pattern
                == [1, 1, 1, 1, 0])
        // On a 59.94 Hz display 23.976 fps is steady and 24 is not.
        let ntscDisplay = try Self.period(60_000, per: 1001)
        #expect(ContentCadence(content: try Self.period(24_000, per: 1001), refresh: ntscDisplay).isSteady)
        #expect(!ContentCadence(content: try Self.period(24, per: 1), refresh: ntscDisplay).isSteady)
    }

    @Test(
        "on a link, a break every picturesBetweenBreaks pictures, and none at the steady rate",
        arguments: [
            ((Int64(24_000), Int64(1001)), 60.0), ((30_000, 1001), 60.0), ((24, 1), 59.94), ((25, 1), 50.05),
        ]
            as [((Int64, Int64), Double)])
    func breaksOnALink(content: (Int64, Int64), displayRate: Double) throws {
        let source = try ManualFrameSource(framesPerSecond: displayRate)
        let cadence = ContentCadence(
            content: try ContentCadenceTests.period(content.0, per: content.1), refresh: source.period)
        let spacing = try #require(cadence.picturesBetweenBreaks)
        for steady in [false, true] {
            let start = source.now.nanoseconds + 100_000_000
            // Enough pictures for three breaks; at the steady rate, none.
            let count = Int(spacing * 3) + 10
            let rate = steady ? cadence.steadyFramesPerSecond : cadence.framesPerSecond
            let times = (0..<count).map {
                MonotonicInstant(nanoseconds: start + Int64((Double($0) / rate * 1e9).rounded(.down)))
            }
            let (frames, _) = try ScheduledContentTests.play(times, on: source, ahead: 4)
            #expect(frames.filter { $0.content != nil }.count == count)
            let holds = ScheduledContentTests.holds(in: frames, on: source)
            // Where the holds leave the pattern: a window of the pattern's length that is not one of
            // its rotations.
            let pattern = cadence.pattern
            let rotations = Set((0..<pattern.count).map { Array(pattern[$0...] + pattern[..<$0]) })
            let offPattern = (0...(holds.count - pattern.count)).filter {
                !rotations.contains(Array(holds[$0..<($0 + pattern.count)]))
            }
            // One break spoils a few neighbouring windows: count the runs of them.
            let breaks = offPattern.enumerated().filter {
                $0.offset == 0 || offPattern[$0.offset - 1] != $0.element - 1
            }.map(\.element)
            if steady {
                #expect(breaks.isEmpty, "holds \(holds)")
            } else {
                #expect(breaks.count >= 2, "holds \(holds)")
                #expect(
                    zip(breaks, breaks.dropFirst()).allSatisfy {
                        abs(Double($1 - $0) - spacing) <= Double(pattern.count)
                    }, "breaks at \(breaks), predicted every \(spacing)")
            }
        }
    }
}

/// ``ContentShowingFigures``: the cadence figures of content shown at chosen times, from a link's
/// timeline in virtual time and from showings given directly.
@Suite("Content showing figures")
struct ContentShowingFiguresTests {
    @Test(
        "24 fps on 60 Hz from a link's timeline: every picture at its model refresh, held 3 and 2 in turn, no hold off the model",
        arguments: [((Int64(24), Int64(1)), 1.0, [2, 3]), ((30, 1), 0.0, [2]), ((25, 1), 0.8, [2, 3])]
            as [((Int64, Int64), Double, [Int])])
    func fromATimeline(content: (Int64, Int64), alternation: Double, holds: [Int]) throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        defer { link.invalidate() }
        link.timelineCapacity = 1000
        try link.start { _ in }
        let times = ScheduledContentTests.times(count: 100, contentRate: content, from: 100_000_000)
        var next = 0
        while next < times.count || link.scheduledContentCount > 0 {
            while next < times.count, link.scheduledContentCount < 8 {
                try link.schedule(ScheduledContent(id: UInt64(next), presentationTime: times[next]))
                next += 1
            }
            _ = source.advanceTicks(1)
        }
        let figures = link.timeline.contentFigures(shownAt: .target)
        #expect(figures.shown == 100)
        #expect(figures.unreported == 0)
        #expect(figures.atModelRefresh == 100 && figures.early == 0 && figures.late == 0)
        #expect(figures.holdsOffModel == 0)
        #expect(figures.holds.keys.sorted() == holds, "\(figures.holds)")
        // 25 fps on 60: 3, 2, 3, 2, 2, repeating — four changes in each five pairs.
        #expect(abs(figures.alternation - alternation) < 0.05, "\(figures.alternation)")
        #expect(figures.afterTimeMedian >= .zero && figures.afterTimeMaximum < source.period.duration)
        #expect(
            figures.refreshInterval == .nanoseconds(16_666_666)
                || figures.refreshInterval == .nanoseconds(16_666_667))
        // No presentation was reported on a manual source: judged by presentations, all unreported.
        let reported = link.timeline.contentFigures()
        #expect(reported.shown == 0 && reported.unreported == 100)
    }

    @Test(
        "a piece shown before its time is early, one a refresh after its model refresh late, and its hold is off the model"
    )
    func earlyAndLate() {
        let refresh: Int64 = 10_000_000
        let refreshes = (0..<20).map { MonotonicInstant(nanoseconds: Int64($0) * refresh) }
        func showing(_ time: Int64, _ shown: Int64) -> ContentShowingFigures.Showing {
            ContentShowingFigures.Showing(
                contentTime: MonotonicInstant(nanoseconds: time),
                shownAt: MonotonicInstant(nanoseconds: shown))
        }
        let figures = ContentShowingFigures(
            [
                showing(5_000_000, 10_000_000),  // at its model refresh
                showing(25_000_000, 20_000_000),  // early: before its time
                showing(45_000_000, 60_000_000),  // late: a refresh after its model (50)
                showing(71_000_000, 80_000_000),  // at its model refresh
            ], refreshes: refreshes, unreported: 2)
        #expect(figures.shown == 4 && figures.unreported == 2)
        #expect(figures.atModelRefresh == 2 && figures.early == 1 && figures.late == 1)
        #expect(figures.afterTimeMaximum == .nanoseconds(15_000_000))
        // Shown 10, 20, 60, 80: holds 1, 4, 2; the model's 10, 30, 50, 80: 2, 2, 3.
        #expect(figures.holds == [1: 1, 4: 1, 2: 1])
        #expect(figures.holdsOffModel == 3)
        #expect(figures.alternation == 1.0)
    }
}
