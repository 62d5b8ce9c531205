internal import CLinuxShims
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
    static func start(_ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
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
            throw SystemCallError(call: "pthread_create", errno: Errno(rawValue: result))
        }
    }

    /// Names the calling thread (at most 15 characters are kept).
    static func nameCurrentThread(_ name: String) {
        fc_set_thread_name(name)
    }
}
