/// What a timed object shows outside its active interval (Core Animation's `fillMode`).
public enum FillMode: Sendable, Hashable, CaseIterable {
    /// Nothing outside the active interval: the model value shows. Core Animation's default.
    case removed
    /// After the active interval the final frame stays.
    case forwards
    /// Before the active interval (between the begin time and the start) the first frame shows.
    case backwards
    /// Both ``forwards`` and ``backwards``.
    case both

    /// Whether the first frame shows before the active interval.
    public var fillsBackwards: Bool { self == .backwards || self == .both }

    /// Whether the final frame stays after the active interval.
    public var fillsForwards: Bool { self == .forwards || self == .both }
}
