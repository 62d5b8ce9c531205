// GLFW 3.3 built for Wayland (Debian's libglfw3-wayland): its window, its OpenGL ES context, and
// the native handles a display link adopts (glfwGetWaylandDisplay, glfwGetWaylandWindow).
#define GLFW_INCLUDE_ES2
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_WAYLAND
#include <GLFW/glfw3native.h>
