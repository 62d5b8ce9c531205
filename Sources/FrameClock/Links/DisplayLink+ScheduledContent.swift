extension DisplayLink {
    /// Schedules content to be shown at a chosen time: the first frame whose
    /// ``Frame/targetTimestamp`` is at or after `content.presentationTime` carries it in
    /// ``Frame/content``, so it is shown at the refresh closest to its time and never before it. A
    /// video front end schedules its next decoded pictures, each at its presentation time, and draws
    /// the picture each frame names; 24 fps content on a 60 Hz display so comes out in a steady 3:2
    /// cadence, and content whose rate is no divisor of the display's breaks its cadence only where
    /// the two clocks drift a refresh apart.
    ///
    /// Content is shown in the order of its times, each piece once (or dropped, under
    /// ``lateContentPolicy``). Up to 256 pieces may wait; the frame's ``FrameTimelineEntry/content``
    /// and ``FrameTimelineEntry/presented`` then say when each was really shown. Content is taken
    /// by the link's frames, at its rate: a link that shows content runs at the display's rate (the
    /// default range), or content waits for the link's next frame. Content goes with its frame: a
    /// ``frames`` consumer that falls behind gets the newest frame, and the content of the frames it
    /// missed is counted in that frame's ``Frame/droppedContent``, so every consumer is shown each
    /// piece or told it passed. Callable from any
    /// thread; content scheduled before a frame's callback begins is the frame's to take.
    ///
    /// - Throws: ``DisplayLinkError/contentOutOfOrder(previous:given:)`` for content whose time is not
    ///   after that of the content scheduled before it (call ``removeScheduledContent()`` to seek),
    ///   ``DisplayLinkError/contentQueueFull(capacity:)`` when 256 pieces already wait, and
    ///   ``DisplayLinkError/invalidated`` on an invalidated link.
    public func schedule(_ content: ScheduledContent) throws(DisplayLinkError) {
        try state.withLock { state throws(DisplayLinkError) in
            guard state.lifecycle != .invalidated else { throw .invalidated }
            try state.content.append(content)
        }
    }

    /// Forgets the content waiting to be shown (a seek, a stop); what comes next may have any time.
    /// Returns how much content was forgotten.
    @discardableResult
    public func removeScheduledContent() -> Int {
        state.withLock { state in
            let count = state.content.count
            state.content.removeAll()
            return count
        }
    }

    /// How much scheduled content waits to be shown.
    public var scheduledContentCount: Int {
        state.withLock { $0.content.count }
    }

    /// What a frame does with scheduled content whose refresh went by without a frame to show it
    /// (see ``LateContentPolicy``); ``LateContentPolicy/dropLate`` by default. A change applies
    /// from the next frame delivered.
    public var lateContentPolicy: LateContentPolicy {
        get { state.withLock { $0.lateContentPolicy } }
        set { state.withLock { $0.lateContentPolicy = newValue } }
    }
}
