/// The figures of one pacing, in milliseconds: a frame is shown at the refresh its presentation
/// request completed at, unless the next frame completed at the same refresh (then it was replaced
/// before it was seen); the cadence is the gaps between the refreshes that showed a new frame, and a
/// refresh between two of them showed none (skipped).
struct X11PacingFigures {
    var drawnCount = 0
    var shownCount = 0
    var replaced = 0
    /// Frames whose completion never came.
    var pending = 0
    var skippedRefreshes = 0
    /// Gaps between consecutive shown frames' USTs.
    var gaps: [Double] = []
    /// A shown frame's start to its UST.
    var latencies: [Double] = []
    /// Every frame's start to the UST its request completed at, replaced frames too.
    var allLatencies: [Double] = []

    init(drawn: [X11PacingRun.DrawnFrame], completions: [UInt32: X11PacingRun.Shown]) {
        drawnCount = drawn.count
        let settled = drawn.compactMap { frame in completions[frame.serial].map { (frame, $0) } }
        pending = drawn.count - settled.count
        var previous: X11PacingRun.Shown?
        allLatencies = settled.map { frame, shown in Double(shown.ust - frame.start) / 1e6 }
        for (index, (frame, shown)) in settled.enumerated() {
            if index + 1 < settled.count, settled[index + 1].1.msc <= shown.msc {
                replaced += 1
                continue
            }
            shownCount += 1
            latencies.append(Double(shown.ust - frame.start) / 1e6)
            if let previous {
                gaps.append(Double(shown.ust - previous.ust) / 1e6)
                if shown.msc > previous.msc + 1 { skippedRefreshes += Int(shown.msc - previous.msc - 1) }
            }
            previous = shown
        }
    }
}
