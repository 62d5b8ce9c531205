// xdg-shell (stable), version 5, described from wayland-protocols' stable/xdg-shell/xdg-shell.xml.
// Requests and events are listed in the XML's order: their index is the opcode. A signature has one
// letter per argument (i int, u uint, s string, o object, n new_id, a array; ? nullable) and, for a
// message added after version 1, the version in front. The types array has one slot per argument:
// the interface of an object or new_id argument, NULL for the others. xdg_positioner and xdg_popup
// are not described (this module creates neither): their slots are NULL.
#include "CWaylandProtocols.h"

#include <stddef.h>

static const struct wl_interface *none[4] = {NULL, NULL, NULL, NULL};

static const struct wl_interface *wm_base_get_xdg_surface_types[] = {&cwl_xdg_surface_interface, &wl_surface_interface};

static const struct wl_message wm_base_requests[] = {
    {"destroy", "", none},
    {"create_positioner", "n", none},
    {"get_xdg_surface", "no", wm_base_get_xdg_surface_types},
    {"pong", "u", none},
};

static const struct wl_message wm_base_events[] = {
    {"ping", "u", none},
};

const struct wl_interface cwl_xdg_wm_base_interface = {
    "xdg_wm_base", 5, 4, wm_base_requests, 1, wm_base_events,
};

static const struct wl_interface *surface_get_toplevel_types[] = {&cwl_xdg_toplevel_interface};
static const struct wl_interface *surface_get_popup_types[] = {NULL, &cwl_xdg_surface_interface, NULL};

static const struct wl_message surface_requests[] = {
    {"destroy", "", none},
    {"get_toplevel", "n", surface_get_toplevel_types},
    {"get_popup", "n?oo", surface_get_popup_types},
    {"set_window_geometry", "iiii", none},
    {"ack_configure", "u", none},
};

static const struct wl_message surface_events[] = {
    {"configure", "u", none},
};

const struct wl_interface cwl_xdg_surface_interface = {
    "xdg_surface", 5, 5, surface_requests, 1, surface_events,
};

static const struct wl_interface *toplevel_parent_types[] = {&cwl_xdg_toplevel_interface};
static const struct wl_interface *toplevel_seat_types[] = {&wl_seat_interface, NULL, NULL, NULL};
static const struct wl_interface *toplevel_output_types[] = {&wl_output_interface};

static const struct wl_message toplevel_requests[] = {
    {"destroy", "", none},
    {"set_parent", "?o", toplevel_parent_types},
    {"set_title", "s", none},
    {"set_app_id", "s", none},
    {"show_window_menu", "ouii", toplevel_seat_types},
    {"move", "ou", toplevel_seat_types},
    {"resize", "ouu", toplevel_seat_types},
    {"set_max_size", "ii", none},
    {"set_min_size", "ii", none},
    {"set_maximized", "", none},
    {"unset_maximized", "", none},
    {"set_fullscreen", "?o", toplevel_output_types},
    {"unset_fullscreen", "", none},
    {"set_minimized", "", none},
};

static const struct wl_message toplevel_events[] = {
    {"configure", "iia", none},
    {"close", "", none},
    {"configure_bounds", "4ii", none},
    {"wm_capabilities", "5a", none},
};

const struct wl_interface cwl_xdg_toplevel_interface = {
    "xdg_toplevel", 5, 14, toplevel_requests, 4, toplevel_events,
};
