/// The cadence content at one rate makes on a display at another, when each picture is shown at the
/// first refresh at or after its time (``DisplayLink/schedule(_:)``): how many refreshes each picture
/// is held, how often that pattern breaks, and the content rate nearby whose cadence never breaks.
///
/// A picture lasts `refreshesPerPicture` refreshes. Where that is a fraction with a small
/// denominator, `refreshes / pictures` (5/2 for 24 fps on 60 Hz), the holds repeat a short
/// ``pattern`` (3, 2) for ever. Content a little off such a rate (23.976 fps, 1000/1001 of 24) drifts
/// against the pattern by `refreshesPerPicture − refreshes/pictures` of a refresh each picture, and
/// the pattern breaks (a 3, 3 or a 2, 2) each time the drift adds up to `1/pictures` of a refresh:
/// every ``picturesBetweenBreaks`` pictures (200 for 23.976 on 60 Hz, 8.3 s). Playing the content
/// at ``steadyFramesPerSecond`` instead (24: a speed change of ``speedChange``, 1.001) removes the
/// breaks, as mpv's display-resample mode does by resampling the audio to match.
public struct ContentCadence: Hashable, Sendable {
    /// The longest pattern looked for by default: every common film, video and display rate's
    /// cadence repeats within 8 pictures (25 on 60: 5; 24 on 144: 1; 24 on 90: 4).
    public static let defaultLongestPattern = 8

    /// How many refreshes each picture lasts on average: the content's interval over the display's.
    public let refreshesPerPicture: Double
    /// The refreshes of one cycle of the nearest steady cadence (5 for 24 on 60 Hz).
    public let refreshes: Int
    /// The pictures of one cycle of the nearest steady cadence (2 for 24 on 60 Hz).
    public let pictures: Int
    /// The content's rate, in pictures per second.
    public let framesPerSecond: Double
    /// The display's rate, in refreshes per second.
    public let refreshRate: Double

    /// The cadence of content with interval `content` on a display with interval `refresh`, against
    /// the nearest steady cadence of at most `longestPattern` pictures (at least 1).
    public init(content: FramePeriod, refresh: FramePeriod, longestPattern: Int = defaultLongestPattern) {
        framesPerSecond = content.framesPerSecond
        refreshRate = refresh.framesPerSecond
        let ratio = content.nanoseconds / refresh.nanoseconds
        refreshesPerPicture = ratio
        // At least one refresh a cycle: content far faster than the display still has a cadence.
        var best = (refreshes: max(1, Int(ratio.rounded())), pictures: 1)
        var bestError = abs(ratio - Double(best.refreshes))
        for pictures in stride(from: 2, through: longestPattern, by: 1) {
            let refreshes = max(1, Int((ratio * Double(pictures)).rounded()))
            let error = abs(ratio - Double(refreshes) / Double(pictures))
            // Strictly better by more than rounding: 4/2 is no better than 2/1.
            if error < bestError - Self.sameRatio * ratio {
                best = (refreshes, pictures)
                bestError = error
            }
        }
        refreshes = best.refreshes
        pictures = best.pictures
    }

    /// Two ratios this close, relative to their size, are one: a rate given in frames per second is
    /// exact to a micro-hertz (``FramePeriod/init(framesPerSecond:)``).
    static let sameRatio = 1e-9

    /// How many refreshes each picture of one cycle of the steady cadence is held, from a picture
    /// shown at a refresh: [3, 2] for 24 fps on 60 Hz, [3, 2, 3, 2, 2] for 25 on 60, [5] for 24 on
    /// 120. A 0 is a picture no refresh shows (content faster than the display).
    public var pattern: [Int] {
        (1...pictures).map { index in
            Self.ceilingDivision(index * refreshes, pictures)
                - Self.ceilingDivision((index - 1) * refreshes, pictures)
        }
    }

    /// Whether the content's rate is the steady cadence's exactly: its pattern never breaks.
    public var isSteady: Bool {
        abs(refreshesPerPicture - steadyRefreshesPerPicture) <= Self.sameRatio * refreshesPerPicture
    }

    /// Pictures from one break of the pattern to the next (200 for 23.976 fps on 60 Hz); nil when
    /// the cadence is steady.
    public var picturesBetweenBreaks: Double? {
        guard !isSteady else { return nil }
        return 1 / (Double(pictures) * abs(refreshesPerPicture - steadyRefreshesPerPicture))
    }

    /// The time from one break to the next (8.34 s for 23.976 fps on 60 Hz); nil when steady.
    public var timeBetweenBreaks: Duration? {
        picturesBetweenBreaks.map { .nanoseconds(Int64(($0 / framesPerSecond * 1e9).rounded())) }
    }

    /// The content rate whose cadence is the steady one exactly (24 for 23.976 fps on 60 Hz).
    public var steadyFramesPerSecond: Double {
        refreshRate * Double(pictures) / Double(refreshes)
    }

    /// How much faster content plays at ``steadyFramesPerSecond`` than at its own rate (1.001 for
    /// 23.976 fps on 60 Hz): a player accepts it when the change is too small to hear once the
    /// audio is resampled (mpv's limit is 1 %).
    public var speedChange: Double {
        steadyFramesPerSecond / framesPerSecond
    }

    private var steadyRefreshesPerPicture: Double {
        Double(refreshes) / Double(pictures)
    }

    private static func ceilingDivision(_ numerator: Int, _ denominator: Int) -> Int {
        (numerator + denominator - 1) / denominator
    }
}
