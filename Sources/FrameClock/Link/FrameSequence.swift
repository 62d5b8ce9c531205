/// A display link's frames as an `AsyncSequence`. Each iterator is a subscriber that holds at most
/// the newest frame: a consumer slower than the frame rate skips frames instead of queueing them.
///
/// ```swift
/// for await frame in link.frames {
///     draw(at: frame.targetTimestamp)
/// }
/// ```
public struct FrameSequence: AsyncSequence, Sendable {
    /// The frames.
    public typealias Element = Frame
    /// The sequence never fails; it ends when the link is invalidated.
    public typealias Failure = Never

    let link: DisplayLink

    /// Subscribes to the link's frames, starting the link if nothing else runs it.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream<Frame>.makeStream(bufferingPolicy: .bufferingNewest(1))
        link.addStream(continuation)
        return Iterator(frames: stream.makeAsyncIterator())
    }

    /// One subscriber's frames: the newest frame each time it asks, nil once the link is invalidated.
    public struct Iterator: AsyncIteratorProtocol {
        var frames: AsyncStream<Frame>.Iterator

        /// The next frame, waiting for it; nil once the link is invalidated.
        public mutating func next() async -> Frame? {
            await frames.next()
        }

        /// The next frame, on the caller's isolation; nil once the link is invalidated.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Frame? {
            await frames.next(isolation: actor)
        }
    }
}
