/// A tick source handed once from the thread that opened it to the frame thread that waits on it.
///
/// Sources are confined to one thread at a time and not `Sendable`; this box moves one across,
/// under a lock, exactly once.
final class TickSourceHandOff: @unchecked Sendable {
    private let source: Locked<(any TickSource)?>

    init(_ source: any TickSource) {
        self.source = Locked(source)
    }

    /// The source, the first time; nil afterwards.
    func take() -> (any TickSource)? {
        source.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
