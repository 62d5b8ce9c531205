import Foundation
import Wayland

/// `--fullscreen-hz`, `--move-to-hz` and `--move-after`: the Wayland window full screen on the output
/// of one refresh rate, then, after a while, on the output of another (the display link follows it:
/// the status line shows the output and the rate).
struct OutputPlacement: Sendable {
    /// The refresh of the output to start on, in hertz.
    var startHz: Double
    /// The refresh of the output to move to, if any.
    var moveHz: Double?
    /// Seconds from the placement (just before the link starts) to the move.
    var moveAfter: Double

    /// Why a placement cannot be made: no output of the rate asked for.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The output of `connection` whose current mode refreshes at `hertz` (to 0.5 Hz).
    ///
    /// - Throws: ``Failure`` naming the rates there are.
    static func output(refreshing hertz: Double, on connection: WaylandConnection) throws(Failure)
        -> WaylandOutput
    {
        let outputs = connection.outputs
        if let output = outputs.first(where: { abs(Double($0.refreshMillihertz ?? 0) / 1000 - hertz) <= 0.5 })
        {
            return output
        }
        let rates = outputs.compactMap {
            $0.refreshMillihertz.map { String(format: "%.3f Hz", Double($0) / 1000) }
        }
        throw Failure(
            description: "no output refreshes at \(hertz) Hz (the compositor has: "
                + "\(rates.isEmpty ? "none with a refresh" : rates.joined(separator: ", ")))")
    }

    /// Puts `window` full screen on the start output now and, with a move, schedules it: a thread
    /// that sleeps `moveAfter` seconds and then moves the window (errors end up on standard error).
    func apply(to window: WaylandWindow) throws {
        let start = try Self.output(refreshing: startHz, on: window.connection)
        let destination = try moveHz.map { hertz throws(Failure) in
            try Self.output(refreshing: hertz, on: window.connection)
        }
        try window.setFullscreen(on: start)
        guard let destination else { return }
        let delay = moveAfter
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: delay)
            do {
                try window.setFullscreen(on: destination)
            } catch {
                FileHandle.standardError.write(Data("clock-demo: cannot move the window: \(error)\n".utf8))
            }
        }
    }
}
