import CVulkan

/// A swapchain on the instance's surface, its images (cleared by transfer), and a semaphore per
/// image that its clear signals and its presentation waits on.
final class Swapchain {
    /// The device the swapchain belongs to; it outlives the swapchain.
    let device: VulkanDevice
    /// The swapchain.
    let swapchain: VkSwapchainKHR
    /// Its images, which the presentation engine owns between presents.
    let images: [VkImage]
    /// The present mode it was made in.
    let presentMode: VkPresentModeKHR
    /// The images' width in pixels.
    let width: UInt32
    /// The images' height in pixels.
    let height: UInt32
    /// Signalled by the clear of image i, waited on by its presentation.
    let clearedSemaphores: [VkSemaphore]

    /// The surface's `currentExtent` when the window's size decides the swapchain's.
    private static let extentFollowsSwapchain: UInt32 = 0xFFFF_FFFF
    /// The format asked for first; otherwise the surface's first.
    private static let preferredFormat = VK_FORMAT_B8G8R8A8_UNORM

    /// Makes a swapchain of `width` × `height` (unless the surface decides) in `mode`, or FIFO where
    /// the surface lacks it; replaces `old`, if given.
    ///
    /// - Throws: ``VulkanError/unsupportedSurface(_:)`` when the images cannot be transfer
    ///   destinations, or the failed call.
    init(
        device: VulkanDevice, mode: VkPresentModeKHR, width: Int, height: Int, replacing old: Swapchain? = nil
    ) throws(VulkanError) {
        self.device = device
        let physical = device.physicalDevice
        let surface = device.instance.surface
        var capabilities = VkSurfaceCapabilitiesKHR()
        try vkGetPhysicalDeviceSurfaceCapabilitiesKHR(physical, surface, &capabilities)
            .check("vkGetPhysicalDeviceSurfaceCapabilitiesKHR")
        let usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue
        guard capabilities.supportedUsageFlags & usage != 0 else {
            throw .unsupportedSurface(
                "its images cannot be transfer destinations (VK_IMAGE_USAGE_TRANSFER_DST_BIT)")
        }
        let formats = try vulkanElements("vkGetPhysicalDeviceSurfaceFormatsKHR", blank: VkSurfaceFormatKHR())
        {
            vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, $0, $1)
        }
        guard let format = formats.first(where: { $0.format == Self.preferredFormat }) ?? formats.first else {
            throw .unsupportedSurface("it offers no image format")
        }
        let modes = try vulkanElements(
            "vkGetPhysicalDeviceSurfacePresentModesKHR", blank: VkPresentModeKHR(0)
        ) {
            vkGetPhysicalDeviceSurfacePresentModesKHR(physical, surface, $0, $1)
        }
        presentMode = modes.contains(mode) ? mode : VK_PRESENT_MODE_FIFO_KHR
        if capabilities.currentExtent.width == Self.extentFollowsSwapchain {
            self.width = UInt32(width)
            self.height = UInt32(height)
        } else {
            self.width = capabilities.currentExtent.width
            self.height = capabilities.currentExtent.height
        }
        var imageCount = capabilities.minImageCount + 1
        if capabilities.maxImageCount != 0 { imageCount = min(imageCount, capabilities.maxImageCount) }
        let opaque = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR.rawValue
        var info = VkSwapchainCreateInfoKHR()
        info.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR
        info.surface = surface
        info.minImageCount = imageCount
        info.imageFormat = format.format
        info.imageColorSpace = format.colorSpace
        info.imageExtent = VkExtent2D(width: self.width, height: self.height)
        info.imageArrayLayers = 1
        info.imageUsage = usage
        info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE
        info.preTransform = capabilities.currentTransform
        info.compositeAlpha =
            capabilities.supportedCompositeAlpha & opaque != 0
            ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
            : VkCompositeAlphaFlagBitsKHR(
                capabilities.supportedCompositeAlpha & ~(capabilities.supportedCompositeAlpha - 1))
        info.presentMode = presentMode
        info.clipped = VkBool32(VK_TRUE)
        info.oldSwapchain = old?.swapchain
        var created: VkSwapchainKHR?
        let result = vkCreateSwapchainKHR(device.device, &info, nil, &created)
        guard result == VK_SUCCESS, let created else { throw .callFailed("vkCreateSwapchainKHR", result) }
        swapchain = created
        do throws(VulkanError) {
            images = try vulkanElements("vkGetSwapchainImagesKHR", blank: VkImage?.none) {
                vkGetSwapchainImagesKHR(device.device, created, $0, $1)
            }.compactMap { $0 }
        } catch {
            vkDestroySwapchainKHR(device.device, created, nil)
            throw error
        }
        var semaphores: [VkSemaphore] = []
        for _ in images {
            do throws(VulkanError) {
                semaphores.append(try device.makeSemaphore())
            } catch {
                semaphores.forEach { vkDestroySemaphore(device.device, $0, nil) }
                vkDestroySwapchainKHR(device.device, created, nil)
                throw error
            }
        }
        clearedSemaphores = semaphores
    }

    deinit {
        // Nothing of the swapchain may still be in use when it goes.
        vkDeviceWaitIdle(device.device)
        clearedSemaphores.forEach { vkDestroySemaphore(device.device, $0, nil) }
        vkDestroySwapchainKHR(device.device, swapchain, nil)
    }
}
