import Foundation
import Logging

/// Log messages kept for assertions.
///
/// The lock is an `NSLock` (a pthread mutex), which the thread sanitizer understands (see
/// ``FrameRecorder``).
public final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(level: Logger.Level, message: String)] = []

    /// Creates an empty capture.
    public init() {}

    func append(_ level: Logger.Level, _ message: String) {
        lock.withLock { entries.append((level, message)) }
    }

    /// The messages at `level`.
    public func messages(at level: Logger.Level) -> [String] {
        lock.withLock { entries.filter { $0.level == level }.map(\.message) }
    }

    /// A logger that writes here.
    public var logger: Logger {
        Logger(label: "FaultInjection") { _ in CapturingHandler(capture: self) }
    }

    private struct CapturingHandler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.append(event.level, event.message.description)
        }
    }
}
