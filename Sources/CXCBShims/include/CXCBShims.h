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

/// Opens a stream socket to the X server of display `display` on `host` ("" or "unix": this
/// machine's socket, its abstract name first, then the file /tmp/.X11-unix/X<display>; else TCP port
/// 6000 + display), resolving and connecting without blocking past `deadline` (CLOCK_MONOTONIC
/// nanoseconds). Returns the descriptor (non-blocking, close-on-exec), or -errno: -ETIMEDOUT when the
/// deadline passed first.
int fc_xcb_open_socket(const char *host, int display, int64_t deadline);

/// Finds the authorisation for display `display` on the connected socket `fd` in the Xauthority file
/// (`$XAUTHORITY`, else ~/.Xauthority), as libxcb does: a local or loopback peer under this machine's
/// name, another under its address. Fills `auth` with pointers into the entry it returns, which
/// fc_xcb_auth_release frees; NULL (and `auth` empty) when there is none.
void *fc_xcb_find_auth(int fd, int display, xcb_auth_info_t *auth);

/// Frees an entry fc_xcb_find_auth returned (NULL: nothing).
void fc_xcb_auth_release(void *entry);

#endif
