import SystemPackage

extension SystemCall {
    /// What to do about `call` failing with `error`, as the second half of an error's sentence: the
    /// remedies that hold whatever the call (descriptors, memory, privileges, a missing path), else
    /// where to read what the errno means for that call.
    package static func advice(for error: Errno, call: String) -> String {
        switch error {
        case .tooManyOpenFiles, .tooManyOpenFilesInSystem:
            return "close descriptors the program no longer needs, or raise the limit (ulimit -n)"
        case .noMemory:
            return "free some memory and try again"
        case .resourceTemporarilyUnavailable:
            return "the system is short of a resource (threads, timers); end some and try again"
        case .permissionDenied, .notPermitted:
            return "the process lacks the privilege \(call) needs: run it as root or give it that capability"
        case .noSuchFileOrDirectory:
            return "check that the path exists"
        default:
            return "see the manual page of \(call) for what \(name(of: error)) means there"
        }
    }
}
