internal import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// The last frames of a link, with their timings and outcomes: a snapshot taken by
/// ``DisplayLink/timeline``, readable at any time.
///
/// ```swift
/// let recent = link.timeline.last(120)
/// try link.timeline.write(.chromeTrace, to: "frames.json")   // opens in Perfetto's UI
/// try link.timeline.write(.csv, to: "frames.csv")            // KWin's performance-data columns
/// ```
public struct FrameTimeline: Sendable {
    /// The entries, oldest first.
    public let entries: [FrameTimelineEntry]

    /// Creates a timeline of `entries` (oldest first).
    public init(entries: [FrameTimelineEntry]) {
        self.entries = entries
    }

    /// The newest `count` entries, oldest first.
    public func last(_ count: Int) -> [FrameTimelineEntry] {
        Array(entries.suffix(max(0, count)))
    }

    /// The entry of frame `sequence`, if the timeline still holds it.
    public func entry(sequence: UInt64) -> FrameTimelineEntry? {
        entries.last { $0.sequence == sequence }
    }

    /// The jank figures of these entries (see ``JankFigures``).
    public var jank: JankFigures { hitchesAndFigures.figures }

    /// The frames that hitched, oldest first, each with its cause: Android JankStats' janky frames.
    public var hitches: [FrameHitch] { hitchesAndFigures.hitches }

    private var hitchesAndFigures: (hitches: [FrameHitch], figures: JankFigures) {
        var counter = JankCounter()
        var hitches: [FrameHitch] = []
        for entry in entries {
            if let hitch = counter.add(entry) { hitches.append(hitch) }
        }
        return (hitches, counter.figures)
    }

    /// The formats a timeline is written in.
    public enum Format: Hashable, Sendable {
        /// Comma-separated values: KWin's performance-data columns first (target pageflip
        /// timestamp, pageflip timestamp, render start, render end, safety margin, refresh duration,
        /// vrr, tearing, predicted render time; nanoseconds of `CLOCK_MONOTONIC`), then FrameClock's
        /// (sequence, vsync, deadline, presented vblank, outcome, late intervals, cause, skipped,
        /// jobs, job time, oldest input).
        case csv
        /// Chrome's trace-event JSON: one complete ("X") event per frame, from its callback's start
        /// to its end, with the timings as arguments (the oldest input and input to present, for a
        /// frame that handled input); and Perfetto FrameTimeline's "Expected
        /// Timeline" and "Actual Timeline" tracks, with each frame's present and jank types.
        /// Perfetto's UI and `chrome://tracing` open it.
        case chromeTrace
    }

    /// The timeline as text in `format`.
    public func text(_ format: Format) -> String {
        switch format {
        case .csv: csv
        case .chromeTrace: chromeTrace
        }
    }

    /// Writes the timeline to the file at `path` in `format`.
    ///
    /// - Throws: ``SystemCallError`` naming the file when it cannot be written (a missing folder:
    ///   `ENOENT`; no permission: `EACCES`).
    public func write(_ format: Format, to path: String) throws(SystemCallError) {
        let bytes = Array(text(format).utf8)
        let fd = try SystemCall.perform("open(\(path))", retryOnInterrupt: true) {
            open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { raw in
                SystemCall.valueOrErrno(retryOnInterrupt: true) {
                    Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                }
            }
            switch result {
            case .success(let count): written += count
            case .failure(let error): throw SystemCallError(call: "write(\(path))", errno: error)
            }
        }
    }

    private var csv: String {
        var out =
            "target pageflip timestamp,pageflip timestamp,render start,render end,safety margin,refresh duration,"
            + "vrr,tearing,predicted render time,sequence,vsync,deadline,presented vblank,outcome,late intervals,"
            + "late cause,skipped frames,jobs,job time,oldest input\n"
        for entry in entries {
            let (late, cause) = Self.lateness(entry.outcome)
            let fields: [String] = [
                "\(entry.target.nanoseconds)", entry.presented.map { "\($0.nanoseconds)" } ?? "",
                "\(entry.callbackStart.nanoseconds)", entry.callbackEnd.map { "\($0.nanoseconds)" } ?? "",
                "\((entry.target - entry.deadline).wholeNanoseconds)",
                "\(entry.refreshInterval.wholeNanoseconds)",
                "0", "0", "\(entry.predictedDuration.wholeNanoseconds)", "\(entry.sequence)",
                "\(entry.timestamp.nanoseconds)", "\(entry.deadline.nanoseconds)",
                entry.presentedVBlank.map { "\($0)" } ?? "", Self.outcomeName(entry.outcome), late, cause,
                "\(entry.skippedFrames)", "\(entry.jobsRun)", "\(entry.jobTime.wholeNanoseconds)",
                entry.oldestInput.map { "\($0.nanoseconds)" } ?? "",
            ]
            out += fields.joined(separator: ",") + "\n"
        }
        return out
    }

