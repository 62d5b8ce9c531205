extension Duration {
    /// The duration in nanoseconds, as Vulkan's waits take it.
    var vulkanTimeout: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
