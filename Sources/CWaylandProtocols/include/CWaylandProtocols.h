// What the Swift module `Wayland` needs beside libwayland-client itself:
// - interface descriptions (struct wl_interface) for the protocol extensions it speaks
//   (stable/xdg-shell, stable/presentation-time, unstable/input-timestamps, staging/commit-timing,
//   staging/fifo): wayland-scanner's
//   output for wayland-protocols' XML, checked in (include/*-client-protocol.h, generated/*-protocol.c) and checked against a fresh
//   run by Tests/Wayland/check-generated-protocols.sh;
// - the addresses of all interface descriptions, core ones included (Swift would copy an imported
//   `const struct`, and libwayland compares interfaces by address first);
// (the Linux calls it makes are the SystemCalls target's, over CLinuxShims).
#ifndef CWAYLAND_PROTOCOLS_H
#define CWAYLAND_PROTOCOLS_H

#include <stdint.h>
#include <wayland-client-core.h>
#include <wayland-client-protocol.h>

// The generated tables' symbols get a cwl_ prefix, here and in xdg-shell.c, presentation-time.c
// and input-timestamps.c (which compile the generated code after this header), so that they cannot
// clash with a program's own generated tables linked into the same executable; the interface names
// inside ("xdg_wm_base", ...) are the protocol's.
#define xdg_wm_base_interface cwl_xdg_wm_base_interface
#define xdg_positioner_interface cwl_xdg_positioner_interface
#define xdg_surface_interface cwl_xdg_surface_interface
#define xdg_toplevel_interface cwl_xdg_toplevel_interface
#define xdg_popup_interface cwl_xdg_popup_interface
#define wp_presentation_interface cwl_wp_presentation_interface
#define wp_presentation_feedback_interface cwl_wp_presentation_feedback_interface
#define zwp_input_timestamps_manager_v1_interface cwl_zwp_input_timestamps_manager_v1_interface
#define zwp_input_timestamps_v1_interface cwl_zwp_input_timestamps_v1_interface
#define wp_commit_timing_manager_v1_interface cwl_wp_commit_timing_manager_v1_interface
#define wp_commit_timer_v1_interface cwl_wp_commit_timer_v1_interface
#define wp_fifo_manager_v1_interface cwl_wp_fifo_manager_v1_interface
#define wp_fifo_v1_interface cwl_wp_fifo_v1_interface

// xdg-shell, version 5: the window manager base, the xdg_surface role and the toplevel (the
// positioner and the popup are described too; this module creates neither).
#include "xdg-shell-client-protocol.h"
// presentation-time, version 1: the presentation global and its per-commit feedback.
#include "presentation-time-client-protocol.h"
// input-timestamps (unstable), version 1: nanosecond times for the seat's input events.
#include "input-timestamps-unstable-v1-client-protocol.h"
// commit-timing (staging), version 1: a commit's content shown no sooner than a time.
#include "commit-timing-v1-client-protocol.h"
// fifo (staging), version 1: a commit's content applied no sooner than the refresh after the last.
#include "fifo-v1-client-protocol.h"

#pragma clang assume_nonnull begin

// The addresses of the interface descriptions.
static inline const struct wl_interface *cwl_interface_wl_registry(void) { return &wl_registry_interface; }
static inline const struct wl_interface *cwl_interface_wl_callback(void) { return &wl_callback_interface; }
static inline const struct wl_interface *cwl_interface_wl_compositor(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *cwl_interface_wl_surface(void) { return &wl_surface_interface; }
static inline const struct wl_interface *cwl_interface_wl_shm(void) { return &wl_shm_interface; }
static inline const struct wl_interface *cwl_interface_wl_shm_pool(void) { return &wl_shm_pool_interface; }
static inline const struct wl_interface *cwl_interface_wl_buffer(void) { return &wl_buffer_interface; }
static inline const struct wl_interface *cwl_interface_wl_output(void) { return &wl_output_interface; }
static inline const struct wl_interface *cwl_interface_wl_seat(void) { return &wl_seat_interface; }
static inline const struct wl_interface *cwl_interface_wl_pointer(void) { return &wl_pointer_interface; }
static inline const struct wl_interface *cwl_interface_wl_keyboard(void) { return &wl_keyboard_interface; }
static inline const struct wl_interface *cwl_interface_wl_touch(void) { return &wl_touch_interface; }
static inline const struct wl_interface *cwl_interface_xdg_wm_base(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *cwl_interface_xdg_surface(void) { return &xdg_surface_interface; }
static inline const struct wl_interface *cwl_interface_xdg_toplevel(void) { return &xdg_toplevel_interface; }
static inline const struct wl_interface *cwl_interface_wp_presentation(void) { return &wp_presentation_interface; }
static inline const struct wl_interface *cwl_interface_wp_presentation_feedback(void) {
    return &wp_presentation_feedback_interface;
}
static inline const struct wl_interface *cwl_interface_zwp_input_timestamps_manager_v1(void) {
    return &zwp_input_timestamps_manager_v1_interface;
}
static inline const struct wl_interface *cwl_interface_zwp_input_timestamps_v1(void) {
    return &zwp_input_timestamps_v1_interface;
}

static inline const struct wl_interface *cwl_interface_wl_subcompositor(void) { return &wl_subcompositor_interface; }
static inline const struct wl_interface *cwl_interface_wl_subsurface(void) { return &wl_subsurface_interface; }
static inline const struct wl_interface *cwl_interface_wp_commit_timing_manager_v1(void) {
    return &wp_commit_timing_manager_v1_interface;
}
static inline const struct wl_interface *cwl_interface_wp_commit_timer_v1(void) { return &wp_commit_timer_v1_interface; }
static inline const struct wl_interface *cwl_interface_wp_fifo_manager_v1(void) { return &wp_fifo_manager_v1_interface; }
static inline const struct wl_interface *cwl_interface_wp_fifo_v1(void) { return &wp_fifo_v1_interface; }

/// The flag that makes wl_proxy_marshal_array_flags destroy the proxy after sending (a destructor).
static inline uint32_t cwl_marshal_flag_destroy(void) { return WL_MARSHAL_FLAG_DESTROY; }

#pragma clang assume_nonnull end

#endif
