import DemoClockFace
import Foundation
import FrameClock
import LayerRendering
import Wayland

/// clock-demo's Wayland window: an xdg-shell toplevel on the compositor `WAYLAND_DISPLAY` names,
/// the face drawn by Cairo straight into its `wl_shm` buffers and committed. The display link ticks
/// on the window's frame callbacks (``displaySource``), and learns from the compositor's feedback
/// which frames were presented and which discarded.
///
/// The face shows nothing but the time of its frame's target, so each frame is drawn ahead: right
/// after a commit, the next frame is drawn for the target predicted (this one's plus its duration)
/// into a free buffer (of three: one is free even on a compositor that holds the last two). At the
/// next callback, a frame whose target is the one predicted (``DrawnAhead``) is committed at once,
/// within the time a compositor may leave between its frame callback and its repaint (weston
/// headless: about a millisecond, less than a 256-pixel face takes to draw); another target is drawn
/// anew, as is a frame with none ahead.
final class WaylandClockWindow: @unchecked Sendable {
    private let connection: WaylandConnection
    let window: WaylandWindow
    /// The last frame committed, as premultiplied ARGB, when a screenshot was asked for.
    private var lastFrame: [UInt32]?
    /// The frame drawn ahead since the last commit, if any.
    private var ahead: DrawnAhead?
    /// How the frames reached the window.
    private(set) var drawAhead = DrawAheadCounts()

    /// Connects and opens a `side` × `side` window. With `keepingLastFrame`, each committed frame is
    /// also copied for ``writeLastFrame(to:)``.
    ///
    /// - Throws: ``Failure`` when no compositor answers (no socket, a stale one) or the window
    ///   cannot be made.
    init(side: Int, keepingLastFrame: Bool) throws(Failure) {
        do {
            connection = try WaylandConnection()
        } catch {
            throw Failure(error: error)
        }
        do {
            window = try WaylandWindow(
                connection: connection, title: "clock-demo", width: side, height: side,
                appID: "org.frameclock.clock-demo", bufferCount: 3)
        } catch {
            connection.close()
            throw Failure(error: error)
        }
        lastFrame = keepingLastFrame ? [] : nil
    }

    /// Why the window cannot be shown: the Wayland module's error, in one line.
    struct Failure: Error, CustomStringConvertible {
        var error: WaylandError
        var description: String { "wayland: \(error)" }
    }

    /// Whether `WAYLAND_DISPLAY` names a compositor that accepts a connection (`--display auto`).
    static var compositorAnswers: Bool {
        guard let name = ProcessEnvironment.waylandDisplay else { return false }
        guard let connection = try? WaylandConnection(name: name, timeout: .milliseconds(500)) else {
            return false
        }
        connection.close()
        return true
    }

    /// The display link's source: the window's frame callbacks.
    var displaySource: DisplayLink.Source { .wayland(window) }

    /// Whether the compositor asked the window to close.
    var isCloseRequested: Bool { window.isCloseRequested }

    /// "window 256 × 256 on wayland-0".
    var description: String {
        "window \(window.width) × \(window.height) on \(ProcessEnvironment.waylandDisplay ?? "wayland-0")"
    }

