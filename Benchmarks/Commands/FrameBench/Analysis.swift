import FrameClock
import Histogram

/// The figures of one subject under one workload, over every round it ran.
struct SubjectFigures: Codable, Sendable {
    struct Percentiles: Codable, Sendable {
        var p50: Double
        var p90: Double
        var p99: Double
        var p999: Double
        var max: Double
    }

    var subject: Subject
    var workload: Workload
    var runs: Int
    var frames: Int
    /// Frames expected at the nominal rate over the time measured.
    var nominalFrames: Int
    /// Lateness against the subject's ideal grid, in microseconds.
    var latenessMicroseconds: Percentiles
    /// Whole intervals with no callback (gaps between callbacks, rounded to intervals, minus one).
    var skippedIntervals: Int
    /// For display links: the intervals the frames themselves reported as skipped.
    var reportedSkips: Int?
    /// Two callbacks in one grid interval.
    var duplicates: Int
    /// Callbacks less than half an interval after the previous one (catch-up bursts).
    var bursts: Int
    /// The slope of the phase error over the run, in microseconds per second (0: no drift).
    var driftMicrosecondsPerSecond: Double
    /// Process CPU time per frame, in microseconds (the workload's own spinning included).
    var cpuMicrosecondsPerFrame: Double
    /// Context switches per frame, voluntary (a sleep ended) and involuntary (preempted), between
    /// the first callback and the last: the whole process's for subjects in frame-bench's process
    /// (every thread a loop wakes counts), cyclictest's measuring thread's for cyclictest. `nil`
    /// when fewer than two frames were counted.
    var wakeUpsPerFrame: Double?
    /// The voluntary part of ``wakeUpsPerFrame``.
    var voluntaryWakeUpsPerFrame: Double?
    /// The part of ``wakeUpsPerFrame`` that is the callback's own thread's, for subjects that call
    /// back on one thread of their own (display links: the frame thread; the reference loop); `nil`
    /// for the others.
    var callbackThreadWakeUpsPerFrame: Double? = nil
    /// Whether this is the outside floor (cyclictest): no work per frame, no clock face; only
    /// lateness, frames, CPU and wake-ups apply.
    var isFloor: Bool
    /// What a clock face would show minus the true time when the frame reaches the screen, in ms
    /// (magnitudes: p50 and p99).
    var samplingErrorMilliseconds: Percentiles
    /// Frames that would show a different whole second than the true one at presentation.
    var wrongSecondFrames: Int
    /// The first intervals between callbacks, in frame intervals (for the heavy-workload picture).
    var firstIntervals: [Double]
    /// Lateness values (µs) at fixed percentiles, for the CDF chart.
    var latenessCDF: [CDFPoint]
    /// Whether the subject's thread ran SCHED_FIFO (display links and the reference loop).
    var realtimeGranted: Bool?
    /// The display link's source and why.
    var source: String?
    /// The lookup workload's lookups (that workload only).
    var lookups: LookupFigures? = nil
    /// The CPU-latency request the subject holds, in words ("none", "0 µs, the whole run", ...).
    var latencyRequest: String? = nil
    /// Time per frame every core together spent in each idle state while the subject ran, in µs;
    /// nil where the machine has no cpuidle to read.
    var idleStatesMicrosecondsPerFrame: [IdleStateTime]? = nil
    /// The field's jank figures (hitch ratio, dropped %, Swappy's histograms).
    var jank: JankRow? = nil

    /// The time per frame in the idle state named `POLL` (cores polling rather than halting), if
    /// the machine has one.
    var pollMicrosecondsPerFrame: Double? {
        idleStatesMicrosecondsPerFrame?.first { $0.name == "POLL" }?.microseconds
    }
}

/// One point of a cumulative distribution.
struct CDFPoint: Codable, Sendable {
    var percentile: Double
    var microseconds: Double
}

