// Vulkan with its Wayland surface extension (vkCreateWaylandSurfaceKHR and its structure).
#define VK_USE_PLATFORM_WAYLAND_KHR
#include <vulkan/vulkan.h>
