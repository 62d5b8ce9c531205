/// glfw-clock's command line: `--frames N`.
struct GLFWClockOptions {
    /// A command line glfw-clock does not take.
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// How to call glfw-clock.
    static let usage = "usage: glfw-clock [--frames N]  (N from 1 to \(largestFrameCount); 300 by default)"
    /// The most frames a run may ask for: a minute at 60 Hz, far more than a check needs.
    static let largestFrameCount = 3600

    /// How many frames the link delivers before the run ends.
    var frames = 300

    /// Reads `arguments` (without the program's name).
    init(arguments: [String]) throws(Invalid) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--frames":
                guard let value = rest.popFirst() else {
                    throw Invalid(description: "--frames needs a number")
                }
                guard let frames = Int(value), (1...Self.largestFrameCount).contains(frames) else {
                    throw Invalid(
                        description: "--frames needs a positive number of frames up to "
                            + "\(Self.largestFrameCount), not '\(value)'")
                }
                self.frames = frames
            default:
                throw Invalid(description: "unknown argument '\(argument)'")
            }
        }
    }
}
