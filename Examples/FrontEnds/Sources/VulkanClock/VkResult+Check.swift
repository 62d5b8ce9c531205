import CVulkan

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
