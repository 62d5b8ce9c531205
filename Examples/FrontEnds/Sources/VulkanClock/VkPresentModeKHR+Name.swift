import CVulkan

extension VkPresentModeKHR {
    /// The mode's name without its prefix: MAILBOX, FIFO, …
    var name: String {
        switch self {
        case VK_PRESENT_MODE_MAILBOX_KHR: "MAILBOX"
        case VK_PRESENT_MODE_FIFO_KHR: "FIFO"
        case VK_PRESENT_MODE_FIFO_RELAXED_KHR: "FIFO_RELAXED"
        case VK_PRESENT_MODE_IMMEDIATE_KHR: "IMMEDIATE"
        default: "present mode \(rawValue)"
        }
    }
}