    /// Shows the window before the display link is made: draws `face` as it is, commits it with a
    /// request for presentation feedback, and waits up to `timeout` for the compositor to show it. A
    /// link made for the window afterwards starts on that presentation's phase
    /// (``WaylandFrameTiming/latestPresentation``): its first frames are targeted at the compositor's
    /// own vblanks, even when it was already repainting for other windows (weston, mapping a window
    /// while it repaints, showed the first frames up to an interval after a link's guess). Returns
    /// whether the presentation came; without it, the link starts on a guess as it would anyway.
    ///
    /// - Throws: ``RenderingError`` or ``WaylandError`` when the frame cannot be drawn or committed.
    func showFirstFrame(_ face: ClockFace, timeout: Duration = .milliseconds(250)) throws -> Bool {
        lastFrame = try draw(face, waitingUpTo: .milliseconds(500)) ?? lastFrame
        // A compositor without wp_presentation says nothing of its phase: commit, and go on.
        let feedback = try? window.frameTiming.requestPresentationFeedback()
        try window.commit()
        guard let feedback else { return false }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            switch window.frameTiming.nextEvent(timeout: deadline - ContinuousClock.now) {
            case .presented(let frame) where frame.feedbackID == feedback: return true
            case .discarded(let id, _) where id == feedback: return false
            // The link's source reports a closed window or a lost connection, with the reason.
            case .timedOut, .closed, .connectionLost: return false
            default: continue
            }
        }
        return false
    }

    /// Shows `face`, which shows `time`, the time of `frame`'s target: commits the frame drawn ahead
    /// for it when there is one (``DrawnAhead/distance(to:showing:duration:)``), else draws it now and
    /// commits. The commit carries the frame callback and presentation feedback the display link asked
    /// for before this frame's callback. Then draws the next frame ahead, for this target plus the
    /// frame's duration, showing it on `face`. Without a frame (the naive timer), draws and commits.
    ///
    /// - Throws: ``RenderingError`` or ``WaylandError`` when a frame cannot be drawn or committed.
    func present(_ face: ClockFace, showing time: TimeOfDay, for frame: Frame?) throws {
        if let ahead, let frame,
            let distance = ahead.distance(to: frame.targetTimestamp, showing: time, duration: frame.duration)
        {
            if lastFrame != nil { lastFrame = ahead.copy }
            drawAhead.committedAhead += 1
            drawAhead.largestDistance = max(drawAhead.largestDistance, distance)
        } else {
            if ahead != nil { drawAhead.redrawn += 1 }
            // Into the buffer drawn ahead, if any: the compositor does not hold it. None free: the
            // compositor holds them all (it stopped answering): this frame is skipped, not waited
            // for on the frame thread, and the commit still carries the link's frame callback and
            // feedback, so that the window comes back as soon as the compositor does.
            do {
                lastFrame = try draw(face, waitingUpTo: .zero) ?? lastFrame
            } catch WaylandError.noFreeBuffer {
                drawAhead.skippedNoBuffer += 1
            }
        }
        ahead = nil
        guard try commitIfRead(frame) else { return }
        guard let frame else { return }
        let next = frame.targetTimestamp + frame.duration
        let nextTime = TimeOfDay(at: next)
        face.show(secondsIntoMinute: nextTime.secondsIntoMinute, label: nextTime.label)
        do {
            let copy = try draw(face, waitingUpTo: .zero)
            ahead = DrawnAhead(target: next, time: nextTime, copy: copy)
        } catch WaylandError.noFreeBuffer {
            drawAhead.noFreeBuffer += 1
        }
    }

    /// Commits the window, held for `frame`'s target where the compositor offers timed commits
    /// (``Frame/commitNotBefore``); false when the compositor reads nothing (stopped): the frame is
    /// not sent, and the buffer drawn stays for the next commit.
    private func commitIfRead(_ frame: Frame?) throws(WaylandError) -> Bool {
        do {
            try window.commit(notBefore: frame?.commitNotBefore.nanoseconds)
            return true
        } catch .compositorNotReading {
            drawAhead.notSent += 1
            return false
        }
    }

    /// Draws `face` into the window's next buffer, waiting up to `timeout` for one; returns a copy
    /// of the pixels when screenshots are kept.
    private func draw(_ face: ClockFace, waitingUpTo timeout: Duration) throws -> [UInt32]? {
        var failure: RenderingError?
        var copy: [UInt32]?
        try window.draw(waitingUpTo: timeout) { pixels in
            do throws(RenderingError) {
                try face.render(
                    intoXRGB8888: pixels.baseAddress, width: pixels.width, height: pixels.height,
                    bytesPerRow: pixels.stride)
            } catch {
                failure = error
            }
            if lastFrame != nil { copy = Self.opaqueCopy(of: pixels) }
        }
        if let failure { throw failure }
        return copy
    }

    /// Writes the last frame committed as a PNG file; false when no frame was committed.
    ///
    /// - Throws: ``RenderingError`` when the file cannot be written.
    func writeLastFrame(to path: String) throws(RenderingError) -> Bool {
        guard let lastFrame, !lastFrame.isEmpty else { return false }
        try Bitmap(width: window.width, height: window.height, pixels: lastFrame).writePNG(to: path)
        return true
    }

    /// Closes the window, then the connection.
    func close() {
        window.close()
        connection.close()
    }

    /// The buffer's XRGB8888 pixels as opaque ARGB, row by row.
    private static func opaqueCopy(of pixels: WaylandPixels) -> [UInt32] {
        var copy = [UInt32](repeating: 0, count: pixels.width * pixels.height)
        for row in 0..<pixels.height {
            let source = (pixels.baseAddress + row * pixels.stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<pixels.width {
                copy[row * pixels.width + column] = source[column] | 0xFF00_0000
            }
        }
        return copy
    }
}

/// The environment variables the demo reads.
enum ProcessEnvironment {
    /// `$WAYLAND_DISPLAY`, or nil when unset or empty.
    static var waylandDisplay: String? {
        guard let value = getenv("WAYLAND_DISPLAY"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