    private var chromeTrace: String {
        var events: [String] = []
        events.reserveCapacity(entries.count)
        for entry in entries {
            let start = Self.microseconds(entry.callbackStart.nanoseconds)
            let duration = Self.microseconds(max(0, entry.callbackDuration?.wholeNanoseconds ?? 0))
            let (late, cause) = Self.lateness(entry.outcome)
            var args = [
                "\"sequence\":\(entry.sequence)", "\"vsync_ns\":\(entry.timestamp.nanoseconds)",
                "\"deadline_ns\":\(entry.deadline.nanoseconds)", "\"target_ns\":\(entry.target.nanoseconds)",
                "\"outcome\":\"\(Self.outcomeName(entry.outcome))\"",
                "\"skipped_frames\":\(entry.skippedFrames)",
                "\"predicted_ns\":\(entry.predictedDuration.wholeNanoseconds)",
                "\"refresh_ns\":\(entry.refreshInterval.wholeNanoseconds)",
            ]
            if let output = entry.output {
                args.append(
                    "\"output\":\"\(Self.escaped(output.name))\",\"output_mhz\":\(output.refreshMillihertz)")
            }
            if let presented = entry.presented { args.append("\"presented_ns\":\(presented.nanoseconds)") }
            if let vblank = entry.presentedVBlank { args.append("\"presented_vblank\":\(vblank)") }
            if let input = entry.oldestInput {
                args.append("\"oldest_input_ns\":\(input.nanoseconds)")
                if let latency = entry.inputLatency {
                    args.append("\"input_to_present_ns\":\(latency.wholeNanoseconds)")
                }
            }
            if !late.isEmpty { args.append("\"late_intervals\":\(late),\"late_cause\":\"\(cause)\"") }
            events.append(
                "{\"name\":\"frame \(entry.sequence)\",\"cat\":\"frame\",\"ph\":\"X\",\"ts\":\(start),"
                    + "\"dur\":\(duration),\"pid\":1,\"tid\":1,\"args\":{\(args.joined(separator: ","))}}")
            // The executor's jobs that ran after the frame, on the same thread's row.
            if let jobsStart = entry.jobsStart, entry.jobsRun > 0 {
                events.append(
                    "{\"name\":\"jobs\",\"cat\":\"jobs\",\"ph\":\"X\","
                        + "\"ts\":\(Self.microseconds(jobsStart.nanoseconds)),"
                        + "\"dur\":\(Self.microseconds(entry.jobTime.wholeNanoseconds)),\"pid\":1,\"tid\":1,"
                        + "\"args\":{\"jobs\":\(entry.jobsRun),\"after_frame\":\(entry.sequence)}}")
            }
        }
        events += frameTrackEvents
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
    }

    /// `text` as the inside of a JSON string: quotes, backslashes and control characters escaped.
    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Nanoseconds as microseconds with three decimals, as trace events count time.
    static func microseconds(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private static func outcomeName(_ outcome: FrameOutcome) -> String {
        switch outcome {
        case .pending: "pending"
        case .onTime: "on time"
        case .late: "late"
        case .early: "early"
        case .dropped: "dropped"
        case .notPresented: "not presented"
        }
    }

    private static func lateness(_ outcome: FrameOutcome) -> (intervals: String, cause: String) {
        guard case .late(let intervals, let cause) = outcome else { return ("", "") }
        switch cause {
        case .callbackPastDeadline: return ("\(intervals)", "callback")
        case .displayLate: return ("\(intervals)", "display")
        }
    }
}
