// What Swift cannot take from libxcb as it is: the Present extension's id (a mutable C global), and
// its events, whose C structs are packed (their 64-bit fields unaligned). Values are read from the
// headers' own structs, never retyped.
#ifndef FRAMECLOCK_CXCBSHIMS_H
#define FRAMECLOCK_CXCBSHIMS_H

#include <stdint.h>
#include <xcb/xcb.h>
#include <xcb/present.h>

/// What fc_xcb_present_decode found in an event.
enum fc_present_event_type {
    /// Not a Present event of this connection's (another extension's, or another opcode).
    fc_present_event_other = 0,
    /// PresentCompleteNotify: kind, mode, window, serial, ust, msc are set.
    fc_present_event_complete = 1,
    /// PresentConfigureNotify: window, x, y, width, height are set.
    fc_present_event_configure = 2,
    /// PresentIdleNotify: window, serial are set (serial: the idle pixmap's PresentPixmap serial).
    fc_present_event_idle = 3,
};

/// A Present event, unpacked.
struct fc_present_event {
    uint32_t type;
    uint32_t kind;
    uint32_t mode;
    uint32_t window;
    uint32_t serial;
    uint64_t ust;
    uint64_t msc;
    int32_t x;
    int32_t y;
    uint32_t width;
    uint32_t height;
};

/// &xcb_present_id: what xcb_get_extension_data and xcb_register_for_special_xge take.
xcb_extension_t *fc_xcb_present_extension(void);

/// Unpacks `event` (from the special event queue registered for Present) into `out`; returns its type.
uint32_t fc_xcb_present_decode(const xcb_generic_event_t *event, struct fc_present_event *out);

#endif
