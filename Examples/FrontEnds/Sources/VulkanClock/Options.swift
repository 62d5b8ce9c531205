/// vulkan-clock's command line: `--frames N`, `--size PIXELS`, `--pacing link|link-deadline|fifo`,
/// `--may-discard N`, `--timeline PATH`.
struct Options {
    /// How many frames to present and account for.
    var frames = 300
    /// The window's width and height in pixels.
    var size = 256
    /// Who paces the frames.
    var pacing = Pacing.linkAtVBlank
    /// How many frames the compositor may replace unseen before the run counts as failed (a
    /// compositor stopped mid-run replaces some).
    var mayDiscard = 0
    /// Where the link's timeline is written at the end, as Chrome trace-event JSON (each frame's
    /// target and presentation); nil: nowhere.
    var timelinePath: String?

    /// Who paces the frames, and when each starts.
    enum Pacing: String, CaseIterable {
        /// The driver alone: a FIFO swapchain, a loop of acquire, clear and present that blocks.
        case fifo
        /// The display link, each frame started at its tick; a MAILBOX swapchain.
        case linkAtVBlank = "link"
        /// The display link, each frame started at its learned render deadline; MAILBOX.
        case linkAtRenderDeadline = "link-deadline"
    }

    static let usage =
        "usage: vulkan-clock [--frames N] [--size PIXELS] [--pacing link|link-deadline|fifo] [--may-discard N] "
        + "[--timeline PATH]"

    /// Why the command line was not understood, in one sentence.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The window sizes accepted, in pixels.
    private static let sizes = 16...4096

    /// Reads the arguments after the program's name: pairs of an option and its value.
    init(arguments: [String]) throws(Failure) {
        guard arguments.count.isMultiple(of: 2) else {
            throw Failure(description: "\(arguments.last ?? "") needs a value")
        }
        for pair in stride(from: 0, to: arguments.count, by: 2) {
            let (option, value) = (arguments[pair], arguments[pair + 1])
            if option == "--frames", let count = Int(value), count > 0 {
                frames = count
            } else if option == "--size", let pixels = Int(value), Self.sizes.contains(pixels) {
                size = pixels
            } else if option == "--pacing", let chosen = Pacing(rawValue: value) {
                pacing = chosen
            } else if option == "--may-discard", let count = Int(value), count >= 0 {
                mayDiscard = count
            } else if option == "--timeline", !value.isEmpty {
                timelinePath = value
            } else {
                throw Failure(description: Self.complaint(option: option, value: value))
            }
        }
    }

    /// What is wrong with `option` given `value`.
    private static func complaint(option: String, value: String) -> String {
        switch option {
        case "--frames": "--frames needs a positive number of frames, not '\(value)'"
        case "--size": "--size needs \(sizes.lowerBound) to \(sizes.upperBound) pixels, not '\(value)'"
        case "--may-discard": "--may-discard needs a number of frames from 0, not '\(value)'"
        case "--timeline": "--timeline needs a file's path"
        case "--pacing":
            "--pacing is one of \(Pacing.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'"
        default: "unknown option \(option)"
        }
    }
}
