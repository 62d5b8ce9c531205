extension WaylandRequest {
    /// `wl_seat`.
    enum Seat: UInt32, WaylandRequestOpcode {
        case getPointer = 0
        case getKeyboard = 1
        case getTouch = 2
        /// From ``releaseVersion``.
        case release = 3

        /// The first `wl_seat` version with `release`.
        static let releaseVersion: UInt32 = 5
    }

    /// `wl_pointer`.
    enum Pointer: UInt32, WaylandRequestOpcode {
        /// From ``releaseVersion``.
        case release = 1

        /// The first `wl_pointer` version with `release`.
        static let releaseVersion: UInt32 = 3
    }

    /// `wl_keyboard`.
    enum Keyboard: UInt32, WaylandRequestOpcode {
        /// From ``releaseVersion``.
        case release = 0

        /// The first `wl_keyboard` version with `release`.
        static let releaseVersion: UInt32 = 3
    }

    /// `wl_touch`.
    enum Touch: UInt32, WaylandRequestOpcode {
        /// From ``releaseVersion``.
        case release = 0

        /// The first `wl_touch` version with `release`.
        static let releaseVersion: UInt32 = 3
    }
}
