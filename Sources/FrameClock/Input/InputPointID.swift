/// A pointer or a touch point: the motion of each is queued and resampled on its own.
public enum InputPointID: Hashable, Sendable, CustomStringConvertible {
    /// A pointer (a mouse, a touchpad's cursor), by a number the front end chooses: a seat's one
    /// pointer is usually 0.
    case pointer(UInt32)
    /// A touch point, by the id the touch screen gives it while the finger is down (`wl_touch`'s id);
    /// the id may be reused after the touch's up or cancel.
    case touch(Int32)

    /// "pointer 0", "touch 3".
    public var description: String {
        switch self {
        case .pointer(let number): "pointer \(number)"
        case .touch(let id): "touch \(id)"
        }
    }
}
