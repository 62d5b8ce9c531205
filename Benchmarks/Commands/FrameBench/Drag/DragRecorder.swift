import FrameClock
import Synchronization
import Wayland
import WestonFixture

/// Collects a measured drag's frames: the position each frame shows, by the handling measured, and
/// the events it was the first to use. Input arrives on the link's frame thread (resampled) or the
/// connection's dispatch thread (per event); frames are recorded on the frame thread.
final class DragRecorder: Sendable {
    private struct State {
        var shown: (y: Double, time: Int64)?
        var unshownEventTimes: [Int64] = []
        var frames: [DragFrameRecord] = []
    }

    let device: ScriptedDrag.Device
    private let state = Mutex(State())

    init(device: ScriptedDrag.Device) {
        self.device = device
    }

    /// The point the drag moves.
    var point: InputPointID { device == .pointer ? .pointer(0) : .touch(0) }

    /// A link's batch: its resampled position becomes the one shown; its raw samples are first used now.
    func record(_ batch: InputBatch) {
        let raw = batch.rawMotion(of: point).map(\.time.nanoseconds)
        let motion = batch.motion(of: point)
        state.withLock { state in
            state.unshownEventTimes += raw
            if let motion, let y = motion.position?.y { state.shown = (y, motion.time.nanoseconds) }
        }
    }

    /// A window event, handled as it arrives: a motion of the dragged point becomes the position shown.
    func record(_ event: WaylandInputEvent) {
        guard let event = InputEvent(event), event.point == point, event.isMotion, let y = event.position?.y
        else { return }
        state.withLock { state in
            state.unshownEventTimes.append(event.time.nanoseconds)
            state.shown = (y, event.time.nanoseconds)
        }
    }

    /// The frame being drawn shows the current position.
    func record(_ frame: Frame) {
        state.withLock { state in
            guard let shown = state.shown else { return }
            state.frames.append(
                DragFrameRecord(
                    sequence: frame.sequence, timestamp: frame.timestamp.nanoseconds, y: shown.y,
                    positionTime: shown.time, eventTimes: state.unshownEventTimes))
            state.unshownEventTimes.removeAll(keepingCapacity: true)
        }
    }

    var frames: [DragFrameRecord] { state.withLock { $0.frames } }

    /// How many events the frames recorded so far used.
    var eventsUsed: Int { state.withLock { $0.frames.reduce(0) { $0 + $1.eventTimes.count } } }
}
