// libxcb, its Present extension and xcbext.h (xcb_poll_for_reply: a reply awaited with a deadline),
// imported into Swift as the CXCB module (pkg-config: xcb, xcb-present).
#ifndef FRAMECLOCK_CXCB_H
#define FRAMECLOCK_CXCB_H

#include <xcb/xcb.h>
#include <xcb/present.h>
#include <xcb/xcbext.h>

#endif
