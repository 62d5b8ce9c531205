/// A display link's frames as an `AsyncSequence`. Each iterator is a subscriber that holds at most
/// the newest frame: a consumer slower than the frame rate skips frames instead of queueing them,
/// and each frame it receives says in ``Frame/skippedFrames`` how many frame intervals went by
/// since the previous one it received — the frames it missed while busy, and those the link
/// itself skipped.
///
/// ```swift
/// for await frame in link.frames {
///     if frame.skippedFrames > 0 { print("missed \(frame.skippedFrames) frames") }
///     draw(at: frame.targetTimestamp)
/// }
/// ```
///
/// A consumer that takes six intervals for each frame on a 60 Hz link receives, say, sequences
/// 2, 8, 14, … with `skippedFrames` 5 each: the frames the link delivered in between went to no one
/// (``DisplayLink/statistics`` counts the link's own deliveries). The first frame counts from the
/// moment the iterator was made.
public struct FrameSequence: AsyncSequence, Sendable {
    /// The frames.
    public typealias Element = Frame
    /// The sequence never fails; it ends when the link is invalidated.
    public typealias Failure = Never

    let link: DisplayLink

    /// Subscribes to the link's frames, starting the link if nothing else runs it.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream<FrameDelivery>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let marks = link.addStream(continuation)
        return Iterator(
            deliveries: stream.makeAsyncIterator(), intervalsSoFar: marks.intervals,
            contentSoFar: marks.content)
    }

    /// One subscriber's frames: the newest frame each time it asks, nil once the link is invalidated.
    public struct Iterator: AsyncIteratorProtocol {
        var deliveries: AsyncStream<FrameDelivery>.Iterator
        /// The link's covered intervals at the previous frame this subscriber received (at its
        /// subscription before the first).
        var intervalsSoFar: Int
        /// The scheduled content the link's frames had taken at the previous frame this subscriber
        /// received (at its subscription before the first).
        var contentSoFar: Int

        /// The next frame, waiting for it; nil once the link is invalidated.
        public mutating func next() async -> Frame? {
            guard let delivery = await deliveries.next() else { return nil }
            return received(delivery)
        }

        /// The next frame, on the caller's isolation; nil once the link is invalidated.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Frame? {
            guard let delivery = await deliveries.next(isolation: actor) else { return nil }
            return received(delivery)
        }

        /// The frame, its skipped frames and dropped content counted since the previous frame this
        /// subscriber received.
        private mutating func received(_ delivery: FrameDelivery) -> Frame {
            let missed = delivery.intervalsSoFar &- intervalsSoFar &- 1
            intervalsSoFar = delivery.intervalsSoFar
            // The content of the frames this subscriber missed counts as dropped for it, so that
            // every piece is shown to it or counted.
            let contentMissed =
                delivery.contentSoFar &- contentSoFar &- (delivery.frame.content == nil ? 0 : 1)
            contentSoFar = delivery.contentSoFar
            return delivery.frame.with(skippedFrames: missed, droppedContent: contentMissed)
        }
    }
}
