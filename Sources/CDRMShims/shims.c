#include "CDRMShims.h"

#include <errno.h>
#include <string.h>
#include <xf86drmMode.h>

int fc_drm_probe(int fd) {
    struct drm_version version;
    memset(&version, 0, sizeof version);
    return drmIoctl(fd, DRM_IOCTL_VERSION, &version);
}

uint32_t fc_drm_vblank_type(uint32_t pipe, int relative, int event, int next_on_miss) {
    uint32_t type = relative ? DRM_VBLANK_RELATIVE : DRM_VBLANK_ABSOLUTE;
    if (event) type |= DRM_VBLANK_EVENT;
    if (next_on_miss) type |= DRM_VBLANK_NEXTONMISS;
    if (pipe == 1) {
        type |= DRM_VBLANK_SECONDARY;
    } else if (pipe > 1) {
        type |= (pipe << DRM_VBLANK_HIGH_CRTC_SHIFT) & _DRM_VBLANK_HIGH_CRTC_MASK;
    }
    return type;
}

int fc_drm_wait_vblank(int fd, uint32_t type, uint32_t sequence, uint64_t user_data,
                       uint32_t *reply_sequence, int64_t *reply_seconds, int64_t *reply_microseconds) {
    drmVBlank vbl;
    memset(&vbl, 0, sizeof vbl);
    vbl.request.type = (drmVBlankSeqType)type;
    vbl.request.sequence = sequence;
    vbl.request.signal = (unsigned long)user_data;
    int result = drmWaitVBlank(fd, &vbl);
    if (result != 0) return -1;
    *reply_sequence = vbl.reply.sequence;
    *reply_seconds = vbl.reply.tval_sec;
    *reply_microseconds = vbl.reply.tval_usec;
    return 0;
}

int fc_drm_crtc_off(int fd, uint32_t crtc_id) {
    return drmModeSetCrtc(fd, crtc_id, 0, 0, 0, NULL, 0, NULL);
}
