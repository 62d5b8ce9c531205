@testable import FrameClock
@testable import PacingReference

/// A script played on real links on one manual source, in virtual time, with everything the model
/// needs recorded beside each frame of the first link.
final class ScriptRun: @unchecked Sendable {
    /// Something the script did between two frames of the first link, at an instant.
    enum Event: Hashable {
        /// The divisor the first link's range chooses changed, between frames or inside a callback.
        case divisor(Int64, at: Int64, inCallback: Bool)
        /// The first link resumed from a pause.
        case resumed(at: Int64)
        /// A new first link started in place of one invalidated (R1), with the dispatch and the
        /// adaptive rate in force: the frame is its first.
        case restarted(at: Int64, renderDeadline: Bool, adaptive: Bool)
        /// The first link's dispatch changed.
        case dispatch(renderDeadline: Bool)
        /// The adaptive rate was turned on or off.
        case adaptive(Bool)
        /// The adaptive rate moved the first link to `divisor` as its last callback returned, within
        /// `range` (seen when the script next changed the rate, perhaps to another range).
        case adaptiveMove(Int64, range: FrameRateRange)
        /// The frame thread looked at the links (the first time after a start, a resume or a change
        /// between frames), the first link's divisor then being `divisor`.
        case looked(at: Int64, divisor: Int64)
        /// Content the first link accepted (``DisplayLink/schedule(_:)``).
        case scheduled(ScheduledContent)
        /// The first link's scheduled content was removed.
        case contentRemoved
        /// The first link's late-content policy was set.
        case contentPolicy(showLate: Bool)
    }

    /// A frame of the first link, as its callback saw it.
    struct Observed {
        var frame: Frame
        var start: Int64
        var end: Int64
        /// The clock when the frame thread could first look at the frame's tick: the end of what ran
        /// or held the thread off before it.
        var threadFree: Int64
        /// When the frame thread last looked at the links before this frame: where a start, a resume
        /// or a rate change between frames is aligned.
        var lookedAt: Int64
        /// What the script did since the previous frame.
        var events: [Event]
        /// When the input phase sampled motion for it, if it ran.
        var samplingTime: Int64?
        /// The divisor the range chose when the frame was delivered (before an adaptive move).
        var rangeDivisor: Int64
        /// The range in force when the frame was delivered.
        var range: FrameRateRange
        /// Ticks the first link had dropped when the frame was delivered.
        var droppedTicks: Int
        /// Which first link delivered it: 0 for the script's first, one more at each restart.
        var generation: Int
    }

    /// A frame of another link.
    struct OtherFrame {
        var frame: Frame
        var start: Int64
    }

    let script: PacingScript
    let source: ManualFrameSource
    /// The first link now (the newest after a restart).
    private(set) var link: DisplayLink
    /// Every first link, in the order they were started (their figures are their own).
    private(set) var firstLinks: [DisplayLink]
    /// Every other link ever started, in order (`otherFrames` has their frames at the same index).
    private(set) var others: [DisplayLink]
    /// The other links still running, as indices into `others`.
    private var liveOthers: [Int]
    /// Links started or invalidated while another link was running beside them (R2).
    private(set) var neighbourChanges = 0
    private var generation = 0
    private var adaptiveOn: Bool
    private var invalidateInCallback = false
    private(set) var observed: [Observed] = []
    private(set) var otherFrames: [[OtherFrame]]
    /// When the first link started.
    let startedAt: Int64
    private var pendingEvents: [Event] = []
    private var clockBefore: Int64
    private var lookAt: Int64
    private var lookPending = true
    private var cost: Int64 = 0
    private var rangeInCallback: PacingScript.RangeChoice?
    /// The divisor the harness knows to be in force: the range's choice after a change it made, the
    /// last frame's after a frame (a difference from the link's is an adaptive move).
    private var rangeDivisor: Int64
    private var renderDeadline: Bool
    private var pendingSampling: Int64?
    /// The time of the last content the first link accepted, and the id of the next.
    private var lastContentTime: Int64 = .min
    private var nextContentID: UInt64 = 0
    /// The resampling latency of the first link's input queue.
    static let resamplingLatency: Int64 = InputQueue.defaultResamplingLatency.wholeNanoseconds

