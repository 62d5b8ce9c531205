/// gles-clock's command line: `--frames N`, `--size PIXELS`, `--pacing link|link-deadline|swap-interval-1`,
/// `--surface window|adopted`, `--resize-at FRAME`, `--hide-at FRAME`, `--may-discard N`,
/// `--timeline PATH`.
struct Options {
    /// How many frames to present and account for.
    var frames = 300
    /// The window's width and height in pixels.
    var size = 256
    /// Who paces the frames.
    var pacing = Pacing.linkAtVBlank
    /// How the link finds the surface.
    var surface = SurfaceAccess.window
    /// The frame (counted from 0) before which the surface grows by half, mid-run; nil: never.
    var resizeAt: Int?
    /// The frame (counted from 0) after whose swap the window is hidden, for a moment; nil: never.
    var hideAt: Int?
    /// How many frames the compositor may replace unseen before the run counts as failed; nil: none,
    /// or the one hidden with `--hide-at` (a compositor stopped mid-run replaces more).
    var mayDiscard: Int?
    /// Where the link's timeline is written at the end, as Chrome trace-event JSON (each frame's
    /// target and presentation); nil: nowhere.
    var timelinePath: String?

    /// How the link finds the surface the frames are swapped to.
    enum SurfaceAccess: String, CaseIterable {
        /// `.wayland(window)`: the library's own window.
        case window
        /// `.wayland(display:surface:)` from the window's raw pointers, as a toolkit's EGL
        /// surface would be paced (the connection and surface belong to someone else).
        case adopted
    }

    /// Who paces the frames, and when each starts.
    enum Pacing: String, CaseIterable {
        /// Mesa alone: eglSwapInterval(1), a loop of draw and swap, the swap blocking.
        case swapIntervalOne = "swap-interval-1"
        /// The display link, each frame started at its tick; swap interval 0.
        case linkAtVBlank = "link"
        /// The display link, each frame started at its learned render deadline; swap interval 0.
        case linkAtRenderDeadline = "link-deadline"
    }

    static let usage =
        "usage: gles-clock [--frames N] [--size PIXELS] [--pacing link|link-deadline|swap-interval-1] "
        + "[--surface window|adopted] [--resize-at FRAME] [--hide-at FRAME] [--may-discard N] [--timeline PATH]"

    /// Why the command line was not understood, in one sentence.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the arguments after the program's name.
    init(arguments: [String]) throws(Failure) {
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard let value = remaining.popFirst() else {
                throw Failure(description: "\(option) needs a value")
            }
            switch option {
            case "--frames":
                guard let count = Int(value), count > 0 else {
                    throw Failure(description: "--frames needs a positive number of frames, not '\(value)'")
                }
                frames = count
            case "--size":
                guard let pixels = Int(value), (16...4096).contains(pixels) else {
                    throw Failure(description: "--size needs 16 to 4096 pixels, not '\(value)'")
                }
                size = pixels
            case "--pacing":
                pacing = try Self.choice(of: option, value)
            case "--resize-at":
                resizeAt = try Self.frameNumber(of: option, value)
            case "--hide-at":
                hideAt = try Self.frameNumber(of: option, value)
            case "--may-discard":
                mayDiscard = try Self.frameNumber(of: option, value)
            case "--surface":
                surface = try Self.choice(of: option, value)
            case "--timeline":
                timelinePath = value
            default:
                throw Failure(description: "unknown option \(option)")
            }
        }
    }

    /// `value` as a frame number from 0, for `option`.
    private static func frameNumber(of option: String, _ value: String) throws(Failure) -> Int {
        guard let index = Int(value), index >= 0 else {
            throw Failure(description: "\(option) needs a frame number from 0, not '\(value)'")
        }
        return index
    }

    /// `value` as one of `Choice`'s names, for `option`.
    private static func choice<Choice: RawRepresentable<String> & CaseIterable>(
        of option: String, _ value: String
    )
        throws(Failure) -> Choice
    {
        guard let chosen = Choice(rawValue: value) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw Failure(description: "\(option) is one of \(names), not '\(value)'")
        }
        return chosen
    }
}
