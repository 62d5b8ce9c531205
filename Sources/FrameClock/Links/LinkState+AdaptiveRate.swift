extension LinkState {
    /// The adaptive rate's verdict on a callback `duration` nanoseconds long that returned at
    /// `returned`: the pacer moves to the new divisor when it says so (else goes on as after any
    /// callback); the change and its watchers, when there is one.
    mutating func adaptRate(
        callback duration: Int64, of sequence: UInt64, returnedAt returned: Int64,
        firstEligibleSequence eligible: Int64
    )
        -> (change: FrameRateChange, watchers: [AsyncStream<FrameRateChange>.Continuation])?
    {
        guard let timing,
            let move = adaptiveRate.record(
                duration: duration, sequence: sequence, now: returned, divisor: pacer.divisor,
                refresh: timing.refreshNanoseconds,
                latency: presentationLatency)
        else {
            pacer.callbackReturned(firstEligibleSequence: eligible)
            return nil
        }
        let sourceRate = 1e9 / Double(max(1, timing.refreshNanoseconds))
        let change = FrameRateChange(
            fromFramesPerSecond: sourceRate / Double(pacer.divisor),
            toFramesPerSecond: sourceRate / Double(move.divisor),
            divisor: Int(move.divisor), reason: move.reason, time: MonotonicInstant(nanoseconds: returned))
        // A rate change like any other: seen as the callback returns (P6).
        changeDivisor(to: move.divisor)
        pacer.callbackReturned(firstEligibleSequence: eligible)
        return (change, rateWatchers.map(\.continuation))
    }
}
