internal import CLinuxShims
import Foundation
import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// cyclictest (Debian's rt-tests) as a subject: the machine's floor measured by the tool the
/// real-time world uses, run as a display link's frame thread runs (see `FrameThread`): the same
/// rate (to the whole microsecond cyclictest takes), `SCHED_FIFO` priority 10 where this process
/// may have it (else `SCHED_OTHER` with 1 ns timer slack, inherited from the thread that starts
/// it), no `mlockall` (the frame thread locks no memory). Twice: with cyclictest's own tuning, as
/// its users run it (it holds `/dev/cpu_dma_latency` at 0 for the whole run), and with
/// `--default-system` (no request: the idle states as the system has them).
enum Cyclictest {
    /// What went wrong running cyclictest.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One invocation: its arguments and what they ask for.
    struct Invocation: Equatable {
        /// cyclictest's interval: whole microseconds, the nearest to the period.
        var intervalMicroseconds: Int
        var loops: Int
        /// `SCHED_FIFO` priority, or `nil` for `SCHED_OTHER`.
        var priority: Int32?
        /// Whether cyclictest is told not to tune the system (`--default-system`): without it, it
        /// holds a CPU-latency request of 0 for the whole run.
        var defaultSystem: Bool

        init(periodNanoseconds: Double, runNanoseconds: Int64, priority: Int32?, defaultSystem: Bool) {
            intervalMicroseconds = max(1, Int((periodNanoseconds / 1000).rounded()))
            loops = max(1, Int(runNanoseconds / 1000) / intervalMicroseconds)
            self.priority = priority
            self.defaultSystem = defaultSystem
        }

        /// `-q` prints nothing but the per-cycle values that `-v -N` asks for, in nanoseconds, and
        /// `-u` as they come (not at exit, as a pipe's buffering would).
        var arguments: [String] {
            var arguments = ["-q", "-u", "-v", "-N"]
            if defaultSystem { arguments.append("--default-system") }
            arguments += ["-i", "\(intervalMicroseconds)", "-l", "\(loops)"]
            if let priority {
                arguments += ["--policy=fifo", "-p", "\(priority)"]
            } else {
                arguments += ["--policy=other", "-p", "0"]
            }
            return arguments
        }
    }

