import WestonFixture

/// The figures of one measured drag, over its middle (away from the start and the release).
struct DragResult: Sendable {
    let device: ScriptedDrag.Device
    let rate: Double
    let handling: DragHandling
    /// The compositor's frame interval, the median spacing of the frames' timestamps, in ms.
    let interval: Double
    /// Frames in the drag's middle, and those one interval after the one before (the steps judged).
    let frames: Int
    let steps: Int
    /// The step's standard deviation as a fraction of its mean.
    let stepVariation: Double
    /// The step's two sources, each as a fraction of the mean step: the drag's own motion between
    /// the instants two frames' positions stand for, which varies as the sampling times do (the
    /// frames' callbacks starting early or late); and what is left, each position's error against
    /// the drag at its instant, which the input's times decide (a sample stamped up to 1 ms before
    /// it was taken, the 1/256 px of Wayland's fixed point).
    let samplingVariation: Double
    let positionError: Double
    /// Presentation less the instant the shown position stands for, in ms: how far the object
    /// trails the finger on screen.
    let shownAges: [Double]
    /// Each motion event's time to the presentation of the first frame that used it, in ms.
    let eventLatencies: [Double]
    let eventsSent: Int
    let eventsUsed: Int
    /// Frames of the middle the compositor reported as never shown (replaced by a later commit
    /// before its repaint).
    let dropped: Int
    /// Frames of the middle with no presentation feedback at all: lost, which must never happen.
    let unanswered: Int
    /// Every frame of the drag, as ``DragFrameTable`` writes them, and the link's timeline as CSV.
    let frameTable: String
    let timelineTable: String

    /// The files the two tables are written to, for example `drag-r1-touch-90hz-resampled-frames.csv`
    /// and `…-timeline.csv`.
    func tableNames(round: Int) -> (frames: String, timeline: String) {
        let handlingName = handling == .resampled ? "resampled" : "per-event"
        let stem = "drag-r\(round)-\(device)-\(Int(rate))hz-\(handlingName)"
        return ("\(stem)-frames.csv", "\(stem)-timeline.csv")
    }
}
