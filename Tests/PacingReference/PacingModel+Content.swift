extension PacingModel {
    /// C1: what a frame meant for the instant `target` takes from the content waiting, in time order
    /// (`waitingTimes`, the pieces' presentation times): the index of the piece it shows (nil: none is
    /// due), how many it counts dropped, and how many leave the queue. Under `showLate` the oldest due
    /// is shown and the rest wait for the frames after; otherwise the newest due is shown and the
    /// older due ones are dropped.
    static func content(waitingTimes: [Int64], target: Int64, showLate: Bool) -> (
        shown: Int?, dropped: Int, taken: Int
    ) {
        var due = 0
        while due < waitingTimes.count, waitingTimes[due] <= target { due += 1 }
        guard due > 0 else { return (nil, 0, 0) }
        return showLate ? (0, 0, 1) : (due - 1, due - 1, due)
    }
}
