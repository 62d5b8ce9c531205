import FrameClock

/// gles-clock's command line: `--frames N`, `--size PIXELS`, `--dispatch vblank|deadline`.
struct Options {
    /// How many frames to present and account for.
    var frames = 300
    /// The window's width and height in pixels.
    var size = 256
    /// When each frame's callback starts.
    var dispatch = FrameDispatch.afterVBlank

    static let usage = "usage: gles-clock [--frames N] [--size PIXELS] [--dispatch vblank|deadline]"

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
            case "--dispatch":
                switch value {
                case "vblank": dispatch = .afterVBlank
                case "deadline": dispatch = .renderDeadline
                default: throw Failure(description: "--dispatch is vblank or deadline, not '\(value)'")
                }
            default:
                throw Failure(description: "unknown option \(option)")
            }
        }
    }
}