/// Turns runs into figures.
enum Analysis {
    static func figures(for records: [RunRecord]) -> SubjectFigures? {
        guard let first = records.first else { return nil }
        let context = first.context
        let period = context.period
        let periodNanoseconds = period.nanoseconds
        var lateness = Histogram<UInt64>(
            highestTrackableValue: 10_000_000_000, numberOfSignificantValueDigits: .three)
        var samplingError = Histogram<UInt64>(
            highestTrackableValue: 100_000_000_000, numberOfSignificantValueDigits: .three)
        var frames = 0
        var nominal = 0
        var skipped = 0
        var reported = 0
        var duplicates = 0
        var bursts = 0
        var wrongSeconds = 0
        var drifts: [Double] = []
        var cpu: Int64 = 0
        var firstIntervals: [Double] = []
        var wakeUps = ContextSwitches(voluntary: 0, involuntary: 0)
        var wakeUpFrames = 0
        var threadWakeUps: Int64 = 0
        var threadWakeUpFrames = 0
        for record in records {
            if let window = samplesWindow(record.samples, counting: \.threadSwitches) {
                threadWakeUps += window.switches.total
                threadWakeUpFrames += window.frames
            }
            if let window = record.wakeUpWindow ?? samplesWindow(record.samples) {
                wakeUps.voluntary += window.switches.voluntary
                wakeUps.involuntary += window.switches.involuntary
                wakeUpFrames += window.frames
            }
            let samples = record.samples
            frames += samples.count
            nominal += Int(Double(record.end - record.anchor) / periodNanoseconds)
            cpu += record.cpuNanoseconds
            var phaseIndex: Int64 = 0
            var phasePoints: [(Double, Double)] = []
            for (index, sample) in samples.enumerated() {
                let gridIndex = period.ticks(containing: sample.start - record.anchor)
                let late: Int64
                if let measured = sample.lateness {
                    late = measured
                } else if let frameTimestamp = sample.frameTimestamp {
                    late = sample.start - frameTimestamp
                } else {
                    late = sample.start - (record.anchor + period.offset(ofTicks: gridIndex))
                }
                _ = lateness.record(UInt64(max(0, late)))
                reported += sample.reportedSkips ?? 0
                if index == 0 {
                    phaseIndex = Int64((Double(sample.start - record.anchor) / periodNanoseconds).rounded())
                } else {
                    let previous = samples[index - 1]
                    let interval = Double(sample.start - previous.start)
                    let steps = Int64((interval / periodNanoseconds).rounded())
                    skipped += Int(max(0, steps - 1))
                    if interval < periodNanoseconds / 2 { bursts += 1 }
                    let previousIndex = period.ticks(containing: previous.start - record.anchor)
                    let sameInterval =
                        sample.frameTimestamp.map { $0 == previous.frameTimestamp }
                        ?? (gridIndex == previousIndex)
                    if sameInterval { duplicates += 1 }
                    phaseIndex += max(1, steps)
                    if firstIntervals.count < 12 && record.anchor == first.anchor {
                        firstIntervals.append((interval / periodNanoseconds * 100).rounded() / 100)
                    }
                }
                let phaseError = Double(sample.start - record.anchor) - Double(phaseIndex) * periodNanoseconds
                phasePoints.append((Double(sample.start - record.anchor) / 1e9, phaseError / 1000))
                // The clock face: what it draws against the truth when the frame is shown.
                let drawn = sample.targetTimestamp ?? sample.start
                let shown: Int64
                if let target = sample.targetTimestamp, let frameTimestamp = sample.frameTimestamp {
                    shown =
                        sample.end <= target
                        ? target : nextGridPoint(after: sample.end, from: frameTimestamp, period: period)
                } else {
                    shown = nextGridPoint(after: sample.end, from: record.anchor, period: period)
                }
                _ = samplingError.record(UInt64(abs(drawn - shown)))
                if floorDivide(drawn - record.anchor, 1_000_000_000)
                    != floorDivide(shown - record.anchor, 1_000_000_000)
                {
                    wrongSeconds += 1
                }
            }
            drifts.append(slope(phasePoints))
        }
        func percentiles(_ histogram: Histogram<UInt64>, scale: Double) -> SubjectFigures.Percentiles {
            guard histogram.totalCount > 0 else { return .init(p50: 0, p90: 0, p99: 0, p999: 0, max: 0) }
            return .init(
                p50: Double(histogram.valueAtPercentile(50)) / scale,
                p90: Double(histogram.valueAtPercentile(90)) / scale,
                p99: Double(histogram.valueAtPercentile(99)) / scale,
                p999: Double(histogram.valueAtPercentile(99.9)) / scale,
                max: Double(histogram.max) / scale)
        }
        let cdf: [CDFPoint] =
            lateness.totalCount == 0
            ? []
            : [0.1, 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 100].map {
                CDFPoint(percentile: $0, microseconds: Double(lateness.valueAtPercentile($0)) / 1000)
            }
        return SubjectFigures(
            subject: context.subject, workload: context.workload, runs: records.count, frames: frames,
            nominalFrames: nominal, latenessMicroseconds: percentiles(lateness, scale: 1000),
            skippedIntervals: skipped,
            reportedSkips: context.subject.isDisplayLink ? reported : nil, duplicates: duplicates,
            bursts: bursts,
            driftMicrosecondsPerSecond: drifts.isEmpty ? 0 : drifts.reduce(0, +) / Double(drifts.count),
            cpuMicrosecondsPerFrame: frames == 0 ? 0 : Double(cpu) / 1000 / Double(frames),
            wakeUpsPerFrame: wakeUpFrames == 0 ? nil : Double(wakeUps.total) / Double(wakeUpFrames),
            voluntaryWakeUpsPerFrame: wakeUpFrames == 0
                ? nil : Double(wakeUps.voluntary) / Double(wakeUpFrames),
            callbackThreadWakeUpsPerFrame: threadWakeUpFrames == 0
                ? nil : Double(threadWakeUps) / Double(threadWakeUpFrames),
            isFloor: context.subject.isExternal,
            samplingErrorMilliseconds: percentiles(samplingError, scale: 1_000_000),
            wrongSecondFrames: wrongSeconds,
            firstIntervals: firstIntervals, latenessCDF: cdf,
            realtimeGranted: records.compactMap(\.threadReport).first?.realtimeGranted,
            source: records.compactMap(\.sourceInfo).first,
            lookups: context.workload == .lookup ? LookupFigures(records.flatMap(\.lookups)) : nil,
            latencyRequest: latencyRequest(context.subject, records.compactMap(\.threadReport).first),
            idleStatesMicrosecondsPerFrame: frames == 0
                ? nil
                : IdleStates.sum(records.map(\.idleStates))?.map {
                    IdleStateTime(name: $0.name, microseconds: $0.microseconds / Double(frames))
                },
            jank: context.subject.isExternal ? nil : JankAnalysis.jank(for: records))
    }

