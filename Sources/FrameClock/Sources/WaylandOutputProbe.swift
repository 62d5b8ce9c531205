#if WaylandBackend
    import Wayland

    /// What `.automatic` learns of a Wayland session when no DRM display can be used: the refresh of
    /// the compositor's outputs, read from `wl_output`'s current mode over a short-lived connection: the
    /// fastest, when there are several (with no window to follow, it keeps every output's frames coming).
    enum WaylandOutputProbe {
        /// An output's refresh.
        struct Rate: Hashable, Sendable {
            /// The output's name (`wl_output.name`), or its make and model.
            var output: String
            /// Its current mode's refresh in millihertz.
            var millihertz: Int
            /// How many outputs with a refresh the compositor has.
            var outputCount = 1
        }

        /// How long the compositor may take to answer each of the connection's roundtrips: a stale or
        /// hung socket costs `.automatic` at most a few of these, never a hang.
        static let answerTimeout = Duration.milliseconds(250)

        /// Connects to `display` (a socket name in `XDG_RUNTIME_DIR` or an absolute path), reads the
        /// outputs with a current mode and a known refresh, and disconnects.
        ///
        /// - Returns: The fastest output's rate (the first of equals), with the number of outputs, or why
        ///   there is none (no compositor, a stale socket, no output with a refresh) as a sentence.
        static func outputRate(display: String) -> Result<Rate, ProbeFailure> {
            let connection: WaylandConnection
            do {
                connection = try WaylandConnection(name: display, timeout: answerTimeout)
            } catch {
                return .failure(ProbeFailure(description: error.description))
            }
            defer { connection.close() }
            let outputs = connection.outputs.filter { $0.refreshMillihertz != nil }
            // The first of the fastest; with several, told apart by name or global name (a compositor's
            // virtual monitors share make and model).
            guard
                let fastest = outputs.max(by: { ($0.refreshMillihertz ?? 0) < ($1.refreshMillihertz ?? 0) }),
                let millihertz = fastest.refreshMillihertz,
                let first = outputs.first(where: { $0.refreshMillihertz == millihertz })
            else {
                return .failure(
                    ProbeFailure(description: "the compositor names no output with a refresh rate"))
            }
            let name = outputs.count > 1 ? first.label : first.name ?? "\(first.make) \(first.model)"
            return .success(Rate(output: name, millihertz: millihertz, outputCount: outputs.count))
        }

        /// Why a probe found no rate.
        struct ProbeFailure: Error, CustomStringConvertible {
            var description: String
        }
    }
#endif