    /// The path of the cyclictest executable, or `nil` when it is not installed.
    static func executable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders =
            path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin", "/usr/local/bin"]
        return folders.map { $0 + "/cyclictest" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The lateness values in one line of `cyclictest -v -N` output ("thread: cycle: nanoseconds"),
    /// or `nil` for any other line.
    static func parseValue(_ line: Substring) -> (cycle: Int, nanoseconds: Int64)? {
        let fields = line.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3,
            Int(fields[0].trimmingCharacters(in: .whitespaces)) != nil,
            let cycle = Int(fields[1].trimmingCharacters(in: .whitespaces)),
            let value = Int64(fields[2].trimmingCharacters(in: .whitespaces)), cycle >= 0
        else { return nil }
        return (cycle, value)
    }

    /// Runs cyclictest for the context's duration at its rate; the lateness of every cycle becomes
    /// a sample.
    static func run(_ context: RunContext) async throws -> RunRecord {
        guard let path = executable() else {
            throw Failure(description: "cyclictest is not installed (Debian: apt-get install rt-tests)")
        }
        let outcome = await SubjectRunner.onThread { () -> Result<RunRecord, Failure> in
            Result { () throws(Failure) -> RunRecord in try runOnThisThread(path: path, context: context) }
        }
        return try outcome.get()
    }

    /// Starts cyclictest from this thread, so that it inherits the frame thread's timer slack, and
    /// reads its values as they come; counts its measuring thread's context switches between the
    /// first value and the last one read while the thread was still there.
    private static func runOnThisThread(path: String, context: RunContext) throws(Failure) -> RunRecord {
        _ = fc_set_timer_slack_ns(1)
        let priority: Int32? = mayUseFIFO(priority: 10) ? 10 : nil
        let invocation = Invocation(
            periodNanoseconds: context.period.nanoseconds, runNanoseconds: context.runNanoseconds,
            priority: priority, defaultSystem: context.subject.cyclictestUsesDefaultSystem ?? true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = invocation.arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let childrenBefore = childrenCPUNanoseconds()
        let anchor = MonotonicInstant.now().nanoseconds
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(path): \(error)")
        }
        let errorText = ErrorCollector(errors.fileHandleForReading)
        let timerSlack =
            (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/timerslack_ns", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        var values: [Int64] = []
        values.reserveCapacity(invocation.loops)
        var first: (cycle: Int, switches: ContextSwitches)?
        var last: (cycle: Int, switches: ContextSwitches)?
        let step = max(1, invocation.loops / 20)
        var pending = Data()
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            let text = String(decoding: pending[pending.startIndex...lastNewline], as: UTF8.self)
            pending = Data(pending[(lastNewline + 1)...])
            for line in text.split(separator: "\n") {
                guard let (cycle, value) = parseValue(line) else { continue }
                values.append(value)
                // The first reading, then one every twentieth of the run and at each of the last
                // values, for as long as the measuring thread is there to be read.
                let due =
                    first == nil || cycle >= invocation.loops - 2 || cycle - (last ?? first)!.cycle >= step
                guard due, let switches = measuringThreadSwitches(of: process.processIdentifier) else {
                    continue
                }
                if first == nil { first = (cycle, switches) } else { last = (cycle, switches) }
            }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0, !values.isEmpty else {
            let message = errorText.text.split(separator: "\n").filter { !$0.hasPrefix("WARN") }.joined(
                separator: "; ")
            throw Failure(
                description:
                    "cyclictest \(invocation.arguments.joined(separator: " ")) exited with status \(process.terminationStatus)\(message.isEmpty ? "" : ": \(message)")"
            )
        }
        var wakeUps: WakeUpWindow? = nil
        if let first, let last, last.cycle > first.cycle {
            wakeUps = WakeUpWindow(switches: last.switches - first.switches, frames: last.cycle - first.cycle)
        }
        let interval = Int64(invocation.intervalMicroseconds) * 1000
        let samples = values.enumerated().map { index, late in
            let start = anchor + Int64(index + 1) * interval + late
            return Sample(start: start, end: start, lateness: late)
        }
        let refusal = invocation.priority == nil ? " (SCHED_FIFO refused here)" : ""
        return RunRecord(
            context: context, anchor: anchor, end: anchor + Int64(invocation.loops) * interval,
            samples: samples,
            cpuNanoseconds: childrenCPUNanoseconds() - childrenBefore,
            threadReport: FrameThreadReport(
                timerSlackNanoseconds: timerSlack ?? -1, realtimeGranted: invocation.priority != nil,
                realtimeRefusal: nil),
            sourceInfo: "cyclictest \(invocation.arguments.joined(separator: " "))\(refusal)",
            wakeUpWindow: wakeUps)
    }

    /// Whether this process may run a thread at `SCHED_FIFO` `priority`: tried on the calling thread,
    /// which is put back to `SCHED_OTHER` at once (cyclictest's own main thread should not inherit it).
    private static func mayUseFIFO(priority: Int32) -> Bool {
        guard fc_set_fifo_priority(priority) == 0 else { return false }
        var parameter = sched_param()
        parameter.sched_priority = 0
        pthread_setschedparam(pthread_self(), Int32(SCHED_OTHER), &parameter)
        return true
    }

    /// The context switches of cyclictest's measuring thread (its only thread besides the main one).
    private static func measuringThreadSwitches(of pid: Int32) -> ContextSwitches? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else {
            return nil
        }
        let measuring = tasks.filter { $0 != "\(pid)" }
        guard measuring.count == 1,
            let status = try? String(
                contentsOfFile: "/proc/\(pid)/task/\(measuring[0])/status", encoding: .utf8)
        else {
            return nil
        }
        func field(_ name: String) -> Int64? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.flatMap {
                Int64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces))
            }
        }
        guard let voluntary = field("voluntary_ctxt_switches"),
            let involuntary = field("nonvoluntary_ctxt_switches")
        else {
            return nil
        }
        return ContextSwitches(voluntary: voluntary, involuntary: involuntary)
    }

    /// CPU time of the children this process has waited for.
    private static func childrenCPUNanoseconds() -> Int64 {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return ResourceUsage.cpuNanoseconds(usage)
    }
}

/// Collects a pipe's text on a background thread.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    var text: String {
        done.wait()
        done.signal()
        return String(decoding: data, as: UTF8.self)
    }
}
