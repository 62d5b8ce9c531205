import CVulkan

#if canImport(Glibc)
    import Glibc
#endif

/// The elements a Vulkan enumeration call returns (`vkEnumerate…`, `vkGet…`): asked once for the
/// count, once for the elements, each element starting as `blank`.
func vulkanElements<Element>(
    _ call: String, blank: Element,
    _ fill: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Element>?) -> VkResult
) throws(VulkanError) -> [Element] {
    var count: UInt32 = 0
    let counted = fill(&count, nil)
    guard counted == VK_SUCCESS || counted == VK_INCOMPLETE else { throw .callFailed(call, counted) }
    var elements = [Element](repeating: blank, count: Int(count))
    let filled = elements.withUnsafeMutableBufferPointer { fill(&count, $0.baseAddress) }
    guard filled == VK_SUCCESS || filled == VK_INCOMPLETE else { throw .callFailed(call, filled) }
    return Array(elements.prefix(Int(count)))
}

/// The elements of a Vulkan query that cannot fail (`vkGetPhysicalDeviceQueueFamilyProperties`).
func vulkanElements<Element>(
    blank: Element, _ fill: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Element>?) -> Void
) -> [Element] {
    var count: UInt32 = 0
    fill(&count, nil)
    var elements = [Element](repeating: blank, count: Int(count))
    elements.withUnsafeMutableBufferPointer { fill(&count, $0.baseAddress) }
    return Array(elements.prefix(Int(count)))
}

/// Calls `body` with the strings as a C array of C strings (an extension list), valid only inside it.
func withCStringArray<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
) -> Result {
    let copies: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
    defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return copies.withUnsafeBufferPointer { body($0.baseAddress) }
}
