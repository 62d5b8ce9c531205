import CVulkan

/// The logical device on the first physical device with a queue family that can clear images and
/// present to the instance's surface, with `VK_KHR_swapchain`, and that family's first queue.
final class VulkanDevice {
    /// The instance the device was chosen on; it outlives the device.
    let instance: VulkanInstance
    /// The physical device chosen.
    let physicalDevice: VkPhysicalDevice
    /// The logical device, with `VK_KHR_swapchain`.
    let device: VkDevice
    /// The queue that clears and presents.
    let queue: VkQueue
    /// The queue's family.
    let queueFamily: UInt32

    /// The device extension a swapchain needs.
    static let swapchainExtension = "VK_KHR_swapchain"
    /// vkCmdClearColorImage runs on a graphics or a compute queue.
    private static let clearingQueueFlags = VK_QUEUE_GRAPHICS_BIT.rawValue | VK_QUEUE_COMPUTE_BIT.rawValue

    /// Chooses the physical device and queue family, and makes the device.
    ///
    /// - Throws: ``VulkanError/noPresentCapableQueue(devicesSeen:)`` when no device can present to
    ///   the surface, or the failed call.
    init(instance: VulkanInstance) throws(VulkanError) {
        self.instance = instance
        let devices = try vulkanElements("vkEnumeratePhysicalDevices", blank: VkPhysicalDevice?.none) {
            vkEnumeratePhysicalDevices(instance.instance, $0, $1)
        }.compactMap { $0 }
        var chosen: (VkPhysicalDevice, UInt32)?
        for candidate in devices where try Self.offersSwapchain(candidate) {
            if let family = try Self.presentingQueueFamily(of: candidate, surface: instance.surface) {
                chosen = (candidate, family)
                break
            }
        }
        guard let (physicalDevice, queueFamily) = chosen else {
            throw .noPresentCapableQueue(devicesSeen: devices.count)
        }
        var priority: Float = 1
        var created: VkDevice?
        let result = withUnsafePointer(to: &priority) { priority in
            var queueInfo = VkDeviceQueueCreateInfo()
            queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
            queueInfo.queueFamilyIndex = queueFamily
            queueInfo.queueCount = 1
            queueInfo.pQueuePriorities = priority
            return withUnsafePointer(to: queueInfo) { queueInfo in
                withCStringArray([Self.swapchainExtension]) { extensions in
                    var info = VkDeviceCreateInfo()
                    info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
                    info.queueCreateInfoCount = 1
                    info.pQueueCreateInfos = queueInfo
                    info.enabledExtensionCount = 1
                    info.ppEnabledExtensionNames = extensions
                    return vkCreateDevice(physicalDevice, &info, nil, &created)
                }
            }
        }
        guard result == VK_SUCCESS, let created else { throw .callFailed("vkCreateDevice", result) }
        var queue: VkQueue?
        vkGetDeviceQueue(created, queueFamily, 0, &queue)
        guard let queue else {
            vkDestroyDevice(created, nil)
            throw .callFailed("vkGetDeviceQueue", VK_ERROR_INITIALIZATION_FAILED)
        }
        self.physicalDevice = physicalDevice
        self.queueFamily = queueFamily
        device = created
        self.queue = queue
    }

    deinit {
        vkDeviceWaitIdle(device)
        vkDestroyDevice(device, nil)
    }

    /// A new binary semaphore on the device (the caller destroys it).
    func makeSemaphore() throws(VulkanError) -> VkSemaphore {
        var info = VkSemaphoreCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO
        var semaphore: VkSemaphore?
        let result = vkCreateSemaphore(device, &info, nil, &semaphore)
        guard result == VK_SUCCESS, let semaphore else { throw .callFailed("vkCreateSemaphore", result) }
        return semaphore
    }

    /// Whether `device` offers `VK_KHR_swapchain`.
    private static func offersSwapchain(_ device: VkPhysicalDevice) throws(VulkanError) -> Bool {
        let properties = try vulkanElements(
            "vkEnumerateDeviceExtensionProperties", blank: VkExtensionProperties()
        ) { vkEnumerateDeviceExtensionProperties(device, nil, $0, $1) }
        return properties.contains { $0.name == swapchainExtension }
    }

    /// The first queue family of `device` that can clear images and present to `surface`.
    private static func presentingQueueFamily(of device: VkPhysicalDevice, surface: VkSurfaceKHR)
        throws(VulkanError) -> UInt32?
    {
        let families = vulkanElements(blank: VkQueueFamilyProperties()) {
            vkGetPhysicalDeviceQueueFamilyProperties(device, $0, $1)
        }
        for (index, family) in families.enumerated() where family.queueFlags & clearingQueueFlags != 0 {
            var supported: VkBool32 = 0
            try vkGetPhysicalDeviceSurfaceSupportKHR(device, UInt32(index), surface, &supported)
                .check("vkGetPhysicalDeviceSurfaceSupportKHR")
            if supported != 0 { return UInt32(index) }
        }
        return nil
    }
}
