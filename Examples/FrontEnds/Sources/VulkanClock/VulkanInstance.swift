import CVulkan
import Wayland

/// A Vulkan instance with the Wayland surface extensions, and the surface it made on a window.
final class VulkanInstance {
    /// The instance, with ``requiredExtensions`` enabled.
    let instance: VkInstance
    /// The surface on the window's `wl_surface`.
    let surface: VkSurfaceKHR

    /// The instance extensions a Wayland window's surface needs.
    static let requiredExtensions = ["VK_KHR_surface", "VK_KHR_wayland_surface"]
    /// Vulkan 1.0: everything used here is core 1.0 or an extension.
    private static let apiVersion: UInt32 = 1 << 22

    /// Makes the instance and a surface on `window` (its `wl_display` and `wl_surface`).
    ///
    /// - Throws: ``VulkanError/noDriver(_:)`` without a Vulkan driver,
    ///   ``VulkanError/missingInstanceExtension(_:)``, or the failed call.
    init(window: WaylandWindow) throws(VulkanError) {
        let offered = try Self.instanceExtensions()
        if let missing = Self.requiredExtensions.first(where: { !offered.contains($0) }) {
            // The loader offers some extensions of its own: a bare instance tells whether a driver is there.
            let (bare, result) = Self.makeInstance(extensions: [])
            guard let bare else { throw .noDriver(result) }
            vkDestroyInstance(bare, nil)
            throw .missingInstanceExtension(missing)
        }
        let (full, result) = Self.makeInstance(extensions: Self.requiredExtensions)
        guard let created = full else {
            throw result == VK_ERROR_EXTENSION_NOT_PRESENT
                ? .missingInstanceExtension(Self.requiredExtensions.joined(separator: " or "))
                : .noDriver(result)
        }
        var info = VkWaylandSurfaceCreateInfoKHR()
        info.sType = VK_STRUCTURE_TYPE_WAYLAND_SURFACE_CREATE_INFO_KHR
        info.display = OpaquePointer(window.connection.displayPointer)
        info.surface = OpaquePointer(window.surfacePointer)
        var surface: VkSurfaceKHR?
        let made = vkCreateWaylandSurfaceKHR(created, &info, nil, &surface)
        guard made == VK_SUCCESS, let surface else {
            vkDestroyInstance(created, nil)
            throw .callFailed("vkCreateWaylandSurfaceKHR", made)
        }
        instance = created
        self.surface = surface
    }

    deinit {
        vkDestroySurfaceKHR(instance, surface, nil)
        vkDestroyInstance(instance, nil)
    }

    /// A new instance with `extensions`, or nil and why not.
    private static func makeInstance(extensions: [String]) -> (VkInstance?, VkResult) {
        var created: VkInstance?
        let result = "vulkan-clock".withCString { name in
            withCStringArray(extensions) { names in
                var application = VkApplicationInfo()
                application.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO
                application.pApplicationName = name
                application.apiVersion = apiVersion
                return withUnsafePointer(to: application) { application in
                    var info = VkInstanceCreateInfo()
                    info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
                    info.pApplicationInfo = application
                    info.enabledExtensionCount = UInt32(extensions.count)
                    info.ppEnabledExtensionNames = names
                    return vkCreateInstance(&info, nil, &created)
                }
            }
        }
        return (result == VK_SUCCESS ? created : nil, result)
    }

    /// The names of the instance extensions the loader and its drivers offer (none without a driver).
    private static func instanceExtensions() throws(VulkanError) -> Set<String> {
        let properties: [VkExtensionProperties]
        do {
            properties = try vulkanElements(
                "vkEnumerateInstanceExtensionProperties", blank: VkExtensionProperties()
            ) {
                vkEnumerateInstanceExtensionProperties(nil, $0, $1)
            }
        } catch {
            guard case .callFailed(_, let result) = error else { throw error }
            throw .noDriver(result)
        }
        return Set(properties.map(\.name))
    }
}
