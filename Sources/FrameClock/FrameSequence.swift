/// A display link's frames as an `AsyncSequence`. Each iterator is a subscriber that holds at most
/// the newest frame: a consumer slower than the frame rate skips frames instead of queueing them.
public struct FrameSequence: AsyncSequence, Sendable {
    /// The frames.
    public typealias Element = Frame

    let link: DisplayLink

    /// Subscribes to the link's frames, starting the link if nothing else runs it.
    public func makeAsyncIterator() -> AsyncStream<Frame>.Iterator {
        let (stream, continuation) = AsyncStream<Frame>.makeStream(bufferingPolicy: .bufferingNewest(1))
        link.addStream(continuation)
        return stream.makeAsyncIterator()
    }
}
