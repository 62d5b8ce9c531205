import Logging

extension Logger {
    /// A logger that discards every message: what FrameClock's types log to when the caller passes
    /// no logger, so that a library type writes nothing to standard error by default.
    static func silent(label: String) -> Logger {
        Logger(label: label) { _ in SwiftLogNoOpLogHandler() }
    }
}
