/// A seat's device whose events carry a time: each has its own `zwp_input_timestamps_v1`.
enum WaylandInputDevice: CaseIterable {
    case pointer
    case keyboard
    case touch
}
