internal import CLinuxShims
internal import SystemCalls
import SystemPackage

/// A frame thread's settings, applied from inside it: in Driving/ because they are the driver's
/// options and report, not Support's.
extension FrameThread {
    /// Names the calling thread, asks for 1 ns timer slack and, when `options` say so, for
    /// `SCHED_FIFO`; returns what was granted, with what `latency` (opened for the thread) says of
    /// latency on demand.
    static func configureCurrentThread(
        name: String, options: FrameThreadOptions, latency: LatencyOnDemand
    ) -> FrameThreadReport {
        fc_set_thread_name(name)
        _ = fc_set_timer_slack_ns(1)
        let slack = fc_get_timer_slack_ns()
        var granted = false
        var refusal: String? = nil
        if let priority = options.realtimePriority {
            let result = fc_set_fifo_priority(priority)
            granted = result == 0
            refusal = granted ? nil : SystemCall.name(of: Errno(rawValue: result))
        }
        return FrameThreadReport(
            timerSlackNanoseconds: Int(slack), realtimeGranted: granted, realtimeRefusal: refusal,
            latencyOnDemandGranted: latency.isAvailable, latencyOnDemandRefusal: latency.refusal)
    }
}
