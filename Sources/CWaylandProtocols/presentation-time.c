// presentation-time (stable), version 1, described from wayland-protocols'
// stable/presentation-time/presentation-time.xml. Conventions as in xdg-shell.c: index = opcode, one
// signature letter and one types slot per argument.
#include "CWaylandProtocols.h"

#include <stddef.h>

static const struct wl_interface *none[7] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};

static const struct wl_interface *presentation_feedback_types[] = {
    &wl_surface_interface, &cwl_wp_presentation_feedback_interface};

static const struct wl_message presentation_requests[] = {
    {"destroy", "", none},
    {"feedback", "on", presentation_feedback_types},
};

static const struct wl_message presentation_events[] = {
    // clk_id: the clock_gettime clock id of every timestamp in `presented`.
    {"clock_id", "u", none},
};

const struct wl_interface cwl_wp_presentation_interface = {
    "wp_presentation", 1, 2, presentation_requests, 1, presentation_events,
};

static const struct wl_interface *feedback_sync_output_types[] = {&wl_output_interface};

static const struct wl_message feedback_events[] = {
    {"sync_output", "o", feedback_sync_output_types},
    // tv_sec_hi, tv_sec_lo, tv_nsec, refresh, seq_hi, seq_lo, flags.
    {"presented", "uuuuuuu", none},
    {"discarded", "", none},
};

const struct wl_interface cwl_wp_presentation_feedback_interface = {
    "wp_presentation_feedback", 1, 0, NULL, 3, feedback_events,
};
