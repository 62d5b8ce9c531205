import Wayland

/// Why a run of vulkan-clock stopped before its report.
enum RunFailure: Error, CustomStringConvertible {
    /// The window or its connection could not be made, or a request on it failed.
    case wayland(WaylandError)
    /// Vulkan could not draw or present: what is missing, or the call that failed.
    case vulkan(VulkanError)
    /// The display link could not be made or started.
    case displayLink(any Error)
    /// The compositor closed the connection (killed, crashed, or a protocol error).
    case compositorGone(WaylandError)
    /// The window was closed under the run.
    case windowClosed
    /// Fewer frames than asked for were presented in the time allowed.
    case tooSlow(presented: Int, of: Int, within: Duration)
    /// The link's timeline could not be written (`--timeline`).
    case timelineNotWritten(any Error)

    /// A Vulkan failure, or the compositor's going away where that is what it shows (the surface
    /// lost, the swapchain out of date).
    init(_ error: VulkanError, on connection: WaylandConnection) {
        self = connection.failure.map { .compositorGone($0) } ?? .vulkan(error)
    }

    var description: String {
        switch self {
        case .wayland(let error): "wayland: \(error)"
        case .vulkan(let error): "vulkan: \(error)"
        case .displayLink(let error): "display link: \(error)"
        case .compositorGone(let error): "the compositor went away: \(error)"
        case .windowClosed: "the window was closed"
        case .tooSlow(let presented, let frames, let allowed):
            "only \(presented) of \(frames) frames in \(allowed)"
        case .timelineNotWritten(let error): "the timeline: \(error)"
        }
    }
}
