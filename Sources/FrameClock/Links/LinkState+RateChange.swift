extension LinkState {
    /// The one place a link's rate changes between frames (a range set, the adaptive rate turned off,
    /// the source's rate changed): the divisor the range chooses from `sourceRate`, and the adaptive
    /// rate bounded by the same range (A3).
    mutating func chooseRate(sourceRate: Double) {
        changeDivisor(to: Int64(range.divisor(forSourceRate: sourceRate)))
        adaptiveRate.bound(by: range, sourceRate: sourceRate)
    }

    /// P6: a new divisor from the next frame on. A frame planned for a render deadline and not yet
    /// started was chosen at the old rate, so it is given up and the next one chosen at the new rate.
    mutating func changeDivisor(to divisor: Int64) {
        guard divisor != pacer.divisor else { return }
        abandonPlannedFrame()
        pacer.setDivisor(divisor)
    }

    /// Gives up a frame planned for a render deadline and not yet started: the pacing goes back to
    /// where it was before the frame was decided, so the frame takes no skips or target with it.
    mutating func abandonPlannedFrame() {
        pacer.abandonPlannedFrame()
    }
}
