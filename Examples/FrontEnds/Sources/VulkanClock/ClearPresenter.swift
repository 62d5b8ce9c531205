import CVulkan
import Wayland

/// Vulkan on a Wayland window, drawn without shaders: each frame acquires a swapchain image, clears
/// it to a colour by `vkCmdClearColorImage`, and presents it, the WSI's `wl_surface.commit` carrying
/// whatever frame callback and presentation feedback were requested on the window's surface before.
///
/// One frame is in flight at a time: a frame waits for the previous clear's fence before it
/// records. Use it from one thread at a time; ``close()`` it before the window and its connection.
final class ClearPresenter: @unchecked Sendable {
    // @unchecked: used from one thread at a time (the link's while frames run, under FrameClearer's lock).

    /// The present mode the swapchain was made in (FIFO where MAILBOX was asked for but missing).
    var presentMode: VkPresentModeKHR { swapchain?.presentMode ?? VK_PRESENT_MODE_FIFO_KHR }

    private var instance: VulkanInstance?
    private var device: VulkanDevice?
    private var swapchain: Swapchain?
    private let window: WaylandWindow
    private let requestedMode: VkPresentModeKHR
    private let commandPool: VkCommandPool
    private let commandBuffer: VkCommandBuffer
    /// Signalled when the previous frame's clear finished: its command buffer may be recorded again.
    private let clearedFence: VkFence
    /// Signalled by the acquire when its image may be written.
    private let acquiredSemaphore: VkSemaphore
    /// Swapchains made in a row without a frame presented; past ``recreationLimit`` it is an error.
    private var recreationsInARow = 0

    /// How long a frame waits for an image or for the previous clear before giving up.
    static let waitLimit: Duration = .seconds(2)
    /// How many times in a row a swapchain out of date is made again before the frame fails.
    private static let recreationLimit = 3
    /// The one mip level and array layer of a swapchain image, its colour aspect.
    private static let wholeImage = VkImageSubresourceRange(
        aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, baseMipLevel: 0, levelCount: 1, baseArrayLayer: 0,
        layerCount: 1)
    /// `VK_QUEUE_FAMILY_IGNORED`: a barrier that transfers no ownership.
    private static let noQueueFamily = UInt32.max

    /// Makes the instance, the surface on `window`, the device and a swapchain in `mode` (FIFO where
    /// the surface lacks it).
    ///
    /// - Throws: What is missing (``VulkanError/noDriver(_:)``,
    ///   ``VulkanError/missingInstanceExtension(_:)``, ``VulkanError/noPresentCapableQueue(devicesSeen:)``,
    ///   ``VulkanError/unsupportedSurface(_:)``) or the call that failed.
    init(window: WaylandWindow, mode: VkPresentModeKHR) throws(VulkanError) {
        self.window = window
        requestedMode = mode
        let instance = try VulkanInstance(window: window)
        let device = try VulkanDevice(instance: instance)
        let swapchain = try Swapchain(device: device, mode: mode, width: window.width, height: window.height)
        var poolInfo = VkCommandPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        poolInfo.queueFamilyIndex = device.queueFamily
        var pool: VkCommandPool?
        try vkCreateCommandPool(device.device, &poolInfo, nil, &pool).check("vkCreateCommandPool")
        guard let pool else { throw .callFailed("vkCreateCommandPool", VK_ERROR_INITIALIZATION_FAILED) }
        var bufferInfo = VkCommandBufferAllocateInfo()
        bufferInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        bufferInfo.commandPool = pool
        bufferInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        bufferInfo.commandBufferCount = 1
        var buffer: VkCommandBuffer?
        var fence: VkFence?
        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        fenceInfo.flags = VK_FENCE_CREATE_SIGNALED_BIT.rawValue
        let allocated = vkAllocateCommandBuffers(device.device, &bufferInfo, &buffer)
        let fenced = vkCreateFence(device.device, &fenceInfo, nil, &fence)
        let semaphore = try? device.makeSemaphore()
        guard allocated == VK_SUCCESS, fenced == VK_SUCCESS, let buffer, let fence, let semaphore else {
            if let fence { vkDestroyFence(device.device, fence, nil) }
            if let semaphore { vkDestroySemaphore(device.device, semaphore, nil) }
            vkDestroyCommandPool(device.device, pool, nil)
            throw .callFailed(
                allocated != VK_SUCCESS ? "vkAllocateCommandBuffers" : "vkCreateFence or vkCreateSemaphore",
                allocated != VK_SUCCESS ? allocated : fenced)
        }
        self.instance = instance
        self.device = device
        self.swapchain = swapchain
        commandPool = pool
        commandBuffer = buffer
        clearedFence = fence
        acquiredSemaphore = semaphore
    }

