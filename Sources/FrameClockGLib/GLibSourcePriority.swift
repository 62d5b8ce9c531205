#if GLibMainLoop
    /// The priority of a GLib source: among ready sources, the lower value is dispatched first.
    public struct GLibSourcePriority: RawRepresentable, Hashable, Sendable {
        /// GLib's priority number (`G_PRIORITY_DEFAULT` is 0).
        public var rawValue: Int32

        /// A priority from GLib's number.
        ///
        /// - Parameter rawValue: lower runs first; GLib's own levels are the static members.
        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// `G_PRIORITY_HIGH` (-100).
        public static let high = GLibSourcePriority(rawValue: -100)
        /// `G_PRIORITY_DEFAULT` (0): input events and timeouts; where the main queue runs by default.
        public static let `default` = GLibSourcePriority(rawValue: 0)
        /// `G_PRIORITY_HIGH_IDLE` (100).
        public static let highIdle = GLibSourcePriority(rawValue: 100)
        /// `GDK_PRIORITY_REDRAW` (`G_PRIORITY_HIGH_IDLE + 20`): GTK's frame clock.
        public static let redraw = GLibSourcePriority(rawValue: 120)
        /// `G_PRIORITY_DEFAULT_IDLE` (200).
        public static let defaultIdle = GLibSourcePriority(rawValue: 200)
    }
#endif
