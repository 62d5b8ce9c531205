import FrameClock
import Logging
import TestSupport
import Testing

/// What reached the process's logging system, by label; the one handler this test process
/// bootstraps (swift-log allows one bootstrap a process, and no other test makes one).
private final class GlobalLog: Sendable {
    static let shared = GlobalLog()
    private let capture = LogCapture()

    private init() {
        let capture = capture
        LoggingSystem.bootstrap { _ in capture.logger.handler }
    }

    /// The messages logged at `level` since the process started.
    func messages(at level: Logger.Level) -> [String] { capture.messages(at: level) }
}

@Suite("FrameClock writes no log unless given a logger")
struct DefaultLoggingTests {
    @Test func aLinkWithoutALoggerLogsNothingAndOneWithALoggerLogsThere() throws {
        let log = GlobalLog.shared
        let before = log.messages(at: .info).count
        // `.automatic` logs its choice at info: a display found, or the timer and why.
        let silent = try DisplayLink(source: .automatic)
        let shared = try SharedFrameSource(.automatic)
        let onShared = try DisplayLink(source: .shared(shared))
        #expect(log.messages(at: .info).count == before, "\(log.messages(at: .info))")
        silent.invalidate()
        onShared.invalidate()
        shared.close()

        // A logger the caller passes goes through the handler the program bootstrapped.
        let routed = try DisplayLink(source: .automatic, logger: Logger(label: "FrameClock"))
        let lines = log.messages(at: .info).dropFirst(before)
        #expect(lines.contains { $0.hasPrefix("display link on ") }, "\(Array(lines))")
        routed.invalidate()
    }
}
