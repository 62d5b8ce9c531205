import FrameClock

/// Where a ``KMSPresenter`` is in its life, with what goes with each step: the buffer scanned out,
/// the flip in flight and the frame it shows, what closing did. One value, so that they change
/// together.
enum KMSPresenterState {
    /// Buffers made, nothing shown yet (before ``KMSPresenter/show(background:)``); closing leaves
    /// the CRTC alone.
    case unlit
    /// Buffer `front` is scanned out and no flip is pending.
    case idle(front: Int)
    /// A flip to the other buffer is queued; the display still scans out the buffer it replaces.
    case flipPending(KMSPendingFlip)
    /// Closed: the buffers and the device are released. `front` was the buffer scanned out last;
    /// `restoration` is what was done with the CRTC (nil when nothing had been shown).
    case closed(front: Int, restoration: KMSRestoration?)

    /// The buffer the display scans out: the one a pending flip replaces until it completes.
    var front: Int {
        switch self {
        case .unlit: 0
        case .idle(let front), .closed(let front, _): front
        case .flipPending(let flip): 1 - flip.buffer
        }
    }

    /// The flip not yet completed, if any.
    var pendingFlip: KMSPendingFlip? {
        if case .flipPending(let flip) = self { return flip }
        return nil
    }
}
