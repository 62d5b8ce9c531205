/// A report of the frame thread not coming back to its run loop for longer than a link's
/// ``DisplayLink/stallThreshold``: sent while the stall lasts, and once more when it ends.
///
/// ```swift
/// for await stall in link.stalls {
///     print(stall)    // "frame thread stalled 2.00 s so far in the callback of …; stack: getaddrinfo ← …"
/// }
/// ```
///
/// Android's Choreographer logs "Skipped N frames", Apple reports hangs over 250 ms with the main
/// thread's stack; this report comes while the hang is still going on, with the frame thread's stack
/// as function names — what runs, and where.
public struct FrameStall: Hashable, Sendable, CustomStringConvertible {
    /// Whether the stall is still going on.
    public enum Phase: Hashable, Sendable {
        /// Reported while it lasts: ``FrameStall/duration`` is the time so far.
        case ongoing
        /// Reported when the frame thread came back: ``FrameStall/duration`` is the whole stall.
        case ended
    }

    /// Whether the stall is still going on.
    public var phase: Phase
    /// What the frame thread was running.
    public var activity: FrameActivity
    /// When it started running it.
    public var started: MonotonicInstant
    /// How long it has run (so far, or in all once ended).
    public var duration: Duration
    /// Frame intervals of the source that went by meanwhile: the frames the stall cost.
    public var intervalsMissed: Int
    /// The frame thread's stack when the stall was seen, innermost first, as function names
    /// (demangled where they are Swift's); empty in the report of its end, and where the stack could
    /// not be taken (``missingStackReason`` says why).
    ///
    /// Taking it never disturbs the thread: a thread blocked in a system call is not signalled, and
    /// its call returns exactly when it would have without the report.
    public var stack: [String]
    /// Why a report made while the stall lasts has no stack (the stall ended before its stack could
    /// be taken, or the thread kept waking while it was read); nil when it has one, and in the report
    /// of a stall's end.
    public var missingStackReason: String?

    /// Creates a report (FrameClock makes these; tests may too).
    public init(
        phase: Phase, activity: FrameActivity, started: MonotonicInstant, duration: Duration,
        intervalsMissed: Int, stack: [String], missingStackReason: String? = nil
    ) {
        self.phase = phase
        self.activity = activity
        self.started = started
        self.duration = duration
        self.intervalsMissed = intervalsMissed
        self.stack = stack
        self.missingStackReason = missingStackReason
    }

    /// One line, as logged.
    public var description: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let length = "\(DecimalFormat.string(seconds, digits: 2)) s"
        let thread = activity == .loopBusy ? "loop thread" : "frame thread"
        switch phase {
        case .ongoing:
            let frames =
                !stack.isEmpty
                ? "; stack: " + stack.prefix(12).joined(separator: " ← ")
                : missingStackReason.map { "; no stack: \($0)" } ?? ""
            return "\(thread) stalled \(length) so far in \(activity)\(frames)"
        case .ended:
            return "\(thread) stall ended after \(length) in \(activity); \(intervalsMissed) frame "
                + "interval\(intervalsMissed == 1 ? "" : "s") missed"
        }
    }
}

/// What the frame thread runs.
public enum FrameActivity: Hashable, Sendable, CustomStringConvertible {
    /// A link's callback (or its `frames` consumers' delivery), named by the link's number in the
    /// process and its source, such as "display link 3 (timer 60.000 Hz (standard))".
    case callback(link: String)
    /// A job of the frame thread's executor (an actor method, a task's step).
    case job
    /// The loop that dispatches a ``LoopFrameSource``, busy in code of its own (another handler of
    /// the front end's main loop) when a frame was due: the stack is that code's.
    case loopBusy

    /// A short phrase.
    public var description: String {
        switch self {
        case .callback(let link): "the callback of \(link)"
        case .job: "a job of the frame executor"
        case .loopBusy: "code of the loop's own, run when a frame was due"
        }
    }
}
