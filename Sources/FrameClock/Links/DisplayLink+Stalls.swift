extension DisplayLink {
    /// The link's stall reports, as they happen (see ``FrameStall``): when its frame thread has not
    /// come back to its run loop for longer than ``stallThreshold`` — a callback or a job that
    /// blocks — one report while it lasts, with what runs, for how long so far and the thread's
    /// stack, and one when it ends. Each is logged at warning level too.
    public var stalls: FrameStalls { FrameStalls(link: self) }

    /// How long the frame thread may stay away from its run loop before a stall is reported: by
    /// default (nil) the larger of four frame intervals and 250 ms. Values below 1 ms are taken as
    /// 1 ms; NaN and infinite ones as the default.
    public var stallThreshold: Duration? {
        get { state.withLock { $0.stallThreshold.map { Duration(nanoseconds: $0) } } }
        set {
            let nanoseconds = newValue.map { max(1_000_000, $0.wholeNanoseconds) }
            state.withLock { $0.stallThreshold = nanoseconds }
            driver.stallWatchersChanged()
        }
    }

    /// The threshold in use for a source of `period`.
    func stallThresholdNanoseconds(period: FramePeriod) -> Int64 {
        state.withLock { $0.stallThreshold } ?? max(4 * Int64(period.nanoseconds), 250_000_000)
    }

    /// Subscribes a ``stalls`` consumer; an invalidated link ends it at once.
    func addStallWatcher(_ continuation: AsyncStream<FrameStall>.Continuation) {
        if subscribe(continuation, to: \.stallWatchers) { driver.stallWatchersChanged() }
    }

    /// Whether a ``stalls`` consumer is subscribed.
    var hasStallWatchers: Bool { state.withLock { !$0.stallWatchers.isEmpty } }

    /// The link's identity for the stall watchdog.
    var identity: UInt { UInt(bitPattern: ObjectIdentifier(self).hashValue) }

    /// How a stall report names the link: its number in the process and its source.
    var label: String { "display link \(number) (\(sourceInfo.name))" }

    /// Hands a stall report to the ``stalls`` consumers.
    func report(_ stall: FrameStall) {
        let watchers = state.withLock { $0.stallWatchers.map(\.continuation) }
        for watcher in watchers { watcher.yield(stall) }
    }
}