    deinit {
        close()
    }

    /// Clears the next image to `colour` and presents it, waiting up to `imageWait` for a swapchain
    /// image.
    ///
    /// - Returns: Whether the frame was presented (not when the swapchain was out of date and made
    ///   again first: its requests ride the next frame's commit).
    /// - Throws: ``VulkanError/noFreeImage`` when no image is free and `imageWait` is zero (a frame
    ///   thread does not wait on a compositor that stopped), ``VulkanError/acquireTimedOut(_:)``,
    ///   ``VulkanError/clearTimedOut(_:)``, or the call that failed (`VK_ERROR_SURFACE_LOST_KHR` when
    ///   the compositor is gone).
    @discardableResult
    func clearAndPresent(_ colour: ClockColour, imageWait: Duration = waitLimit) throws(VulkanError) -> Bool {
        guard let device, let swapchain else { throw .callFailed("a closed presenter", VK_ERROR_DEVICE_LOST) }
        var fence: VkFence? = clearedFence
        let waited = vkWaitForFences(
            device.device, 1, &fence, VkBool32(VK_TRUE), Self.waitLimit.vulkanTimeout)
        guard waited != VK_TIMEOUT else { throw .clearTimedOut(Self.waitLimit) }
        try waited.check("vkWaitForFences")
        var index: UInt32 = 0
        let acquired = vkAcquireNextImageKHR(
            device.device, swapchain.swapchain, imageWait.vulkanTimeout, acquiredSemaphore, nil, &index)
        switch acquired {
        case VK_SUCCESS, VK_SUBOPTIMAL_KHR: break
        case VK_ERROR_OUT_OF_DATE_KHR:
            try recreateSwapchain(after: acquired)
            return false
        case VK_TIMEOUT, VK_NOT_READY: throw imageWait == .zero ? .noFreeImage : .acquireTimedOut(imageWait)
        default: throw .callFailed("vkAcquireNextImageKHR", acquired)
        }
        try vkResetFences(device.device, 1, &fence).check("vkResetFences")
        try record(clearing: swapchain.images[Int(index)], to: colour)
        try submit(signalling: swapchain.clearedSemaphores[Int(index)], queue: device.queue)
        let presented = present(index, of: swapchain, queue: device.queue)
        switch presented {
        case VK_SUCCESS, VK_SUBOPTIMAL_KHR:
            if presented == VK_SUBOPTIMAL_KHR || acquired == VK_SUBOPTIMAL_KHR {
                try recreateSwapchain(after: presented)
            }
            recreationsInARow = 0
            return true
        case VK_ERROR_OUT_OF_DATE_KHR:
            try recreateSwapchain(after: presented)
            return false
        default: throw .callFailed("vkQueuePresentKHR", presented)
        }
    }

    /// Waits for the device, then destroys the swapchain, the command pool, the fence, the
    /// semaphore, the device, the surface and the instance. Idempotent.
    func close() {
        guard let device else { return }
        vkDeviceWaitIdle(device.device)
        swapchain = nil
        vkDestroySemaphore(device.device, acquiredSemaphore, nil)
        vkDestroyFence(device.device, clearedFence, nil)
        vkDestroyCommandPool(device.device, commandPool, nil)
        self.device = nil
        instance = nil
    }

    // MARK: Private

    /// Makes the swapchain again after `result` said it no longer fits the surface.
    private func recreateSwapchain(after result: VkResult) throws(VulkanError) {
        guard let device, let old = swapchain else { return }
        recreationsInARow += 1
        guard recreationsInARow <= Self.recreationLimit else {
            throw .callFailed("vkAcquireNextImageKHR", result)
        }
        vkDeviceWaitIdle(device.device)
        swapchain = try Swapchain(
            device: device, mode: requestedMode, width: window.width, height: window.height, replacing: old)
    }