    /// Plays `script` to its end.
    init(_ script: PacingScript) throws {
        self.script = script
        let source = try ManualFrameSource(framesPerSecond: Double(script.refreshRate))
        self.source = source
        adaptiveOn = script.adaptive
        link = try Self.makeFirstLink(
            script, on: source, range: script.range.range, adaptive: script.adaptive,
            renderDeadline: script.renderDeadline)
        firstLinks = [link]
        others = []
        liveOthers = []
        otherFrames = []
        renderDeadline = script.renderDeadline
        clockBefore = source.now.nanoseconds
        lookAt = clockBefore
        startedAt = source.now.nanoseconds
        rangeDivisor = Int64(script.range.range.divisor(forSourceRate: Double(script.refreshRate)))
        try startFirstLink()
        for cost in script.otherLinks { try startOtherLink(cost: cost) }
        for step in script.steps { try play(step) }
        link.invalidate()
        for other in others { other.invalidate() }
    }

    /// A first link on `source` with `script`'s settings and the range, adaptive rate and dispatch
    /// given (a restarted link takes those in force).
    private static func makeFirstLink(
        _ script: PacingScript, on source: ManualFrameSource, range: FrameRateRange, adaptive: Bool,
        renderDeadline: Bool
    ) throws -> DisplayLink {
        let link = try DisplayLink(source: .manual(source))
        link.timelineCapacity = script.ticks + 64
        link.presentationLatency = .microseconds(script.latency)
        link.preferredFrameRateRange = range
        if adaptive { try? link.enableAdaptiveRate() }
        if renderDeadline { link.dispatch = .renderDeadline }
        return link
    }

    /// Starts the first link: its input handler and its callback.
    private func startFirstLink() throws {
        link.input.setHandler { [unowned self] batch in pendingSampling = batch.samplingTime.nanoseconds }
        try link.start { [unowned self] frame in firstLinkCallback(frame) }
    }

    /// Starts another link on the source, each callback `cost` µs long.
    private func startOtherLink(cost: Int) throws {
        let other = try DisplayLink(source: .manual(source))
        let index = others.count
        others.append(other)
        otherFrames.append([])
        liveOthers.append(index)
        let cost = Duration.microseconds(cost)
        try other.start { [unowned self] frame in
            otherFrames[index].append(OtherFrame(frame: frame, start: source.now.nanoseconds))
            source.elapse(cost)
            clockBefore = source.now.nanoseconds
        }
    }

    /// Invalidates the first link (unless its callback did) and, `idle` µs later, starts a new one with
    /// the settings in force on the same source.
    private func restart(idle: Int) throws {
        let range = link.preferredFrameRateRange
        if !link.isInvalidated { link.invalidate() }
        if !liveOthers.isEmpty { neighbourChanges += 1 }
        source.elapse(.microseconds(idle))
        clockBefore = source.now.nanoseconds
        link = try Self.makeFirstLink(
            script, on: source, range: range, adaptive: adaptiveOn, renderDeadline: renderDeadline)
        firstLinks.append(link)
        generation += 1
        rangeDivisor = linkDivisor
        // What happened to the old link is not the new one's.
        pendingEvents = [
            .restarted(
                at: source.now.nanoseconds, renderDeadline: renderDeadline, adaptive: link.isRateAdaptive)
        ]
        eventsAfterNextFrame = []
        pendingSampling = nil
        lookPending = true
        lastContentTime = .min
        try startFirstLink()
    }

