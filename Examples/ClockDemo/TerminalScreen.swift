import Foundation
import FrameClock
import LayerRendering

/// Where the demo's text goes: the terminal (its size, the alternate screen, frames of half blocks)
/// or plain lines on standard output.
///
/// Everything is written by a thread of the screen's own, never by the thread that calls it: a
/// terminal that reads slowly (a busy machine, a stalled pipe) makes the screen drop frames, never
/// makes the display link's frame thread wait. One frame waits at most; a newer one replaces it
/// (counted in ``droppedFrames``).
final class TerminalScreen: @unchecked Sendable {
    /// Called on the writer thread once a frame's bytes are written, with the instant they were.
    typealias ShownHandler = @Sendable (MonotonicInstant) -> Void

    private let condition = NSCondition()
    private var entered = false
    private var stopping = false
    private var writerStarted = false
    private let writerDone = DispatchSemaphore(value: 0)
    /// The frame waiting for the writer, its status text and what to call once it is written.
    private var pendingBitmap: Bitmap?
    private var pendingStatus = ""
    private var pendingShown: ShownHandler?
    /// A buffer the writer is done with, for the frame thread's next frame.
    private var spareBitmap: Bitmap?
    /// Lines waiting for the writer (plain-text output), oldest first.
    private var pendingLines: [String] = []
    private var dropped = 0

    /// The most lines kept waiting when standard output does not take them; older ones are dropped.
    static let lineBacklog = 1_000

    /// Whether standard output is a terminal.
    static var isTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    /// Columns and rows of the terminal, or nil when standard output is not one.
    static func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Frames replaced by a newer one before the terminal took them.
    var droppedFrames: Int { condition.withLock { dropped } }

    /// Switches to the alternate screen, hides the cursor and turns off line wrapping (a status
    /// line wider than the terminal must not scroll the screen that frames are drawn as changes to).
    func enter() {
        condition.withLock {
            entered = true
            pendingLines.append("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J")
            startWriterIfNeeded()
            condition.signal()
        }
    }

    /// Hands a drawn frame to the writer and gives back a bitmap of the same size to draw the next
    /// one into (the one the writer wrote last, or a frame that was never written), so that the
    /// three buffers go round without copying. `status` is drawn below the image; `shown` is
    /// called once the frame is out.
    func submit(_ bitmap: inout Bitmap, status: String, shown: @escaping ShownHandler) {
        condition.withLock {
            guard entered, !stopping else { return }
            if var unwritten = pendingBitmap {
                dropped += 1
                swap(&unwritten, &bitmap)
                pendingBitmap = unwritten
            } else {
                pendingBitmap = bitmap
                // Until the writer hands one back, the next frame's drawing copies this one.
                if let spare = spareBitmap, spare.width == bitmap.width, spare.height == bitmap.height {
                    bitmap = spare
                }
                spareBitmap = nil
            }
            pendingStatus = status
            pendingShown = shown
            condition.signal()
        }
    }

    /// Writes `text` and a newline to standard output (plain-text mode).
    func writeLine(_ text: String) {
        condition.withLock {
            guard !stopping else { return }
            pendingLines.append(text + "\n")
            if pendingLines.count > Self.lineBacklog { pendingLines.removeFirst() }
            startWriterIfNeeded()
            condition.signal()
        }
    }

    /// Writes what is still waiting, shows the cursor, turns wrapping back on and leaves the
    /// alternate screen; waits at most `timeout` seconds for standard output to take it. Idempotent.
    func restore(timeout: Double = 2) {
        let wait = condition.withLock { () -> Bool in
            guard writerStarted, !stopping else { return false }
            stopping = true
            condition.signal()
            return true
        }
        if wait { _ = writerDone.wait(timeout: .now() + timeout) }
    }

    private func startWriterIfNeeded() {
        guard !writerStarted else { return }
        writerStarted = true
        let thread = Thread { [self] in writeUntilStopped() }
        thread.name = "clock-demo output"
        thread.start()
    }

    /// The writer thread: takes whatever waits, writes it, and repeats until stopped and drained.
    private func writeUntilStopped() {
        var written: Bitmap? = nil
        var encoder = TerminalFrameEncoder()
        while true {
            condition.lock()
            while pendingBitmap == nil && pendingLines.isEmpty && !stopping { condition.wait() }
            let lines = pendingLines
            pendingLines.removeAll(keepingCapacity: true)
            var frame: (bitmap: Bitmap, status: String, shown: ShownHandler?)? = nil
            if let pending = pendingBitmap {
                frame = (pending, pendingStatus, pendingShown)
                pendingBitmap = nil
                pendingShown = nil
                // The buffer written last time is free for the frame thread's next frame.
                spareBitmap = written
                written = nil
            }
            let finished = stopping && frame == nil && lines.isEmpty
            let leaveScreen = finished && entered
            condition.unlock()
            for line in lines { Self.write(line) }
            if let frame {
                encoder.encode(frame.bitmap, status: frame.status)
                Self.write(encoder.bytes)
                frame.shown?(MonotonicInstant.now())
                written = frame.bitmap
            }
            if finished {
                if leaveScreen { Self.write("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l") }
                writerDone.signal()
                return
            }
        }
    }

    /// Writes all of `text` to standard output; gives up on an error other than EINTR.
    static func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes all of `bytes` to standard output; gives up on an error other than EINTR.
    static func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Foundation.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
