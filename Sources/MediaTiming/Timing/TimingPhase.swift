/// Where a time falls relative to a timed object's active interval.
public enum TimingPhase: Sendable, Hashable {
    /// Before the object begins (its active time would be negative).
    case before
    /// Inside the active interval.
    case active
    /// At or after the end of the active interval.
    case after
}
