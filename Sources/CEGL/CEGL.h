// EGL on Wayland (wl_egl_window) and OpenGL ES 3: what WaylandEGL and the GLES examples call.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <wayland-egl.h>
