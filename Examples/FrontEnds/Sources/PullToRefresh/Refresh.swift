import FrameClock

/// The refresh: what a real list would fetch from the network, here a wait of
/// ``PullLayout/refreshDuration``. It runs off the frame thread, in a task of the global executor;
/// its caller applies the result back on the link's thread.
enum Refresh {
    /// Waits out the refresh; returns how long it took.
    @concurrent
    static func run() async -> Duration {
        let started = MonotonicInstant.now()
        try? await Task.sleep(for: PullLayout.refreshDuration)
        return MonotonicInstant.now() - started
    }
}
