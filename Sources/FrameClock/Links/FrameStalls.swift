/// A display link's stall reports as an `AsyncSequence` (see ``FrameStall``): one while a stall of
/// its frame thread lasts, one when it ends. A consumer slower than the reports gets the latest
/// sixteen. The sequence ends when the link is invalidated. No report comes for a paused link, nor
/// while the thread waits in the kernel for its next tick.
public struct FrameStalls: AsyncSequence, Sendable {
    /// The reports.
    public typealias Element = FrameStall
    /// The sequence never fails.
    public typealias Failure = Never

    let link: DisplayLink

    /// Subscribes to the link's stall reports.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream<FrameStall>.makeStream(bufferingPolicy: .bufferingNewest(16))
        link.addStallWatcher(continuation)
        return Iterator(reports: stream.makeAsyncIterator())
    }

    /// One subscriber's reports.
    public struct Iterator: AsyncIteratorProtocol {
        var reports: AsyncStream<FrameStall>.Iterator

        /// The next report, waiting for it; nil once the link is invalidated.
        public mutating func next() async -> FrameStall? {
            await reports.next()
        }

        /// The next report, on the caller's isolation; nil once the link is invalidated.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> FrameStall? {
            await reports.next(isolation: actor)
        }
    }
}
