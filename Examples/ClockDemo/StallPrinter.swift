import Foundation
import FrameClock

/// Prints a display link's stall reports on standard error as they come (`link.stalls`): while a
/// stall lasts, what the frame thread runs and its stack, one function a line; when it ends, how
/// long it took and the frame intervals it cost.
enum StallPrinter {
    /// How many of the stack's functions (innermost first) a report shows.
    static let stackDepth = 16

    /// Subscribes to `link`'s stall reports and prints each; the task ends with the link.
    static func start(for link: DisplayLink) -> Task<Void, Never> {
        let stalls = link.stalls
        return Task.detached {
            for await stall in stalls {
                FileHandle.standardError.write(Data(text(for: stall).utf8))
            }
        }
    }

    /// A report as a person reads it, ending in a newline.
    static func text(for stall: FrameStall) -> String {
        let seconds = String(
            format: "%.2f",
            Double(stall.duration.components.seconds) + Double(stall.duration.components.attoseconds) / 1e18)
        switch stall.phase {
        case .ongoing:
            var text = "clock-demo: frame thread stalled \(seconds) s so far in \(stall.activity)"
            guard !stall.stack.isEmpty else { return text + "\n" }
            text += "; its stack, innermost first:\n"
            for function in stall.stack.prefix(stackDepth) { text += "    \(function)\n" }
            if stall.stack.count > stackDepth { text += "    … \(stall.stack.count - stackDepth) more\n" }
            return text
        case .ended:
            return "clock-demo: \(stall)\n"
        }
    }
}
