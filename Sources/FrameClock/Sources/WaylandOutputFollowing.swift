#if WaylandBackend
    import Wayland

    /// The output a Wayland surface's frames are shown on, as far as the compositor said: the one its
    /// presentation feedback names (`sync_output`, with its `refresh`), or, from a compositor without
    /// feedback, the fastest output the surface entered. It says when the frames moved to another
    /// output or refresh, for the ``WaylandTickSource`` to start its grid anew.
    struct WaylandOutputFollowing: Sendable {
        /// An output the frames are shown on.
        struct ShownOutput: Equatable, Sendable {
            /// Its global name; nil when the compositor named none.
            var id: UInt32?
            var info: FrameSourceOutput
            /// The nominal refresh interval, in nanoseconds.
            var interval: Int64
        }

        /// Two refresh intervals within a 200th of each other name the same rate: a mode's
        /// 60 000 mHz is 16 666 666 ns, a presentation's refresh 16 666 667.
        static let sameRateDivisor: Int64 = 200

        /// The output followed; nil while none is known.
        private(set) var current: ShownOutput?
        /// The grid's interval on the output left last (0 before any move): until the new output's
        /// interval is measured, a wait for a callback keeps to the slower of the two.
        private(set) var leftInterval: Int64 = 0

        /// What is known of the output before the first presentation: the one a presentation already
        /// received named (`syncOutput`, shown at `refreshInterval`, 0 for its mode's), else the fastest
        /// output the surface `entered`, else the compositor's only one of `outputs`.
        init(
            presentedOn syncOutput: UInt32?, refreshInterval: Int64, entered: [WaylandOutput],
            outputs: [WaylandOutput]
        ) {
            let named = syncOutput.flatMap { id in outputs.first { $0.globalName == id } }
            let known = named ?? Self.fastest(entered) ?? (outputs.count == 1 ? outputs.first : nil)
            current = known.flatMap { Self.shownOutput($0, refreshInterval: refreshInterval) }
        }

        /// The output a presentation shows the frames on when it is not the one followed (or is, at
        /// another refresh), else nil: the output it names (`syncOutput`, looked up in `outputs` only
        /// then), or, when it names none, the output followed in another mode.
        func move(
            presentedOn syncOutput: UInt32?, refreshInterval: Int64,
            outputs: @autoclosure () -> [WaylandOutput]
        ) -> ShownOutput? {
            if let id = syncOutput {
                guard id != current?.id || !Self.sameRefresh(refreshInterval, current?.interval),
                    let named = outputs().first(where: { $0.globalName == id })
                else { return nil }
                return move(to: named, refreshInterval: refreshInterval)
            }
            guard refreshInterval > 0, let current, !Self.sameRefresh(refreshInterval, current.interval)
            else { return nil }
            return ShownOutput(
                id: current.id,
                info: FrameSourceOutput(
                    name: current.info.name, refreshMillihertz: Self.millihertz(refreshInterval)),
                interval: refreshInterval)
        }

        /// The fastest of the outputs the surface `entered` (what a compositor without presentation
        /// feedback shows it on, as far as known), when it is not the output followed; else nil.
        func move(entered: [WaylandOutput]) -> ShownOutput? {
            Self.fastest(entered).flatMap { move(to: $0, refreshInterval: 0) }
        }

        /// Follows `shown` from now on; the grid's interval on the output left was `interval`.
        mutating func follow(_ shown: ShownOutput, leavingInterval interval: Int64) {
            current = shown
            leftInterval = interval
        }

        /// `output`, shown at `refreshInterval` (0: its mode's), unless it is the output followed at
        /// the same refresh, or names no refresh.
        private func move(to output: WaylandOutput, refreshInterval: Int64) -> ShownOutput? {
            guard let shown = Self.shownOutput(output, refreshInterval: refreshInterval),
                shown.id != current?.id || !Self.sameRefresh(shown.interval, current?.interval)
            else { return nil }
            return shown
        }

        /// Whether two refresh intervals name the same rate (``sameRateDivisor``); zero and nil name
        /// none.
        static func sameRefresh(_ interval: Int64, _ other: Int64?) -> Bool {
            guard let other, interval > 0, other > 0 else { return interval <= 0 }
            return abs(interval - other) * sameRateDivisor <= other
        }

        /// The output of `outputs` with the shortest nominal refresh interval, if any names one.
        static func fastest(_ outputs: [WaylandOutput]) -> WaylandOutput? {
            outputs.filter { $0.refreshInterval != nil }.min {
                $0.refreshInterval ?? 0 < $1.refreshInterval ?? 0
            }
        }

        /// What is known of `output` shown at `refreshInterval` (a presentation's; 0: the output's
        /// mode's), or nil when neither names a refresh. The rate is the mode's when it agrees with
        /// the presentation's refresh (144 000 mHz, not 1e12 / 6 944 445).
        static func shownOutput(_ output: WaylandOutput, refreshInterval: Int64) -> ShownOutput? {
            guard let interval = refreshInterval > 0 ? refreshInterval : output.refreshInterval else {
                return nil
            }
            var millihertz = millihertz(interval)
            if let mode = output.refreshInterval, let modeRate = output.refreshMillihertz,
                abs(mode - interval) * sameRateDivisor <= interval
            {
                millihertz = modeRate
            }
            return ShownOutput(
                id: output.globalName,
                info: FrameSourceOutput(name: output.label, refreshMillihertz: millihertz),
                interval: interval)
        }

        /// The rate of a refresh `interval` in nanoseconds, in millihertz.
        private static func millihertz(_ interval: Int64) -> Int {
            Int((1e12 / Double(interval)).rounded())
        }
    }
#endif
