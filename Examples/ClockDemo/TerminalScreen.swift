import Foundation

/// The terminal the demo draws into: its size, the alternate screen, and putting it back.
final class TerminalScreen: @unchecked Sendable {
    private let lock = NSLock()
    private var active = false

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

    /// Switches to the alternate screen and hides the cursor.
    func enter() {
        lock.withLock {
            active = true
            Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        }
    }

    /// Draws `text` from the top-left corner, as one write.
    func draw(_ text: String) {
        lock.withLock {
            guard active else { return }
            Self.write("\u{1B}[H" + text)
        }
    }

    /// Shows the cursor and leaves the alternate screen; idempotent.
    func restore() {
        lock.withLock {
            guard active else { return }
            active = false
            Self.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        }
    }

    /// Writes all of `text` to standard output.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { raw in
                Foundation.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }
}
