/// pull-to-refresh's command line: `--naive`, `--inject-fifo PATH`, `--duration SECONDS`,
/// `--injector-times sent|compositor`, `--skips every|drawing`.
struct Options {
    /// Whose times the injected events reach the app with, which decides how the self-test matches
    /// what it received to what it sent.
    enum InjectorTimes: String, CaseIterable {
        /// The compositor passes on each command's stamp and touch id (weston's injector): samples
        /// are matched by time and position.
        case sent
        /// The compositor stamps each event when it receives it and numbers touch points itself
        /// (mutter's RemoteDesktop, through `Tests/Input/mutter-input-bridge.py`): samples are matched
        /// by position and order, their times only checked for never going back.
        case compositor
    }

    /// Handle each input event as it arrives and redraw per event, without the link's resampling.
    var naive = false
    /// The input injector's FIFO: play the scripted drags into it and check the run.
    var injectFIFO: String?
    /// How long each scripted drag moves down before its hold.
    var duration = 0.8
    /// Whose times the injected events carry.
    var injectorTimes = InjectorTimes.sent

    /// Which skipped frames fail the self-test.
    enum SkipJudgement: String, CaseIterable {
        /// Every skipped frame in a drag.
        case every
        /// Only a skip after a frame whose drawing took longer than its interval: the others follow
        /// a frame drawn in time, so the compositor's repaint came late (mutter rendering in software
        /// on a loaded machine); they are listed, not judged.
        case drawing
    }

    /// Which skipped frames fail the self-test.
    var skips = SkipJudgement.every

    /// The drag durations the self-test accepts, in seconds.
    static let durationRange = 0.2...10.0

    static let usage =
        "usage: pull-to-refresh [--naive] [--inject-fifo PATH [--duration SECONDS] [--injector-times sent|compositor] [--skips every|drawing]]"

    /// The options that take a value.
    private static let valued: Set = ["--inject-fifo", "--duration", "--injector-times", "--skips"]

    /// Why the command line was not understood, in one sentence.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the arguments after the program's name.
    init(arguments: [String]) throws(Failure) {
        var remaining = arguments[...]
        var selfTestOptions: [String] = []
        while let option = remaining.popFirst() {
            if option == "--naive" {
                naive = true
                continue
            }
            guard Self.valued.contains(option) else {
                throw Failure(description: "unknown option \(option)")
            }
            guard let value = remaining.popFirst() else {
                throw Failure(description: "\(option) needs a value")
            }
            switch option {
            case "--inject-fifo":
                injectFIFO = value
            case "--duration":
                guard let seconds = Double(value), Self.durationRange.contains(seconds) else {
                    throw Failure(
                        description:
                            "--duration needs \(Self.durationRange.lowerBound) to \(Self.durationRange.upperBound) seconds, not '\(value)'"
                    )
                }
                duration = seconds
                selfTestOptions.append(option)
            case "--skips":
                guard let judgement = SkipJudgement(rawValue: value) else {
                    let names = SkipJudgement.allCases.map(\.rawValue).joined(separator: " or ")
                    throw Failure(description: "--skips needs \(names), not '\(value)'")
                }
                skips = judgement
                selfTestOptions.append(option)
            default:
                guard let times = InjectorTimes(rawValue: value) else {
                    let names = InjectorTimes.allCases.map(\.rawValue).joined(separator: " or ")
                    throw Failure(description: "--injector-times needs \(names), not '\(value)'")
                }
                injectorTimes = times
                selfTestOptions.append(option)
            }
        }
        if let option = selfTestOptions.first, injectFIFO == nil {
            throw Failure(description: "\(option) is the scripted drag's: it needs --inject-fifo")
        }
    }
}
