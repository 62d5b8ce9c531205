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
        case .clearTimedOut(let wait):
            "the previous frame's clear did not finish within \(wait)"
        case .callFailed(let call, let result):
            "\(call) failed: \(result.name)"
        }
    }
}

extension VkResult {
    /// The code's name, as the specification spells it.
    var name: String {
        switch self {
        case VK_SUCCESS: "VK_SUCCESS"
        case VK_NOT_READY: "VK_NOT_READY"
        case VK_TIMEOUT: "VK_TIMEOUT"
        case VK_INCOMPLETE: "VK_INCOMPLETE"
        case VK_SUBOPTIMAL_KHR: "VK_SUBOPTIMAL_KHR"
        case VK_ERROR_OUT_OF_HOST_MEMORY: "VK_ERROR_OUT_OF_HOST_MEMORY"
        case VK_ERROR_OUT_OF_DEVICE_MEMORY: "VK_ERROR_OUT_OF_DEVICE_MEMORY"
        case VK_ERROR_INITIALIZATION_FAILED: "VK_ERROR_INITIALIZATION_FAILED"
        case VK_ERROR_DEVICE_LOST: "VK_ERROR_DEVICE_LOST"
        case VK_ERROR_EXTENSION_NOT_PRESENT: "VK_ERROR_EXTENSION_NOT_PRESENT"
        case VK_ERROR_INCOMPATIBLE_DRIVER: "VK_ERROR_INCOMPATIBLE_DRIVER"
        case VK_ERROR_SURFACE_LOST_KHR: "VK_ERROR_SURFACE_LOST_KHR"
        case VK_ERROR_OUT_OF_DATE_KHR: "VK_ERROR_OUT_OF_DATE_KHR"
        case VK_ERROR_NATIVE_WINDOW_IN_USE_KHR: "VK_ERROR_NATIVE_WINDOW_IN_USE_KHR"
        default: "VkResult \(rawValue)"
        }
    }

    /// Throws ``VulkanError/callFailed(_:_:)`` naming `call` unless the code is `VK_SUCCESS`.
    func check(_ call: String) throws(VulkanError) {
        guard self == VK_SUCCESS else { throw .callFailed(call, self) }
    }
}
