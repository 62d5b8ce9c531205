/// gles-clock's command line: `--frames N`, `--size PIXELS`, `--pacing link|link-deadline|swap-interval-1`,
/// `--surface window|adopted`, `--resize-at FRAME`, `--hide-at FRAME`.
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
        + "[--surface window|adopted] [--resize-at FRAME] [--hide-at FRAME]"

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
                guard let chosen = Pacing(rawValue: value) else {
                    let names = Pacing.allCases.map(\.rawValue).joined(separator: ", ")
                    throw Failure(description: "--pacing is one of \(names), not '\(value)'")
                }
                pacing = chosen
            case "--resize-at":
                guard let index = Int(value), index >= 0 else {
                    throw Failure(description: "--resize-at needs a frame number from 0, not '\(value)'")
                }
                resizeAt = index
            case "--hide-at":
                guard let index = Int(value), index >= 0 else {
                    throw Failure(description: "--hide-at needs a frame number from 0, not '\(value)'")
                }
                hideAt = index
            case "--surface":
                guard let chosen = SurfaceAccess(rawValue: value) else {
                    let names = SurfaceAccess.allCases.map(\.rawValue).joined(separator: ", ")
                    throw Failure(description: "--surface is one of \(names), not '\(value)'")
                }
                surface = chosen
            default:
                throw Failure(description: "unknown option \(option)")
            }
        }
    }
}
