import FrameClock
import Synchronization

/// Everything a run recorded, shared between the thread that draws and the one that plays the
/// scripted drag: the frames, the input received, the phase the pull is in.
final class RunLog: Sendable {
    private struct State {
        var frames: [FrameRecord] = []
        var discrete: [ReceivedEvent] = []
        var motion: [ReceivedEvent] = []
        var phase = PullPhase.idle
        var refreshes: [Duration] = []
    }

    private let state = Mutex(State())

    /// Records a frame and the phase after it.
    func append(_ frame: FrameRecord) {
        state.withLock {
            $0.frames.append(frame)
            $0.phase = frame.phase
        }
    }

    /// Records the discrete events and the raw motion that reached the app with frame `frame`.
    func received(discrete: [InputEvent], motion: [InputEvent], frame: Int) {
        state.withLock {
            $0.discrete += discrete.map { ReceivedEvent(event: $0, frame: frame) }
            $0.motion += motion.map { ReceivedEvent(event: $0, frame: frame) }
        }
    }

    /// Records a refresh that came back after `duration`.
    func refreshed(after duration: Duration) {
        state.withLock { $0.refreshes.append(duration) }
    }

    var frames: [FrameRecord] { state.withLock { $0.frames } }
    var frameCount: Int { state.withLock { $0.frames.count } }
    var discrete: [ReceivedEvent] { state.withLock { $0.discrete } }
    var motion: [ReceivedEvent] { state.withLock { $0.motion } }
    var phase: PullPhase { state.withLock { $0.phase } }
    var refreshes: [Duration] { state.withLock { $0.refreshes } }
}