    /// The CPU-latency request `subject` holds, as its thread `report` tells for a display link.
    static func latencyRequest(_ subject: Subject, _ report: FrameThreadReport?) -> String {
        switch subject {
        case .cyclictest:
            return "0 µs, the whole run"
        case .cyclictestDefaultSystem:
            return "none (--default-system)"
        case .linkTimer, .linkDRM:
            guard let report else { return "unknown (no thread report)" }
            return report.latencyOnDemandGranted
                ? "0 µs, from the rehearsal to the tick"
                : "none (\(report.latencyOnDemandRefusal ?? "not asked"))"
        case .linkTimerLatencyOff:
            return "none (turned off)"
        case .linkPrecise:
            return "none (spins before the deadline)"
        case .linkLowPower:
            return "none (no early wake-up)"
        default:
            return "none"
        }
    }

    /// The context switches the samples carry in `counts` (the process's, or the callback thread's)
    /// from the end of the first callback to the end of the last; nil where they carry none.
    static func samplesWindow(
        _ samples: [Sample], counting counts: KeyPath<Sample, ContextSwitches?> = \.switches
    ) -> WakeUpWindow? {
        guard samples.count >= 2, let first = samples.first?[keyPath: counts],
            let last = samples.last?[keyPath: counts]
        else { return nil }
        return WakeUpWindow(switches: last - first, frames: samples.count - 1)
    }

    /// The first grid point at or after `instant` on the grid through `origin`.
    static func nextGridPoint(after instant: Int64, from origin: Int64, period: FramePeriod) -> Int64 {
        let index = period.ticks(containing: instant - origin)
        let point = origin + period.offset(ofTicks: index)
        return point == instant ? point : origin + period.offset(ofTicks: index + 1)
    }

    /// The slope of y over x, robust to outliers: the medians of the first and last thirds of the
    /// points, joined. Wake-up noise (a few late callbacks) does not tilt it; a real drift does.
    static func slope(_ points: [(Double, Double)]) -> Double {
        guard points.count >= 6 else { return 0 }
        let third = points.count / 3
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let head = points.prefix(third)
        let tail = points.suffix(third)
        let run = median(tail.map(\.0)) - median(head.map(\.0))
        guard run > 0 else { return 0 }
        return (median(tail.map(\.1)) - median(head.map(\.1))) / run
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && a < 0) ? quotient - 1 : quotient
    }
}
