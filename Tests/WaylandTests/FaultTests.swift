import Foundation
import SystemPackage
import Testing
import Wayland
import WestonFixture

extension WestonTests {
    @Suite("Faults under weston headless")
    struct FaultTests {
        @Test(
            "weston killed mid-run: the wait returns .connectionLost(EPIPE) within a second; the socket it leaves refuses connections"
        )
        func compositorKilled() throws {
            let session = try WestonSession()
            let window = try session.window("killed")
            try #require(try FrameDriver(window: window).run(frames: 5))
            _ = try window.frameTiming.requestFrameCallback()

            let wait = BackgroundWait(
                on: window.frameTiming, timeout: .seconds(10), skippingFrameEvents: true)
            let (event, latency) = try #require(wait.end { session.weston.kill(signal: SIGKILL) })
            #expect(event == .connectionLost(.brokenPipe))
            #expect(latency < 1_000_000_000, "noticed within a second")
            print("Wayland: the connection loss was seen \(Double(latency) / 1e6) ms after SIGKILL was sent")

            let connection = session.connection
            #expect(connection.failure == .connectionLost(.brokenPipe))
            #expect(throws: WaylandError.connectionLost(.brokenPipe)) { try window.commit() }
            #expect(window.frameTiming.nextEvent(timeout: .seconds(1)) == .connectionLost(.brokenPipe))
            #expect(
                connection.failure?.description
                    == "the Wayland connection was lost: EPIPE (Broken pipe); the compositor has gone away")
            window.close()
            connection.close()

            // A SIGKILLed weston leaves its socket behind.
            let socket = session.weston.socketPath
            let error = #expect(throws: WaylandError.self) { try WaylandConnection(name: socket) }
            #expect(error == .staleSocket(socket: socket, errno: .connectionRefused))
        }

        @Test("a window closed while another thread waits on its frame timing ends the wait with .closed")
        func closedWhileWaiting() throws {
            let session = try WestonSession()
            let window = try session.window("closing")
            let driver = FrameDriver(window: window)
            try #require(try driver.run(frames: 2))
            driver.drainFeedback()
            // A callback that will never fire: no commit follows.
            _ = try window.frameTiming.requestFrameCallback()

            let wait = BackgroundWait(on: window.frameTiming, timeout: .seconds(10))
            let (event, latency) = try #require(wait.end { window.close() })
            #expect(event == .closed)
            #expect(latency < 1_000_000_000)
            #expect(throws: WaylandError.closed("the window")) { try window.commit() }
            // Closed in order: the connection is still sound.
            try session.connection.roundtrip()
            #expect(session.connection.failure == nil)
        }

        @Test(
            "closing windows unmaps their shared memory, and the protocol objects go in an order weston accepts"
        )
        func windowsReleaseTheirMemory() throws {
            let session = try WestonSession()
            var windows: [WaylandWindow] = []
            var mappings: [SharedMemoryMapping] = []
            for index in 0..<4 {
                let window = try session.window("w\(index)", width: 100, height: 50)
                try FrameDriver(window: window).run(frames: 2)
                try window.draw(waitingUpTo: .milliseconds(500)) {
                    mappings.append(SharedMemoryMapping(of: $0))
                }
                windows.append(window)
            }
            for mapping in mappings { #expect(mapping.isMapped, "\(mapping) maps the window's memfd") }
            for window in windows { window.close() }
            for mapping in mappings { #expect(!mapping.isMapped, "\(mapping) is unmapped") }
            try session.connection.roundtrip()
            #expect(session.connection.failure == nil)
        }
    }
}
