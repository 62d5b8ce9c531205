/// What one `read(2)` of the scripted descriptor returns in place of the pending records.
enum ScriptedRead: Hashable, Sendable {
    /// These bytes; the pending records stay pending.
    case replace([UInt8])
    /// These bytes, then the pending records (which are taken).
    case prepend([UInt8])
    /// Only the first `n` bytes of the pending records; the rest is lost (a short read).
    case truncate(Int)
}
