extension WaylandRequest {
    /// `zwp_input_timestamps_manager_v1`.
    enum InputTimestampsManager: UInt32, WaylandRequestOpcode {
        case destroy = 0
        /// New timestamps object, keyboard.
        case getKeyboardTimestamps = 1
        /// New timestamps object, pointer.
        case getPointerTimestamps = 2
        /// New timestamps object, touch.
        case getTouchTimestamps = 3
    }

    /// `zwp_input_timestamps_v1` (its one event, `timestamp`, needs no name: seconds high, seconds
    /// low, nanoseconds).
    enum InputTimestamps: UInt32, WaylandRequestOpcode {
        case destroy = 0
    }
}
