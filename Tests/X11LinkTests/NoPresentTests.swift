import Foundation
import Testing
import WestonFixture
import X11

@testable import FrameClock

/// An X server without the Present extension (a tiny fake one: Xvfb 21 cannot turn Present off):
/// what a user sees is a typed error that says so, at once, not a hang or a bare failure code.
@Suite("An X server without the Present extension", .serialized, .timeLimit(.minutes(1)))
struct NoPresentTests {
    /// How long any of these may take: the server answers at once, so far less than a timeout.
    static let promptly: Int64 = 1_000_000_000

    @Test("Connecting throws presentUnavailable for that display, after asking for Present")
    func connectionSaysSo() throws {
        let server = try FakeXServer()
        let started = monotonicNow()
        #expect(throws: X11Error.presentUnavailable(display: server.display, major: 0, minor: 0)) {
            _ = try X11Connection(display: server.display)
        }
        #expect(monotonicNow() - started < Self.promptly)
        #expect(server.queriedExtensions == ["Present"])
        let sentence = X11Error.presentUnavailable(display: server.display, major: 0, minor: 0).description
        print("no Present: \(sentence)")
        #expect(sentence == "the X server at \(server.display) does not offer the Present extension")
    }

    @Test("A link on a window there cannot be made: sourceUnavailable with the reason")
    func linkSaysSo() throws {
        let server = try FakeXServer()
        #expect {
            _ = try DisplayLink(source: .x11(display: server.display, window: 0x20_0001))
        } throws: { error in
            guard case DisplayLinkError.sourceUnavailable(let why) = error else { return false }
            print("link without Present: \(why)")
            return why.contains("does not offer the Present extension") && why.contains(server.display)
        }
    }
}
