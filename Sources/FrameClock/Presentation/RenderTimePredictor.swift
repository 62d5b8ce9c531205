/// Predicts how long the next frame's callback will take, from the ones before it, as KWin's render
/// journal and Mutter's dynamic render time do: a longer frame is taken into account at once; the
/// prediction stays at the longest of the last ``window`` frames (so a spike every few frames keeps
/// it up), and only when that longest one has left the window does it relax, a sixteenth of the
/// excess a frame.
struct RenderTimePredictor: Hashable, Sendable {
    /// How many recent durations the prediction never goes below.
    static let window = 16
    /// How far the prediction moves towards a shorter recent maximum, per frame.
    static let relaxation = 1.0 / 16

    /// The prediction in nanoseconds; nil until a callback was measured.
    private(set) var prediction: Int64?
    /// The last durations, a ring (allocated once).
    private var recent = [Int64](repeating: 0, count: window)
    private var next = 0
    private var filled = 0
    /// The longest duration in the window.
    private var windowLongest: Int64 = 0

    /// Takes a measured callback duration into account.
    mutating func record(_ duration: Int64) {
        let measured = max(0, duration)
        let evicted = filled == Self.window ? recent[next] : 0
        recent[next] = measured
        next = next + 1 == Self.window ? 0 : next + 1
        if filled < Self.window { filled += 1 }
        // The window's longest: the new one if longer; a scan only when the longest just left it.
        if measured >= windowLongest {
            windowLongest = measured
        } else if evicted == windowLongest {
            windowLongest = 0
            for index in 0..<filled where recent[index] > windowLongest { windowLongest = recent[index] }
        }
        let longest = windowLongest
        guard let current = prediction, longest < current else {
            prediction = longest
            return
        }
        prediction = current - Int64((Double(current - longest) * Self.relaxation).rounded(.up))
    }

    /// Forgets what was learned (the dispatch mode changed).
    mutating func reset() {
        prediction = nil
        next = 0
        filled = 0
        windowLongest = 0
    }
}
