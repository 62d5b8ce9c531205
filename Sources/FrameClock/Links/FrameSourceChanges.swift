/// A display link's changes of source as an `AsyncSequence`: each failover to the timer, each return
/// to the display, a Wayland window's callbacks stopping or resuming — the new
/// ``DisplayLink/sourceInfo`` each time, with the reason.
///
/// ```swift
/// for await change in link.sourceChanges {
///     print("now on \(change.name): \(change.reason)")
/// }
/// ```
///
/// Each iterator sees the changes after it was made (not the source in use then: read
/// ``DisplayLink/sourceInfo`` for that); a consumer slower than the changes gets the latest eight.
/// The sequence ends when the link is invalidated.
public struct FrameSourceChanges: AsyncSequence, Sendable {
    /// The source in use after each change.
    public typealias Element = FrameSourceInfo
    /// The sequence never fails; it ends when the link is invalidated.
    public typealias Failure = Never

    let link: DisplayLink

    /// Subscribes to the link's changes of source.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream<FrameSourceInfo>.makeStream(
            bufferingPolicy: .bufferingNewest(8))
        link.addSourceWatcher(continuation)
        return Iterator(changes: stream.makeAsyncIterator())
    }

    /// One subscriber's changes.
    public struct Iterator: AsyncIteratorProtocol {
        var changes: AsyncStream<FrameSourceInfo>.Iterator

        /// The next change, waiting for it; nil once the link is invalidated.
        public mutating func next() async -> FrameSourceInfo? {
            await changes.next()
        }

        /// The next change, on the caller's isolation; nil once the link is invalidated.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> FrameSourceInfo? {
            await changes.next(isolation: actor)
        }
    }
}

extension DisplayLink {
    /// Each change of the link's source, as it happens (see ``FrameSourceChanges``).
    public var sourceChanges: FrameSourceChanges { FrameSourceChanges(link: self) }

    /// Subscribes a ``sourceChanges`` consumer; an invalidated link ends it at once.
    func addSourceWatcher(_ continuation: AsyncStream<FrameSourceInfo>.Continuation) {
        subscribe(continuation, to: \.sourceWatchers)
    }

    /// Adds `continuation` to the watchers at `watchers` (ended at once on an invalidated link), and
    /// removes it when its consumer goes away; whether it was added.
    @discardableResult
    func subscribe<Element: Sendable>(
        _ continuation: AsyncStream<Element>.Continuation,
        to watchers: WritableKeyPath<LinkState, [(id: Int, continuation: AsyncStream<Element>.Continuation)]>
            & Sendable
    ) -> Bool {
        let id = state.withLock { state -> Int? in
            guard state.lifecycle != .invalidated else { return nil }
            let id = state.nextStreamID
            state.nextStreamID += 1
            state[keyPath: watchers].append((id, continuation))
            return id
        }
        guard let id else {
            continuation.finish()
            return false
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0[keyPath: watchers].removeAll { $0.id == id } }
        }
        return true
    }

    /// Tells the ``sourceChanges`` consumers that the source is now `info`.
    func sourceDidChange(to info: FrameSourceInfo) {
        let watchers = state.withLock { $0.sourceWatchers.map(\.continuation) }
        for watcher in watchers { watcher.yield(info) }
    }
}
