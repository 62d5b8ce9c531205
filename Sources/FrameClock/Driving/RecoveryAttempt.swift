/// One try of a failed source's display, on a helper thread of its own: the frame thread starts it,
/// goes on with its timer, and takes the answer at a later wake (the helper signals the control
/// channel when it has one). A display opened after the frame thread gave the try up is closed by the
/// helper.
final class RecoveryAttempt: Sendable {
    /// What a try found.
    enum Answer: Sendable {
        /// The display can be used: its source, handed over once.
        case opened(TickSourceHandOff)
        /// It cannot, yet.
        case failed
    }

    private enum Phase: Sendable {
        case running
        case answered(Answer)
        case abandoned
    }

    private struct State: Sendable {
        var phase = Phase.running
        /// The frame thread waits for the answer right now: it needs no wake-up.
        var isAwaited = false
    }

    private let state = Locked(State())

    private init() {}

    /// Starts a try of `recovery` on a new thread.
    static func start(_ recovery: @escaping SourceFailover.RecoveryFactory, control: ControlChannel)
        throws(SystemCallError) -> RecoveryAttempt
    {
        let attempt = RecoveryAttempt()
        try FrameThread.start {
            FrameThread.nameCurrentThread("FrameClock try")
            let answer: Answer
            do {
                answer = .opened(TickSourceHandOff(try recovery(control)))
            } catch {
                answer = .failed
            }
            // The frame thread takes the answer at its next wake, unless it is waiting for it now.
            if attempt.finish(with: answer) { control.signal() }
        }
        return attempt
    }

    /// The answer, once there is one (waiting at most `patience` nanoseconds for it); nil while the
    /// try is still running.
    func answer(waitingAtMost patience: Int64) -> Answer? {
        let read: (inout State) -> Answer? = { state in
            if case .answered(let answer) = state.phase { return answer }
            return nil
        }
        guard patience > 0 else { return state.withLock(read) }
        state.withLock { $0.isAwaited = true }
        return state.withLock(
            whenReady: { state in
                if case .running = state.phase { return false }
                return true
            }, waitingAtMost: patience
        ) { state in
            state.isAwaited = false
            return read(&state)
        }
    }

    /// Gives the try up: a display it opens is closed.
    func abandon() {
        let opened = state.withLock { state -> TickSourceHandOff? in
            defer { state.phase = .abandoned }
            if case .answered(.opened(let opened)) = state.phase { return opened }
            return nil
        }
        opened?.take()?.close()
    }

    /// Records the helper's answer (a display opened after the try was given up is closed); whether
    /// the frame thread needs a wake-up to take it.
    private func finish(with answer: Answer) -> Bool {
        let (abandoned, awaited) = state.withLock { state -> (Bool, Bool) in
            if case .abandoned = state.phase { return (true, false) }
            state.phase = .answered(answer)
            return (false, state.isAwaited)
        }
        state.broadcastChange()
        if abandoned, case .opened(let opened) = answer { opened.take()?.close() }
        return !abandoned && !awaited
    }
}
