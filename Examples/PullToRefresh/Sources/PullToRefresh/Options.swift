/// pull-to-refresh's command line: `--naive`, `--inject-fifo PATH`, `--duration SECONDS`.
struct Options {
    /// Handle each input event as it arrives and redraw per event, without the link's resampling.
    var naive = false
    /// The weston input injector's FIFO: play the scripted drags into it and check the run.
    var injectFIFO: String?
    /// How long each scripted drag moves down before its hold.
    var duration = 0.8

    /// The drag durations the self-test accepts, in seconds.
    static let durationRange = 0.2...10.0

    static let usage = "usage: pull-to-refresh [--naive] [--inject-fifo PATH [--duration SECONDS]]"

    /// Why the command line was not understood, in one sentence.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the arguments after the program's name.
    init(arguments: [String]) throws(Failure) {
        var remaining = arguments[...]
        var durationGiven = false
        while let option = remaining.popFirst() {
            if option == "--naive" {
                naive = true
                continue
            }
            guard option == "--inject-fifo" || option == "--duration" else {
                throw Failure(description: "unknown option \(option)")
            }
            guard let value = remaining.popFirst() else {
                throw Failure(description: "\(option) needs a value")
            }
            if option == "--inject-fifo" {
                injectFIFO = value
            } else {
                guard let seconds = Double(value), Self.durationRange.contains(seconds) else {
                    throw Failure(
                        description:
                            "--duration needs \(Self.durationRange.lowerBound) to \(Self.durationRange.upperBound) seconds, not '\(value)'"
                    )
                }
                duration = seconds
                durationGiven = true
            }
        }
        if durationGiven && injectFIFO == nil {
            throw Failure(description: "--duration is the scripted drag's: it needs --inject-fifo")
        }
    }
}
