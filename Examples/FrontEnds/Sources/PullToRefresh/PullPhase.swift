/// What the pull-to-refresh is doing.
enum PullPhase: String, Sendable {
    /// The list at rest, nothing held.
    case idle
    /// A pointer button or a finger holds the header.
    case dragging
    /// Released past the threshold: the header springs to the spinner's row while the refresh runs.
    case refreshing
    /// The refresh is done, or the release came before the threshold: the header springs home.
    case springingBack
}
