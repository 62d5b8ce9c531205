/// What one frame of a measured drag showed.
struct DragFrameRecord: Sendable {
    let sequence: UInt64
    /// The frame's timestamp, in nanoseconds.
    let timestamp: Int64
    /// The dragged object's y.
    let y: Double
    /// The instant that position stands for: the sampling time, or the newest event's time.
    let positionTime: Int64
    /// The times of the events this frame was the first to use.
    let eventTimes: [Int64]
}
