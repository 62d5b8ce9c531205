import Dispatch

extension DispatchTime {
    /// The dispatch time `duration` from now, for a semaphore's wait.
    static func after(_ duration: Duration) -> DispatchTime {
        let (seconds, attoseconds) = duration.components
        return .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
