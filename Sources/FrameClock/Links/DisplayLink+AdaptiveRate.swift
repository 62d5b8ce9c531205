extension DisplayLink {
    /// Lets the link choose its rate within ``preferredFrameRateRange`` from its callbacks'
    /// durations, as Android's Frame Pacing library moves its swap interval: a steady 30 fps instead
    /// of a 60 fps link that skips irregularly under an 18 ms callback.
    ///
    /// A callback longer than its frame interval allows (the interval less
    /// ``presentationLatency``) moves the link at once to the rate it would have fitted; after eight
    /// callbacks in a row that fit a faster rate with a fifth of its budget to spare, it moves back
    /// up. Two changes are never less than half a second apart (a failed try, below, aside), so a load hovering at a boundary
    /// changes the rate at most twice a second. Where the frames' presentations are reported, two
    /// frames in a row shown late with their callbacks in time (a GPU's work after the callback)
    /// move the link down too; it tries the faster rate again after 1 s, then 2, 4 and 8 s, and
    /// undoes a failed try at once. The rate stays within the range, and never above the
    /// rate the range alone chooses. Each change is in ``rateChanges``, with its reason, and
    /// ``framesPerSecond`` follows it.
    ///
    /// ```swift
    /// link.preferredFrameRateRange = try FrameRateRange(minimum: 30, maximum: 60)
    /// try link.enableAdaptiveRate()
    /// for await change in link.rateChanges { print(change) }   // "60.0 → 30.0 fps: a callback took 20.0 ms"
    /// ```
    ///
    /// - Throws: ``DisplayLinkError/noDivisorInRange(_:sourceFramesPerSecond:)`` when no whole divisor
    ///   of the source's rate lies in the range.
    public func enableAdaptiveRate() throws(DisplayLinkError) {
        let sourceRate = driver.info.nominalFramesPerSecond
        try state.withLock { state throws(DisplayLinkError) in
            let divisor = state.range.divisor(forSourceRate: sourceRate)
            guard state.range.contains(sourceRate / Double(divisor)) else {
                throw .noDivisorInRange(state.range, sourceFramesPerSecond: sourceRate)
            }
            state.adaptiveRate.bound(by: state.range, sourceRate: sourceRate)
            state.adaptiveRate.isEnabled = true
        }
    }

    /// Turns the adaptive rate off: the link goes back to the rate its range chooses.
    public func disableAdaptiveRate() {
        let sourceRate = driver.info.nominalFramesPerSecond
        state.withLock { state in
            state.adaptiveRate.isEnabled = false
            state.changeDivisor(to: Int64(state.range.divisor(forSourceRate: sourceRate)))
        }
        driver.linkChanged()
    }

    /// Whether ``enableAdaptiveRate()`` is in effect.
    public var isRateAdaptive: Bool { state.withLock { $0.adaptiveRate.isEnabled } }

    /// Each change of rate the adaptive rate makes, as it happens, with its reason: a
    /// ``sourceChanges``-style sequence. Each iterator sees the changes after it was made; a consumer
    /// slower than the changes gets the latest eight. It ends when the link is invalidated.
    public var rateChanges: AsyncStream<FrameRateChange> {
        let (stream, continuation) = AsyncStream<FrameRateChange>.makeStream(
            bufferingPolicy: .bufferingNewest(8))
        subscribe(continuation, to: \.rateWatchers)
        return stream
    }
}