    private func firstLinkCallback(_ frame: Frame) {
        let start = source.now.nanoseconds
        var record = Observed(
            frame: frame, start: start, end: start, threadFree: clockBefore, lookedAt: lookAt,
            events: pendingEvents,
            samplingTime: pendingSampling, rangeDivisor: rangeDivisor, range: link.preferredFrameRateRange,
            droppedTicks: link.state.withLock { $0.statistics.droppedTicks }, generation: generation)
        pendingEvents = eventsAfterNextFrame
        eventsAfterNextFrame = []
        // From here the divisor in force is this frame's: an adaptive move as its callback returns is
        // seen as a difference from it, even when the script changes the rate back before a frame
        // shows the move.
        rangeDivisor = linkDivisor
        pendingSampling = nil
        source.elapse(.nanoseconds(cost))
        if let range = rangeInCallback {
            rangeInCallback = nil
            let old = linkDivisor
            link.preferredFrameRateRange = range.range
            noteDivisor(from: old, inCallback: true)
        }
        if invalidateInCallback {
            // Inside its callback: it takes effect from the next frame.
            invalidateInCallback = false
            link.invalidate()
        }
        record.end = source.now.nanoseconds
        clockBefore = record.end
        observed.append(record)
        postMotion(until: record.end)
        present(frame, end: record.end)
    }

    /// Motion samples 1 ms apart up to `now`, so that the next input phase has motion to resample
    /// and samples dense enough that the queue's own latency applies.
    private func postMotion(until now: Int64) {
        var time = max(lastPosted + Self.motionSpacing, now - 4 * Self.motionSpacing)
        while time <= now {
            let position = InputPosition(x: Double(time / Self.motionSpacing), y: 0)
            link.input.post(
                InputEvent(
                    .pointerMotion(pointer: 0, position: position), at: MonotonicInstant(nanoseconds: time)))
            lastPosted = time
            time += Self.motionSpacing
        }
    }

    private var lastPosted: Int64 = .min / 2
    /// Spreads frame numbers over 64 bits (SplitMix64's constant), so that faults fall on frames
    /// without a pattern.
    private static let mixing: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let motionSpacing: Int64 = 1_000_000

    /// The display's part: when the frame is shown, reported from inside the callback.
    private func present(_ frame: Frame, end: Int64) {
        guard script.feedback != .none else { return }
        let grid = source.grid
        let ready = max(frame.targetTimestamp.nanoseconds, end + link.presentationLatency.wholeNanoseconds)
        var vblank = PacingModel.firstRefresh(atOrAfter: ready, grid: grid)
        if script.feedback == .faultyDisplay {
            let mixed: UInt64 = frame.sequence &* Self.mixing
            let fault: UInt64 = mixed >> 60
            if fault == 0 {
                link.discarded(frame.sequence)
                return
            }
            if fault == 1 { vblank += 1 }
        }
        link.presented(frame.sequence, at: MonotonicInstant(nanoseconds: grid.timestamp(of: vblank)))
    }

    /// The divisor the first link uses now.
    private var linkDivisor: Int64 { link.state.withLock { $0.pacer.divisor } }

    /// Records a change of the first link's divisor made by the script (`before` it was `old`).
    /// A change made while a frame is planned for a render deadline and not yet delivered is seen
    /// when that frame's callback returns, as one made inside it.
    private func noteDivisor(from old: Int64, inCallback: Bool, rangeBefore: FrameRateRange? = nil) {
        let divisor = linkDivisor
        if !inCallback, old != rangeDivisor {
            pendingEvents.append(.adaptiveMove(old, range: rangeBefore ?? link.preferredFrameRateRange))
        }
        if divisor != old {
            if !inCallback, link.state.withLock({ $0.pacer.isCallbackRunning }) {
                eventsAfterNextFrame.append(.divisor(divisor, at: source.now.nanoseconds, inCallback: true))
            } else {
                pendingEvents.append(.divisor(divisor, at: source.now.nanoseconds, inCallback: inCallback))
                if !inCallback { lookPending = true }
            }
        }
        rangeDivisor = divisor
    }

    private var eventsAfterNextFrame: [Event] = []

    /// The frame thread looks at the links at the start of a call that drives the source: the first
    /// such look after a change between frames or a resume is where they align.
    private func driving() {
        if lookPending {
            lookAt = source.now.nanoseconds
            lookPending = false
            pendingEvents.append(.looked(at: lookAt, divisor: linkDivisor))
        }
    }

