import Logging

// What a source reports besides its ticks, and the change of source after a failover or a return.
extension FrameDriver {
    /// Takes what a source learned besides a tick: presentations go to the links that made frames
    /// of those ticks, a change of what the source ticks on to ``info``.
    func apply(_ report: TickSourceReport) {
        switch report {
        case .presented(let tick, let time):
            for link in shared.withLock({ $0.links }) { link.sourcePresented(tick: tick, at: time) }
        case .discarded(let tick):
            for link in shared.withLock({ $0.links }) { link.sourceDiscarded(tick: tick) }
        case .changed(let info):
            let (previous, links) = shared.withLock { state in
                defer { state.info = info }
                return (state.info, state.links)
            }
            linksChanged.store(true, ordering: .releasing)
            // A new reason is news; a newly measured interval alone is detail.
            if info.reason != previous.reason || info.kind != previous.kind {
                logger.notice("frame source: \(info)")
            } else {
                logger.debug("frame source: \(info)")
            }
            // Another nominal rate (a window on another output): each link's divisor is chosen again.
            if info.nominalFramesPerSecond != previous.nominalFramesPerSecond {
                for link in links {
                    link.sourceRateChanged(nominalFramesPerSecond: info.nominalFramesPerSecond)
                }
            }
            for link in links { link.sourceDidChange(to: info) }
        }
    }

    /// Publishes a change of source. After a return to the display, whose numbering and rate are
    /// its own, the links start pacing over on its grid. When the source that failed was what
    /// presented the frames (a compositor), the frames still waiting to be shown never will be.
    func adopt(
        _ change: SourceFailover.Change, failedSource: (any TickSource)? = nil, failure: String? = nil
    ) -> (any TickSource)? {
        let links = shared.withLock { state in
            state.info = change.info
            return state.links
        }
        linksChanged.store(true, ordering: .releasing)
        // Frames planned on the old source still start; its own bookkeeping of a dispatch is over.
        loop.startsPending = 0
        loop.deliveredOfTick = false
        if let failedSource, failedSource.presentsFrames {
            let reason = "\(failedSource.description) failed: \(failure ?? "unknown")"
            for link in links { link.presenterGone(reason: reason) }
        }
        for link in links { link.sourceDidChange(to: change.info) }
        change.source?.report { [weak self] report in self?.apply(report) }
        if let display = change.source, display.kind == .drm {
            for link in links { link.sourceChanged(framesPerSecond: display.grid.period.framesPerSecond) }
        }
        return change.source
    }
}
