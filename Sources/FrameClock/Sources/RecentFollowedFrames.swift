/// The last frames of a followed clock: when each began and the tick it was dispatched as, so that
/// a presentation reported later finds its tick. Fixed size: older frames are forgotten.
struct RecentFollowedFrames: Sendable {
    /// Frames remembered: a clock reports a presentation a few frames after the frame began.
    static let capacity = 16
    private var frameTimes = [Int64](repeating: .min, count: capacity)
    private var sequences = [Int64](repeating: .min, count: capacity)
    private var next = 0
    /// The latest frame dispatched: when it began and its sequence.
    private(set) var last: (frameTime: Int64, sequence: Int64)?
    /// The sequence of the latest frame dispatched.
    var lastSequence: Int64? { last?.sequence }
    /// The most intervals a frame is believed to be shown after it began, triple buffered behind a
    /// late compositor: more is a frame that waited for something else (its window's first map).
    static let deepestPresentation: Int64 = 4

    mutating func record(frameTime: Int64, sequence: Int64) {
        frameTimes[next] = frameTime
        sequences[next] = sequence
        next = (next + 1) % Self.capacity
        last = (frameTime, sequence)
    }

    func sequence(forFrameTime time: Int64) -> Int64? {
        frameTimes.firstIndex(of: time).map { sequences[$0] }
    }
}
