import Foundation
import FrameClock
import Logging
import Wayland
import WestonFixture

/// One scripted drag through weston's input injector into a fresh window with a display link, the
/// motion handled one way; its frames and their presentations give a ``DragResult``.
struct DragMeasurement {
    /// The window's size: no other surface of weston's has it, so the injector aims at it.
    static let windowWidth = 240
    static let windowHeight = 360
    /// Frames this far from either end of the drag are left out (resampling needs samples on both
    /// sides; a press and a release are not motion).
    static let settling: Int64 = 150_000_000
    /// Frames the window shows before the drag starts.
    static let warmUpFrames = 10
    /// How long to wait for the window, and for the last frames' presentations.
    static let showTimeout = Duration.seconds(15)
    static let presentationWait: UInt32 = 200_000
    /// The longest wait for the frames that use the drag's last events.
    static let eventsWait = Duration.seconds(3)
    /// Frames the link's timeline keeps: the whole drag and more.
    static let timelineCapacity = 1024
    /// The global that gives input times to the nanosecond.
    static let inputTimestampsGlobal = "zwp_input_timestamps_manager_v1"

    let injector: WestonInputInjector
    let device: ScriptedDrag.Device
    let rate: Double
    let handling: DragHandling
    /// When each frame's callback starts: at the tick, or at its render deadline.
    let dispatch: FrameDispatch
    /// Whether the connection ignores `zwp_input_timestamps_manager_v1`, so that the events carry
    /// only their 32-bit milliseconds.
    let millisecondInputTimes: Bool

    /// Plays the drag and measures it.
    ///
    /// - Throws: when the window or the link cannot be made, or the window is never shown.
    func run() throws -> DragResult {
        let connection = try WaylandConnection(
            name: injector.weston.socketPath,
            ignoringGlobals: millisecondInputTimes ? [Self.inputTimestampsGlobal] : [])
        defer { connection.close() }
        let window = try WaylandWindow(
            connection: connection, title: "frame-bench drag", width: Self.windowWidth,
            height: Self.windowHeight)
        defer { window.close() }
        let link = try DisplayLink(
            source: .wayland(window), options: FrameThreadOptions(realtimePriority: nil),
            logger: Logger(label: "frame-bench.drag"))
        defer { link.invalidate() }
        let recorder = DragRecorder(device: device)
        switch handling {
        case .resampled: link.input.setHandler { recorder.record($0) }
        case .perEvent: window.setInputHandler { recorder.record($0) }
        }
        link.timelineCapacity = Self.timelineCapacity
        link.dispatch = dispatch
        let drawn = DeadlineBench.Counter()
        try link.start { frame in
            recorder.record(frame)
            try? window.draw { $0.fill(0xFF00_0000 | UInt32(truncatingIfNeeded: frame.sequence) & 0xFF) }
            _ = try? window.commit()
            _ = drawn.next()
        }
        // Shown, not only drawn: the injector aims at the topmost view of the window's size, and a
        // window weston has not mapped yet (a loaded machine) leaves the last case's, closing, there.
        let shown = {
            let counts = link.statistics
            return counts.framesOnTime + counts.framesEarly + counts.framesLate
        }
        guard
            Self.poll(
                timeout: Self.showTimeout,
                until: { drawn.value >= Self.warmUpFrames && shown() >= Self.warmUpFrames })
        else {
            throw DragBench.Failure("the drag's window was not shown within \(Self.showTimeout)")
        }
        injector.target(width: Self.windowWidth, height: Self.windowHeight)
        var drag = ScriptedDrag(device: device, rate: rate)
        drag.play(to: injector)
        // Every event sent reaches a frame before the link stops: on a loaded machine the last ones
        // arrive later than the presentations' wait alone allows (8 of a touch drag's, once in CI).
        _ = Self.poll(timeout: Self.eventsWait, until: { recorder.eventsUsed >= drag.sent.count })
        usleep(Self.presentationWait)
        link.invalidate()
        return result(drag: drag, frames: recorder.frames, timeline: link.timeline)
    }

    /// The step's two sources over the frames one `interval` apart (``DragResult/samplingVariation``
    /// and ``DragResult/positionError``), each a fraction of the mean step.
    private static func stepParts(_ frames: [DragFrameRecord], interval: Int64) -> (
        sampling: Double, position: Double
    ) {
        let pairs = zip(frames, frames.dropFirst()).filter { earlier, later in
            abs(Double(later.timestamp - earlier.timestamp - interval)) < Double(interval) / 4
        }
        guard !pairs.isEmpty else { return (.nan, .nan) }
        let nanosecondsPerSecond = 1e9
        let motion = pairs.map {
            ScriptedDrag.speed * Double($1.positionTime - $0.positionTime) / nanosecondsPerSecond
        }
        let errors = zip(pairs, motion).map { pair, moved in pair.1.y - pair.0.y - moved }
        let meanStep = pairs.map { $1.y - $0.y }.reduce(0, +) / Double(pairs.count)
        let meanError = errors.reduce(0, +) / Double(errors.count)
        let spread = (errors.map { ($0 - meanError) * ($0 - meanError) }.reduce(0, +) / Double(errors.count))
            .squareRoot()
        return (DragSmoothness.variation(motion), spread / abs(meanStep))
    }

    /// Polls `condition` every millisecond until it holds (true) or `timeout` passes (false).
    private static func poll(timeout: Duration, until condition: () -> Bool) -> Bool {
        let end = ContinuousClock.now + timeout
        while !condition() {
            if ContinuousClock.now > end { return false }
            usleep(1_000)
        }
        return true
    }

    private func result(drag: ScriptedDrag, frames: [DragFrameRecord], timeline: FrameTimeline) -> DragResult
    {
        let middle = (drag.startTime + Self.settling)...(drag.endTime - Self.settling)
        let judged = frames.filter { middle.contains($0.timestamp) }
        let interval = DragSmoothness.medianInterval(judged.map(\.timestamp)) ?? 0
        let steps = DragSmoothness.steps(judged.map { ($0.timestamp, $0.y) }, interval: interval)
        let parts = Self.stepParts(judged, interval: interval)
        var ages: [Double] = []
        var eventLatencies: [Double] = []
        var dropped = 0
        var unanswered = 0
        for frame in frames {
            let entry = timeline.entry(sequence: frame.sequence)
            guard let presented = entry?.presented?.nanoseconds else {
                if middle.contains(frame.timestamp) {
                    if entry?.outcome == .dropped { dropped += 1 } else { unanswered += 1 }
                }
                continue
            }
            eventLatencies += frame.eventTimes.map { Double(presented - $0) / 1e6 }
            if middle.contains(frame.timestamp) { ages.append(Double(presented - frame.positionTime) / 1e6) }
        }
        return DragResult(
            device: device, rate: rate, handling: handling, interval: Double(interval) / 1e6,
            frames: judged.count, steps: steps.count, stepVariation: DragSmoothness.variation(steps),
            samplingVariation: parts.sampling, positionError: parts.position,
            shownAges: ages, eventLatencies: eventLatencies, eventsSent: drag.sent.count,
            eventsUsed: frames.reduce(0) { $0 + $1.eventTimes.count }, dropped: dropped,
            unanswered: unanswered,
            frameTable: DragFrameTable(frames: frames).csv, timelineTable: timeline.text(.csv))
    }
}
