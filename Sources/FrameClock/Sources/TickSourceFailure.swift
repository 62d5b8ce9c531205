import SystemPackage

/// Why a source cannot go on; the frame thread fails over to the timer with this reason.
struct TickSourceFailure: Error, Hashable, Sendable {
    /// A sentence for logs and for `DisplayLink.sourceInfo`.
    var reason: String
    /// The `errno` behind it, where there is one.
    var errno: Errno?
}
