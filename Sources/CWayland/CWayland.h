// libwayland-client: the core API (proxies, queues, reading and dispatching events) and the core
// protocol's interface descriptions it exports (wl_compositor_interface, wl_surface_interface, ...).
#include <wayland-client-core.h>
#include <wayland-client-protocol.h>
