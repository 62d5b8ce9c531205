import AsyncAlgorithms
internal import CLinuxShims
import Dispatch
import Foundation
import FrameClock

/// What one run of one subject under one workload is given.
struct RunContext: Sendable {
    let subject: Subject
    let workload: Workload
    let period: FramePeriod
    let runNanoseconds: Int64
    let seed: UInt64

    var periodNanoseconds: Int64 { Int64(period.nanoseconds.rounded()) }
}

/// What one run produced.
struct RunRecord: Sendable {
    let context: RunContext
    /// The start of the subject's ideal grid: tick k is at `anchor + k · period`.
    let anchor: Int64
    let end: Int64
    let samples: [Sample]
    let cpuNanoseconds: Int64
    /// What a display link's frame thread was granted (display links and the reference loop).
    let threadReport: FrameThreadReport?
    /// Why a display link used the source it used; how cyclictest was run.
    let sourceInfo: String?
    /// Wake-ups counted by the runner itself (cyclictest's measuring thread); `nil` where the
    /// samples carry the process's counts.
    var wakeUpWindow: WakeUpWindow? = nil
    /// The lookup workload's lookups, finished before the run ended.
    var lookups: [LookupRecord] = []
    /// The time every core spent in each idle state over the run, in microseconds; nil where the
    /// machine has no cpuidle to read.
    var idleStates: [IdleStateTime]? = nil
}

/// Context switches over a number of frames.
struct WakeUpWindow: Sendable {
    var switches: ContextSwitches
    var frames: Int
}

/// Runs subjects: each loop as people write it, recording every callback.
enum SubjectRunner {
    /// Runs one subject and reads the idle states' time around it.
    static func run(_ context: RunContext) async throws -> RunRecord {
        let idleBefore = IdleStates.read()
        var record =
            context.subject.isExternal ? try await Cyclictest.run(context) : try await runInProcess(context)
        record.idleStates = IdleStates.difference(IdleStates.read(), idleBefore)
        return record
    }

