internal import SystemCalls
import SystemPackage

/// A frame thread's CPU-latency request (``FrameThreadOptions/latencyOnDemand``): opened once when
/// the thread starts, lowered to 0 at the rehearsal wake-up before a deadline once the rehearsal is
/// done (``hold()``), and withdrawn when the wait for the tick ends (``release()``), so that idle
/// cores poll only for that window rather than for as long as the program runs.
///
/// Confined to the frame thread: made, used and closed there (not `Sendable`). Holding and releasing
/// write four bytes to the open device and allocate nothing.
final class LatencyOnDemand {
    private var request: CPULatencyRequest?
    private let path: String
    /// Whether the request is lowered now.
    private(set) var isHeld = false
    /// Why there is no request to hold: the option is off, the device could not be opened, or a
    /// write to it failed (nil while it can be held).
    private(set) var refusal: String?

    /// Opens the device `options` name when they ask for latency on demand; a refusal otherwise.
    init(options: FrameThreadOptions) {
        path = options.latencyDevicePath
        guard options.latencyOnDemand else {
            refusal = "turned off"
            return
        }
        do {
            request = try CPULatencyRequest.open(path: path)
        } catch {
            refusal = "\(SystemCall.name(of: error)) opening \(path)"
        }
    }

    /// Whether a request can be held.
    var isAvailable: Bool { request != nil }

    /// Lowers the request to 0 unless it is held already. A failed write gives the request up for
    /// good; the reason is returned (nil otherwise) for the thread to report.
    func hold() -> String? {
        guard let request, !isHeld else { return nil }
        do {
            try request.limit(toMicroseconds: 0)
            isHeld = true
            return nil
        } catch {
            return giveUp(error, writing: "0")
        }
    }

    /// Withdraws the request if it is held. A failed write gives the request up for good (closing
    /// the descriptor withdraws it); the reason is returned (nil otherwise).
    func release() -> String? {
        guard isHeld, let request else { return nil }
        isHeld = false
        do {
            try request.release()
            return nil
        } catch {
            return giveUp(error, writing: "\(CPULatencyRequest.noLimit)")
        }
    }

    /// Closes the device (the thread is ending); idempotent.
    func close() {
        try? request?.close()
        request = nil
        isHeld = false
    }

    private func giveUp(_ error: Errno, writing value: String) -> String {
        close()
        let reason = "\(SystemCall.name(of: error)) writing \(value) to \(path)"
        refusal = reason
        return reason
    }
}
