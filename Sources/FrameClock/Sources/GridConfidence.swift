/// How sure a model of the display is of the line it fitted to the display's vblanks (MSC against
/// UST): how many it fitted, the MSCs they span, and how far the fitted interval may be off.
///
/// A grid uses its fit only once sure; until then the interval it assumes (measured before, or
/// nominal) serves, anchored on the latest vblanks. A line through a few vblanks is no measurement:
/// through four of Xvfb's USTs, which scatter by a millisecond and more, it puts a 16.67 ms interval
/// anywhere in 14.8–19.1 ms, and frames a refresh apart get targets 11.5–21.9 ms apart (issue 49).
struct GridConfidence: Hashable, Sendable {
    /// The vblanks fitted.
    var samples: Int
    /// The MSCs from the oldest vblank fitted to the newest.
    var span: Int64
    /// The half-width of the fitted interval's 95 % confidence interval, in nanoseconds (nil: too few
    /// vblanks to say).
    var intervalUncertainty: Double?
    /// Whether the fit is used: ``minimumSamples`` vblanks at least, and an uncertainty within
    /// ``largestUncertaintyDivisor`` of the interval.
    var isSure: Bool

    /// No line yet: `samples` vblanks (none, or one), too few to fit.
    static func unfitted(samples: Int) -> GridConfidence {
        GridConfidence(samples: samples, span: 0, intervalUncertainty: nil, isSure: false)
    }

    /// The fewest vblanks a fit is used through: four (three gaps), so that exact USTs (a DRM-backed
    /// server's) are trusted as soon as a line can be told from a lucky pair.
    static let minimumSamples = 4
    /// The largest uncertainty of a sure interval, as a divisor of it: a 200th (83 µs at 60 Hz), the
    /// change that publishes a new rate (`X11TickSource.publishedIntervalDivisor`), so that no rate
    /// is published that the fit does not know. USTs scattered by a millisecond reach it after about
    /// fifteen vblanks (a quarter second at 60 Hz); until then the assumed interval serves.
    static let largestUncertaintyDivisor = 200.0

    /// The confidence in `fit`; `wasSure` keeps a line sure once it was (a later stray UST moves the
    /// fit of many vblanks less than it would move an anchor of a few).
    init(fit: UstLine.Fit, wasSure: Bool) {
        samples = fit.samples
        span = fit.span
        intervalUncertainty = fit.intervalStandardError.map { $0 * Self.studentT95(freedom: fit.samples - 2) }
        let withinBound =
            intervalUncertainty.map { $0 * Self.largestUncertaintyDivisor <= fit.interval } ?? false
        isSure = fit.interval >= 1 && (wasSure || (samples >= Self.minimumSamples && withinBound))
    }

    private init(samples: Int, span: Int64, intervalUncertainty: Double?, isSure: Bool) {
        self.samples = samples
        self.span = span
        self.intervalUncertainty = intervalUncertainty
        self.isSure = isSure
    }

    /// Student's t at 95 % (two-sided) for `freedom` degrees of freedom: the standard errors a
    /// slope's true value may lie from a fit with so few residuals. Past ten, 2.2 (t for eleven;
    /// it falls to 1.96), a little wide and never too narrow.
    static func studentT95(freedom: Int) -> Double {
        guard freedom >= 1 else { return .infinity }
        return freedom <= studentT95Table.count ? studentT95Table[freedom - 1] : studentT95Beyond
    }

    /// Student's t at 95 % for one to ten degrees of freedom.
    private static let studentT95Table = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    ]

    /// Student's t at 95 % for more than ten degrees of freedom (see ``studentT95(freedom:)``).
    static let studentT95Beyond = 2.2
}