    /// Records the clear of `image`: to a transfer destination, cleared, to presentation.
    private func record(clearing image: VkImage, to colour: ClockColour) throws(VulkanError) {
        guard let device else { return }
        try vkResetCommandPool(device.device, commandPool, 0).check("vkResetCommandPool")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue
        try vkBeginCommandBuffer(commandBuffer, &begin).check("vkBeginCommandBuffer")
        let transfer = VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue
        let write = VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
        var toTransfer = Self.barrier(
            image, from: VK_IMAGE_LAYOUT_UNDEFINED, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL)
        toTransfer.dstAccessMask = write
        vkCmdPipelineBarrier(commandBuffer, transfer, transfer, 0, 0, nil, 0, nil, 1, &toTransfer)
        var clear = VkClearColorValue(float32: (colour.red, colour.green, colour.blue, 1))
        var range = Self.wholeImage
        vkCmdClearColorImage(commandBuffer, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &clear, 1, &range)
        var toPresent = Self.barrier(
            image, from: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, to: VK_IMAGE_LAYOUT_PRESENT_SRC_KHR)
        toPresent.srcAccessMask = write
        vkCmdPipelineBarrier(
            commandBuffer, transfer, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT.rawValue, 0, 0, nil, 0, nil, 1,
            &toPresent)
        try vkEndCommandBuffer(commandBuffer).check("vkEndCommandBuffer")
    }

    /// A layout transition of the whole of `image`, its access masks left for the caller.
    private static func barrier(_ image: VkImage, from old: VkImageLayout, to new: VkImageLayout)
        -> VkImageMemoryBarrier
    {
        var barrier = VkImageMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        barrier.oldLayout = old
        barrier.newLayout = new
        barrier.srcQueueFamilyIndex = noQueueFamily
        barrier.dstQueueFamilyIndex = noQueueFamily
        barrier.image = image
        barrier.subresourceRange = wholeImage
        return barrier
    }

    /// Submits the recorded clear: it waits for the acquire, signals `cleared` and the fence.
    private func submit(signalling cleared: VkSemaphore, queue: VkQueue) throws(VulkanError) {
        var wait: VkSemaphore? = acquiredSemaphore
        var signal: VkSemaphore? = cleared
        var buffer: VkCommandBuffer? = commandBuffer
        var stage = VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue
        var info = VkSubmitInfo()
        info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
        info.waitSemaphoreCount = 1
        info.commandBufferCount = 1
        info.signalSemaphoreCount = 1
        let result = withUnsafePointer(to: &wait) { wait in
            withUnsafePointer(to: &signal) { signal in
                withUnsafePointer(to: &buffer) { buffer in
                    withUnsafePointer(to: &stage) { stage in
                        info.pWaitSemaphores = wait
                        info.pWaitDstStageMask = stage
                        info.pCommandBuffers = buffer
                        info.pSignalSemaphores = signal
                        return vkQueueSubmit(queue, 1, &info, clearedFence)
                    }
                }
            }
        }
        try result.check("vkQueueSubmit")
    }

    /// Presents image `index` of `swapchain` once its clear has signalled: the WSI's commit.
    private func present(_ index: UInt32, of swapchain: Swapchain, queue: VkQueue) -> VkResult {
        var wait: VkSemaphore? = swapchain.clearedSemaphores[Int(index)]
        var chain: VkSwapchainKHR? = swapchain.swapchain
        var image = index
        return withUnsafePointer(to: &wait) { wait in
            withUnsafePointer(to: &chain) { chain in
                withUnsafePointer(to: &image) { image in
                    var info = VkPresentInfoKHR()
                    info.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR
                    info.waitSemaphoreCount = 1
                    info.pWaitSemaphores = wait
                    info.swapchainCount = 1
                    info.pSwapchains = chain
                    info.pImageIndices = image
                    return vkQueuePresentKHR(queue, &info)
                }
            }
        }
    }
}
