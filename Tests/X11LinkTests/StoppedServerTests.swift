import Foundation
import Testing
import WestonFixture
import X11

/// An X server that accepts connections and never answers them (held with SIGSTOP): connecting
/// throws within its timeout instead of waiting in libxcb's setup for ever.
@Suite(
    "Connecting to an X server that does not answer", .serialized,
    .enabled(if: XServerAvailability.xvfbTestsRun, Comment(rawValue: XServerAvailability.xvfbSkipReason)),
    .timeLimit(.minutes(1)))
struct StoppedServerTests {
    /// The timeout each connection is given.
    static let timeout = Duration.milliseconds(200)
    /// How long a timed-out connection may take in all: its timeout, the helper's return after the
    /// socket is shut down, and a loaded machine's scheduling.
    static let loosestReturn: Int64 = 1_000_000_000
    /// The earliest a timed-out connection may return: not before its timeout (less the deadline's
    /// rounding to whole milliseconds in poll).
    static let earliestReturn: Int64 = 190_000_000

    @Test("A stopped Xvfb: each connection throws timedOut within about a second; resumed, it connects")
    func stoppedServer() throws {
        let server = try XvfbServer()
        server.send(SIGSTOP)
        defer { server.send(SIGCONT) }
        // Twice: a connection that timed out leaves nothing behind that holds the next one.
        for attempt in 1...2 {
            let started = monotonicNow()
            do {
                let connection = try X11Connection(display: server.display, timeout: Self.timeout)
                connection.close()
                Issue.record("attempt \(attempt): connected to a stopped server")
            } catch {
                guard case .timedOut = error else {
                    Issue.record("attempt \(attempt): \(error)")
                    continue
                }
            }
            let took = monotonicNow() - started
            print("stopped Xvfb, attempt \(attempt): threw after \(Double(took) / 1e6) ms")
            #expect(took >= Self.earliestReturn, "\(took) ns")
            #expect(took < Self.loosestReturn, "\(took) ns")
        }
        server.send(SIGCONT)
        let connection = try X11Connection(display: server.display)
        #expect(connection.presentVersion.major >= 1)
        connection.close()
    }
}
