import Logging

@testable import FrameClock

/// Log messages kept for assertions.
final class LogCapture: Sendable {
    private let entries = Locked<[(level: Logger.Level, message: String)]>([])

    func append(_ level: Logger.Level, _ message: String) { entries.withLock { $0.append((level, message)) } }

    /// The messages at `level`.
    func messages(at level: Logger.Level) -> [String] {
        entries.withLock { $0.filter { $0.level == level }.map(\.message) }
    }

    /// A logger that writes here.
    var logger: Logger {
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
