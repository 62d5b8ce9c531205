/// The right to run a turn of a driver's run loop on a source that its caller drives (a manual
/// source's advancing calls, a loop source's dispatch): one holder at a time, so that a callback
/// driving its own source, or a second thread, never nests a turn inside the one under way.
struct TurnRight: Sendable {
    /// Whether a turn is under way.
    private(set) var isHeld = false

    /// Takes the right: false when a turn is under way (the caller then leaves the turn to its
    /// holder).
    mutating func claim() -> Bool {
        guard !isHeld else { return false }
        isHeld = true
        return true
    }

    /// Gives the right back, once the turn is over.
    mutating func giveBack() {
        isHeld = false
    }
}
