/// The frames `--x11`'s latch sweep drew at one offset after a refresh: how many were shown at the
/// next refresh (in time) and how many a refresh later, and each one's start to presentation.
struct X11LatchOffset: Sendable {
    /// Nanoseconds after the refresh's UST.
    var offset: Int64
    var inTime = 0
    var late = 0
    /// Each frame's start to its presentation, in milliseconds.
    var latencies: [Double] = []
}
