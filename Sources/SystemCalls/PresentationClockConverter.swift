#if canImport(Glibc)
    import Glibc
#endif

/// Converts timestamps from the compositor's presentation clock (`wp_presentation.clock_id`) to
/// CLOCK_MONOTONIC.
///
/// When the compositor's clock is CLOCK_MONOTONIC itself, a timestamp is taken as it is (error 0).
/// Otherwise (weston reports CLOCK_MONOTONIC_RAW, id 4) each conversion samples the two clocks:
/// monotonic, the compositor's clock, monotonic again, a few times, and keeps the sample with the
/// narrowest window. The compositor clock's reading lies somewhere inside that window, so the offset
/// between the clocks is known to within half the window. The clocks may also run at slightly
/// different rates: CLOCK_MONOTONIC is slewed by NTP, at most 500 ppm (the kernel's limit on
/// frequency adjustment, `ADJ_TICK` changes aside), while CLOCK_MONOTONIC_RAW is not. So the error
/// of a converted instant is at most half the window plus 500 ppm of the timestamp's distance from
/// the moment of conversion; ``Conversion/errorBound`` carries that bound, rounded up.
package struct PresentationClockConverter: Sendable {
    /// The compositor's clock id.
    package let clockID: clockid_t

    /// A converter from the clock `clockID` (a `clock_gettime` id).
    package init(clockID: clockid_t) {
        self.clockID = clockID
    }

    /// How many samples each conversion takes (the narrowest window wins).
    package static var samplesPerConversion: Int { 3 }
    /// The largest rate difference assumed between CLOCK_MONOTONIC and another clock, in parts per
    /// million.
    package static var maximumSlewPartsPerMillion: Int64 { 500 }

    /// A timestamp on CLOCK_MONOTONIC and the most it can be off by.
    package struct Conversion: Sendable, Hashable {
        /// The instant, in CLOCK_MONOTONIC nanoseconds.
        package var monotonic: Int64
        /// The most the instant can differ from the true one, in nanoseconds.
        package var errorBound: Int64

        /// A converted instant and its error bound.
        package init(monotonic: Int64, errorBound: Int64) {
            self.monotonic = monotonic
            self.errorBound = errorBound
        }
    }

    /// The compositor's clock.
    private var clock: KernelClock { KernelClock(rawValue: clockID) }

    /// Whether the compositor's clock is CLOCK_MONOTONIC, so that no conversion is needed.
    package var isMonotonic: Bool { clockID == CLOCK_MONOTONIC }

    /// Whether this process can read the compositor's clock (a dynamic clock id cannot be).
    package var canReadClock: Bool { (try? clock.nanoseconds()) != nil }

    /// Converts `time` (nanoseconds on the compositor's clock), or returns nil when that clock cannot
    /// be read.
    package func convert(_ time: Int64) -> Conversion? {
        if isMonotonic { return Conversion(monotonic: time, errorBound: 0) }
        var best: (offset: Int64, window: Int64)?
        for _ in 0..<Self.samplesPerConversion {
            let before = KernelClock.monotonicNanoseconds()
            guard let other = try? clock.nanoseconds() else { return nil }
            let after = KernelClock.monotonicNanoseconds()
            let window = after - before
            if best == nil || window < best!.window {
                best = (other - (before + window / 2), window)
            }
        }
        guard let best else { return nil }
        let monotonic = time - best.offset
        let age = (KernelClock.monotonicNanoseconds() - monotonic).magnitude
        let drift = (Int64(clamping: age) / 1_000) * Self.maximumSlewPartsPerMillion / 1_000 + 1
        // Half the window, rounded up, plus the largest drift over the timestamp's age.
        return Conversion(monotonic: monotonic, errorBound: (best.window + 1) / 2 + drift)
    }

    /// The time on the compositor's clock of `monotonic` (CLOCK_MONOTONIC nanoseconds), rounded so
    /// that it lies no earlier than the true one (a time the compositor is not to show content
    /// before); nil when that clock cannot be read.
    package func compositorTime(ofMonotonic monotonic: Int64) -> Int64? {
        guard !isMonotonic else { return monotonic }
        // The other way round: a converted `monotonic` gives the offset; its error bound pushes later.
        guard let sample = convert(monotonic) else { return nil }
        return monotonic + (monotonic - sample.monotonic) + sample.errorBound
    }
}
