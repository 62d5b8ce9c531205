internal import SystemCalls
import SystemPackage

extension Errno {
    /// The calling thread's `errno`, read right after a call that failed, through the package's one
    /// errno reader.
    static var current: Errno { SystemCall.lastError }

    /// `"EPIPE (Broken pipe)"`: the symbolic name (glibc's, as every FrameClock module names errno)
    /// and the system's message.
    var nameAndMessage: String { "\(SystemCall.name(of: self)) (\(description))" }
}