    private func play(_ step: PacingScript.Step) throws {
        switch step {
        case .run(let ticks, let cost):
            self.cost = Int64(cost) * 1000
            driving()
            source.advanceTicks(ticks)
        case .setRange(let range, let idle):
            source.elapse(.microseconds(idle))
            clockBefore = source.now.nanoseconds
            let old = linkDivisor
            let rangeBefore = link.preferredFrameRateRange
            link.preferredFrameRateRange = range.range
            noteDivisor(from: old, inCallback: false, rangeBefore: rangeBefore)
        case .setRangeInCallback(let range, let cost):
            self.cost = Int64(cost) * 1000
            rangeInCallback = range
            driving()
            source.advanceTicks(1)
            rangeInCallback = nil
        case .adaptive(let on):
            if on {
                guard (try? link.enableAdaptiveRate()) != nil else { return }
                adaptiveOn = true
                pendingEvents.append(.adaptive(true))
            } else {
                let old = linkDivisor
                if old != rangeDivisor {
                    pendingEvents.append(.adaptiveMove(old, range: link.preferredFrameRateRange))
                    rangeDivisor = old
                }
                link.disableAdaptiveRate()
                adaptiveOn = false
                pendingEvents.append(.adaptive(false))
                // Back to the range's own divisor, between frames.
                noteDivisor(from: old, inCallback: false)
            }
        case .stall(let delay):
            let wake = source.now.nanoseconds + Int64(delay) * 1000
            driving()
            clockBefore = wake
            source.wake(at: MonotonicInstant(nanoseconds: wake))
        case .pause(let duration):
            link.isPaused = true
            source.elapse(.microseconds(duration))
            clockBefore = source.now.nanoseconds
            link.isPaused = false
            pendingEvents.append(.resumed(at: source.now.nanoseconds))
            lookPending = true
        case .renderDeadline(let on):
            guard on != renderDeadline else { return }
            renderDeadline = on
            link.dispatch = on ? .renderDeadline : .afterVBlank
            pendingEvents.append(.dispatch(renderDeadline: on))
        case .restart(let idle, let inCallback):
            if inCallback {
                // From inside the first link's next callback, if the next tick makes one.
                invalidateInCallback = true
                driving()
                source.advanceTicks(1)
                invalidateInCallback = false
            }
            try restart(idle: idle)
        case .addOtherLink(let cost):
            neighbourChanges += 1
            try startOtherLink(cost: cost)
        case .removeOtherLink:
            guard let index = liveOthers.popLast() else { return }
            neighbourChanges += 1
            others[index].invalidate()
        case .schedule(let pictures, let spacing, let lead, let onRefresh):
            schedule(
                pictures: pictures, spacing: Int64(spacing) * 1000, lead: Int64(lead) * 1000,
                onRefresh: onRefresh)
        case .removeContent:
            link.removeScheduledContent()
            pendingEvents.append(.contentRemoved)
        case .contentPolicy(let showLate):
            link.lateContentPolicy = showLate ? .showLate : .dropLate
            pendingEvents.append(.contentPolicy(showLate: showLate))
        }
    }

    /// Schedules `pictures` pieces on the first link, `spacing` ns apart from `lead` ns from now, each
    /// after the last one scheduled (moved to a refresh plus `onRefresh` ns when given); stops at the
    /// first the link refuses (a full queue, an invalidated link).
    private func schedule(pictures: Int, spacing: Int64, lead: Int64, onRefresh: Int?) {
        let grid = source.grid
        var time = source.now.nanoseconds + lead
        for _ in 0..<pictures {
            var at = time
            if let onRefresh {
                at =
                    grid.timestamp(of: PacingModel.firstRefresh(atOrAfter: time, grid: grid))
                    + Int64(onRefresh)
            }
            at = max(at, lastContentTime + 1)
            let content = ScheduledContent(
                id: nextContentID, presentationTime: MonotonicInstant(nanoseconds: at))
            guard (try? link.schedule(content)) != nil else { return }
            nextContentID += 1
            lastContentTime = at
            pendingEvents.append(.scheduled(content))
            time += spacing
        }
    }
}
