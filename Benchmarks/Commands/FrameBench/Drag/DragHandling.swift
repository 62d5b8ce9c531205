/// How a drag's motion reaches the frames `frame-bench --drag` compares.
enum DragHandling: String, CaseIterable, Sendable {
    /// The link's input phase: one position a frame, resampled at the batch's sampling time.
    case resampled = "link, resampled"
    /// The window's own input handler: each event sets the position as it arrives, and a frame
    /// shows the newest, as a front end without FrameClock's input writes it.
    case perEvent = "per event"
}
