import Wayland

/// What `.automatic` learns of a Wayland session when no DRM display can be used: the refresh of
/// the compositor's output, read from `wl_output`'s current mode over a short-lived connection.
enum WaylandOutputProbe {
    /// An output's refresh.
    struct Rate: Hashable, Sendable {
        /// The output's name (`wl_output.name`), or its make and model.
        var output: String
        /// Its current mode's refresh in millihertz.
        var millihertz: Int
    }

    /// How long the compositor may take to answer each of the connection's roundtrips: a stale or
    /// hung socket costs `.automatic` at most a few of these, never a hang.
    static let answerTimeout = Duration.milliseconds(250)

    /// Connects to `display` (a socket name in `XDG_RUNTIME_DIR` or an absolute path), reads the
    /// first output with a current mode and a known refresh, and disconnects.
    ///
    /// - Returns: The rate, or why there is none (no compositor, a stale socket, no output with a
    ///   refresh) as a sentence.
    static func outputRate(display: String) -> Result<Rate, ProbeFailure> {
        let connection: WaylandConnection
        do {
            connection = try WaylandConnection(name: display, timeout: answerTimeout)
        } catch {
            return .failure(ProbeFailure(description: error.description))
        }
        defer { connection.close() }
        for output in connection.outputs {
            guard let mode = output.currentMode, mode.refreshMillihertz > 0 else { continue }
            let name = output.name ?? "\(output.make) \(output.model)"
            return .success(Rate(output: name, millihertz: Int(mode.refreshMillihertz)))
        }
        return .failure(ProbeFailure(description: "the compositor names no output with a refresh rate"))
    }

    /// Why a probe found no rate.
    struct ProbeFailure: Error, CustomStringConvertible {
        var description: String
    }
}
