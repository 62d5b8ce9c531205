internal import CLinuxShims
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Starts detached pthreads for frame threads (their scheduling is set from inside).
enum FrameThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread.
    static func start(_ body: @escaping @Sendable () -> Void) throws(DisplayLinkError) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let result = pthread_create(
            &thread, &attributes,
            { raw in
                Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw .system(SystemCallError(call: "pthread_create", errno: Errno(rawValue: result)))
        }
    }

    /// Names the calling thread (at most 15 characters are kept).
    static func nameCurrentThread(_ name: String) {
        fc_set_thread_name(name)
    }

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
