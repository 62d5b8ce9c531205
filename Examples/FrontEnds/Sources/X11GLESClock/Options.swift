/// x11-gles-clock's command line: `--frames N`, `--size PIXELS`, `--window own|adopted`,
/// `--dispatch deadline|vblank`, `--latency latch|default`, `--display NAME`.
struct Options {
    /// How many frames the link paces and the run accounts for.
    var frames = 300
    /// The window's width and height in pixels.
    var size = 160
    /// Whose window the frames are drawn on.
    var window = WindowAccess.own
    /// When each frame's callback starts.
    var dispatch = Dispatch.renderDeadline
    /// Whether the link's presentation latency is the Present latch's (half an interval and a
    /// millisecond, `X11PresentLatch`) rather than the link's default (1 ms).
    var latchLatency = true
    /// The X display (`:7`); nil for `$DISPLAY`.
    var display: String?

    /// Whose window the frames are drawn on, and how the link finds it.
    enum WindowAccess: String, CaseIterable {
        /// FrameClock's own `X11Window`, on `.x11(window)`: each frame's presentation in the timeline.
        case own
        /// A window of another connection (a toolkit's, as SDL's or GLFW's), adopted by its XID on
        /// `.x11(display:window:)`: the link paces it and presents nothing.
        case adopted
    }

    /// When the link starts each frame's callback.
    enum Dispatch: String, CaseIterable {
        /// At the learned render deadline before the frame's target (`.renderDeadline`).
        case renderDeadline = "deadline"
        /// Right after the tick (`.afterVBlank`).
        case afterVBlank = "vblank"
    }

    /// The usage line.
    static let usage =
        "usage: x11-gles-clock [--frames N] [--size PIXELS] [--window own|adopted] [--dispatch deadline|vblank] "
        + "[--latency latch|default] [--display NAME]"

    /// The sizes a window may have, in pixels.
    static let sizes = 16...4096

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
                guard let pixels = Int(value), Self.sizes.contains(pixels) else {
                    throw Failure(
                        description:
                            "--size needs \(Self.sizes.lowerBound) to \(Self.sizes.upperBound) pixels, "
                            + "not '\(value)'")
                }
                size = pixels
            case "--window":
                window = try Self.choice(of: option, value)
            case "--dispatch":
                dispatch = try Self.choice(of: option, value)
            case "--latency":
                guard value == "latch" || value == "default" else {
                    throw Failure(description: "--latency is one of latch, default, not '\(value)'")
                }
                latchLatency = value == "latch"
            case "--display":
                guard !value.isEmpty else { throw Failure(description: "--display needs a display name") }
                display = value
            default:
                throw Failure(description: "unknown option \(option)")
            }
        }
    }

    /// `value` as one of `Choice`'s names, for `option`.
    private static func choice<Choice: RawRepresentable<String> & CaseIterable>(
        of option: String, _ value: String
    ) throws(Failure) -> Choice {
        guard let chosen = Choice(rawValue: value) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw Failure(description: "\(option) is one of \(names), not '\(value)'")
        }
        return chosen
    }
}
