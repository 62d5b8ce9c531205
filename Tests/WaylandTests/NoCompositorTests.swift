import Foundation
import SystemPackage
import Testing
import Wayland
import WestonFixture

@Suite("Connecting where no compositor runs")
struct NoCompositorTests {
    @Test("no socket: ENOENT, in a sentence naming the path")
    func noSocket() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/wayland-none"
        let error = #expect(throws: WaylandError.self) { try WaylandConnection(name: path) }
        #expect(error == .noCompositor(socket: path, errno: .noSuchFileOrDirectory))
        #expect(
            error?.description
                == "no Wayland compositor is running: \(path) does not exist (ENOENT (No such file or directory))"
        )
    }

    @Test("a socket nobody listens on (left behind): ECONNREFUSED")
    func staleSocket() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/wayland-stale"
        try #require(UnixSocket.bindAndClose(at: path))
        #expect(FileManager.default.fileExists(atPath: path))
        let error = #expect(throws: WaylandError.self) { try WaylandConnection(name: path) }
        #expect(error == .staleSocket(socket: path, errno: .connectionRefused))
        #expect(error?.description.contains("no longer running") == true)
    }

    private func temporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/frameclock-wayland-XXXXXX").utf8CString)
        let made = try #require(mkdtemp(&template))
        return String(cString: made)
    }
}
