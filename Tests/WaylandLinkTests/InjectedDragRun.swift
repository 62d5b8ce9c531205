import Foundation
import Logging
import Wayland
import WestonFixture

@testable import FrameClock

/// A window under a weston with the input injector, a display link made on it as a front end makes
/// one (so that the window's seat input reaches the link), each frame drawn and committed, and every
/// input batch recorded.
final class InjectedDragRun: @unchecked Sendable {
    /// The window's size: no other surface of weston's has it, so the injector aims at it.
    static let windowWidth = 240
    static let windowHeight = 360

    let injector: WestonInputInjector
    let connection: WaylandConnection
    let window: WaylandWindow
    let link: DisplayLink
    private let lock = NSLock()
    private var recorded: [InputBatch] = []
    private var frameCount = 0

    /// A run whose connection binds every global but `ignoringGlobals`.
    init(ignoringGlobals: Set<String> = []) throws {
        injector = try WestonInputInjector()
        connection = try WaylandConnection(name: injector.weston.socketPath, ignoringGlobals: ignoringGlobals)
        window = try WaylandWindow(
            connection: connection, title: "drag", width: Self.windowWidth, height: Self.windowHeight)
        link = try DisplayLink(
            source: .wayland(window), options: FrameThreadOptions(realtimePriority: nil),
            logger: Logger(label: "InjectedDragRun"))
        link.input.setHandler { [unowned self] batch in lock.withLock { recorded.append(batch) } }
    }

    deinit {
        link.invalidate()
        window.close()
        connection.close()
    }

    /// Starts the link (each frame draws and commits) and waits for the window to be shown a few
    /// frames, then aims the injector at it.
    func start() throws -> Bool {
        try link.start { [self] frame in
            try? window.draw(waitingUpTo: .milliseconds(500)) {
                $0.fill(0xFF00_0000 | UInt32(truncatingIfNeeded: frame.sequence) & 0xFF)
            }
            _ = try? window.commit()
            lock.withLock { frameCount += 1 }
        }
        let shown = waitUntil(timeout: .seconds(15)) { lock.withLock { frameCount } >= 10 }
        injector.target(width: Self.windowWidth, height: Self.windowHeight)
        return shown
    }

    /// The batches the link's input handler received.
    var batches: [InputBatch] { lock.withLock { recorded } }

    /// Polls `condition` every millisecond until it holds or `timeout` passes.
    func waitUntil(timeout: Duration, _ condition: () -> Bool) -> Bool {
        let end = monotonicNow() + Int64(timeout.components.seconds) * 1_000_000_000
        while !condition() {
            if monotonicNow() > end { return false }
            usleep(1_000)
        }
        return true
    }
}
