#include "CXCBShims.h"

#include <string.h>

xcb_extension_t *fc_xcb_present_extension(void) { return &xcb_present_id; }

uint32_t fc_xcb_present_decode(const xcb_generic_event_t *event, struct fc_present_event *out) {
    memset(out, 0, sizeof *out);
    if ((event->response_type & 0x7f) != XCB_GE_GENERIC) return fc_present_event_other;
    const xcb_present_generic_event_t *generic = (const xcb_present_generic_event_t *)event;
    switch (generic->evtype) {
    case XCB_PRESENT_COMPLETE_NOTIFY: {
        const xcb_present_complete_notify_event_t *complete = (const xcb_present_complete_notify_event_t *)event;
        out->type = fc_present_event_complete;
        out->kind = complete->kind;
        out->mode = complete->mode;
        out->window = complete->window;
        out->serial = complete->serial;
        out->ust = complete->ust;
        out->msc = complete->msc;
        return out->type;
    }
    case XCB_PRESENT_CONFIGURE_NOTIFY: {
        const xcb_present_configure_notify_event_t *configure = (const xcb_present_configure_notify_event_t *)event;
        out->type = fc_present_event_configure;
        out->window = configure->window;
        out->x = configure->x;
        out->y = configure->y;
        out->width = configure->width;
        out->height = configure->height;
        return out->type;
    }
    case XCB_PRESENT_IDLE_NOTIFY: {
        const xcb_present_idle_notify_event_t *idle = (const xcb_present_idle_notify_event_t *)event;
        out->type = fc_present_event_idle;
        out->window = idle->window;
        out->serial = idle->serial;
        return out->type;
    }
    default:
        return fc_present_event_other;
    }
}