    /// Runs a subject in frame-bench's own process.
    private static func runInProcess(_ context: RunContext) async throws -> RunRecord {
        let log = SampleLog(
            expected: Int(context.runNanoseconds / max(1, context.periodNanoseconds)) * 2 + 64)
        let usageBefore = ResourceUsage.current()
        let anchor = MonotonicInstant.now().nanoseconds
        let end = anchor + context.runNanoseconds
        let work = WorkGenerator(
            workload: context.workload, periodNanoseconds: context.periodNanoseconds, runStart: anchor,
            runNanoseconds: context.runNanoseconds, seed: context.seed)
        var report: FrameThreadReport? = nil
        var sourceInfo: String? = nil
        let period = context.periodNanoseconds
        let callback: @Sendable () -> Bool = {
            let start = MonotonicInstant.now().nanoseconds
            guard start < end else { return false }
            work.perform()
            log.append(Sample(start: start, end: MonotonicInstant.now().nanoseconds, switches: .ofProcess()))
            return true
        }
        switch context.subject {
        case .cyclictest, .cyclictestDefaultSystem:
            preconditionFailure("cyclictest runs in its own process")
        case .reference:
            report = await onThread {
                referenceLoop(anchor: anchor, end: end, period: context.period, work: work, log: log)
            }
        case .linkTimer, .linkTimerLatencyOff, .linkPrecise, .linkLowPower, .linkDRM:
            // Every display link subject: its source is the subject's own.
            guard let source = context.subject.linkSource(framesPerSecond: context.period.framesPerSecond)
            else {
                preconditionFailure("\(context.subject) is listed as a display link but has no source")
            }
            let link = try DisplayLink(
                source: source, options: context.subject.linkOptions, logger: .init(label: "frame-bench"))
            let scene = LookupScene(link: link, schedule: work.lookups)
            try link.start(isolatedTo: scene) { scene, frame in
                let start = MonotonicInstant.now().nanoseconds
                guard start < end else { return }
                // A lookup moves off the frame thread; its result comes back to the scene.
                work.perform(startingLookupsWith: { scene.startLookup() })
                log.append(
                    Sample(
                        start: start, end: MonotonicInstant.now().nanoseconds,
                        frameTimestamp: frame.timestamp.nanoseconds,
                        targetTimestamp: frame.targetTimestamp.nanoseconds,
                        reportedSkips: frame.skippedFrames,
                        switches: .ofProcess(), threadSwitches: .ofThread()))
            }
            await sleepUntil(end)
            link.invalidate()
            report = link.threadReport
            sourceInfo = link.sourceInfo.description
        case .foundationTimer:
            _ = await onThread { () -> FrameThreadReport? in
                let timer = Timer(timeInterval: Double(period) / 1e9, repeats: true) { timer in
                    if !callback() { timer.invalidate() }
                }
                RunLoop.current.add(timer, forMode: .default)
                RunLoop.current.run(
                    until: Date(
                        timeIntervalSinceNow: Double(end - MonotonicInstant.now().nanoseconds) / 1e9 + 0.05))
                timer.invalidate()
                return nil
            }
        case .dispatchTimer:
            let queue = DispatchQueue(label: "frame-bench.dispatch-timer", qos: .userInteractive)
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(
                deadline: .now() + .nanoseconds(Int(period)), repeating: .nanoseconds(Int(period)),
                leeway: .nanoseconds(0))
            timer.setEventHandler { if !callback() { timer.cancel() } }
            timer.resume()
            await sleepUntil(end + period)
            timer.cancel()
        case .asyncAfter:
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                AsyncAfterChain(period: period, callback: callback, done: { done.resume() }).scheduleNext()
            }
        case .taskSleepFor:
            while true {
                try? await Task.sleep(for: .nanoseconds(period))
                if !callback() { break }
            }
        case .taskSleepUntil:
            var deadline = ContinuousClock.now + .nanoseconds(period)
            while true {
                try? await Task.sleep(until: deadline, clock: .continuous)
                if !callback() { break }
                deadline += .nanoseconds(period)
            }
        case .sleepLoop:
            _ = await onThread { () -> FrameThreadReport? in
                repeat { Sleep.blocking(nanoseconds: period) } while callback()
                return nil
            }
        case .asyncTimerSequence:
            for await _ in AsyncTimerSequence.repeating(every: .nanoseconds(period), clock: .continuous) {
                if !callback() { break }
            }
        }
        let usageAfter = ResourceUsage.current()
        return RunRecord(
            context: context, anchor: anchor, end: end, samples: log.all.filter { $0.start < end },
            cpuNanoseconds: usageAfter.cpuNanoseconds - usageBefore.cpuNanoseconds,
            threadReport: report,
            sourceInfo: sourceInfo,
            lookups: context.workload == .lookup ? work.lookups.records : [])
    }

    /// The reference: absolute sleeps to grid points, snapping to the next one after a late frame.
    private static func referenceLoop(
        anchor: Int64, end: Int64, period: FramePeriod, work: WorkGenerator, log: SampleLog
    )
        -> FrameThreadReport
    {
        let report = ThreadSettings.applyFrameThreadSettings()
        var tick: Int64 = 1
        while true {
            let deadline = anchor + period.offset(ofTicks: tick)
            guard deadline < end else { break }
            Sleep.until(monotonicNanoseconds: deadline)
            let start = MonotonicInstant.now().nanoseconds
            work.perform()
            let finished = MonotonicInstant.now().nanoseconds
            log.append(
                Sample(start: start, end: finished, switches: .ofProcess(), threadSwitches: .ofThread()))
            tick = max(tick + 1, period.ticks(containing: finished - anchor - 1) + 1)
        }
        return report
    }

    static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.start()
        }
    }

    /// Waits until `deadline` (monotonic) asleep on a thread of its own: one wake-up at the end. A
    /// `Task.sleep` of the whole run woke a dispatch thread once a second, which counted in the
    /// subject's wake-ups.
    private static func sleepUntil(_ deadline: Int64) async {
        await onThread { Sleep.until(monotonicNanoseconds: deadline) }
    }
}

/// A `DispatchQueue.asyncAfter` chain: each callback schedules the next one a period after it ends.
private final class AsyncAfterChain: Sendable {
    private let queue = DispatchQueue(label: "frame-bench.async-after", qos: .userInteractive)
    private let period: Int64
    private let callback: @Sendable () -> Bool
    private let done: @Sendable () -> Void

    init(period: Int64, callback: @escaping @Sendable () -> Bool, done: @escaping @Sendable () -> Void) {
        self.period = period
        self.callback = callback
        self.done = done
    }

    func scheduleNext() {
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(period))) { [self] in
            if callback() { scheduleNext() } else { done() }
        }
    }
}
