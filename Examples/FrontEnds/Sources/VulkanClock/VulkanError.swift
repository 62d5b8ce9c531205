import CVulkan

/// Why Vulkan could not draw or present on the window: what is missing, or which call failed and
/// how.
enum VulkanError: Error, CustomStringConvertible {
    /// `vkCreateInstance` found no driver (`VK_ERROR_INCOMPATIBLE_DRIVER` and the like).
    case noDriver(VkResult)
    /// The instance lacks an extension the window needs (`VK_KHR_surface`, `VK_KHR_wayland_surface`).
    case missingInstanceExtension(String)
    /// No physical device has a queue family that can clear images and present to the surface.
    case noPresentCapableQueue(devicesSeen: Int)
    /// The surface offers neither MAILBOX nor FIFO, or no image usable as a transfer destination.
    case unsupportedSurface(String)
    /// No swapchain image came within the wait: the compositor stopped releasing buffers.
    case acquireTimedOut(Duration)
    /// No swapchain image was free when asked without a wait: the compositor holds every buffer (it
    /// stopped answering), and the frame is skipped.
    case noFreeImage
    /// The previous frame's clear did not finish within the wait.
    case clearTimedOut(Duration)
    /// A call returned an error code.
    case callFailed(String, VkResult)

    var description: String {
        switch self {
        case .noDriver(let result):
            "no Vulkan driver: vkCreateInstance returned \(result.name)"
        case .missingInstanceExtension(let name):
            "the Vulkan instance has no \(name) extension"
        case .noPresentCapableQueue(0):
            "no present-capable queue: the Vulkan drivers found no device"
        case .noPresentCapableQueue(let devicesSeen):
            "no present-capable queue: none of \(devicesSeen) Vulkan devices can clear and present to the surface"
        case .unsupportedSurface(let what):
            "the surface cannot be used: \(what)"
        case .acquireTimedOut(let wait):
            "no swapchain image within \(wait): the compositor holds every buffer"
        case .noFreeImage:
            "no swapchain image free: the compositor holds every buffer"
        case .clearTimedOut(let wait):
            "the previous frame's clear did not finish within \(wait)"
        case .callFailed(let call, let result):
            "\(call) failed: \(result.name)"
        }
    }
}
