// What Swift cannot import from libdrm and the kernel's DRM uapi: function-like and compound macros
// (DRM_IOCTL_*, struct sizes, ...). Values are taken from the headers, never retyped.
#ifndef FRAMECLOCK_CDRMSHIMS_H
#define FRAMECLOCK_CDRMSHIMS_H

#include <stdint.h>
#include <xf86drm.h>

/// sizeof(struct drm_event): the header of every record read from a DRM fd.
static const uint32_t fc_drm_event_header_size = (uint32_t)sizeof(struct drm_event);
/// sizeof(struct drm_event_vblank): DRM_EVENT_VBLANK and DRM_EVENT_FLIP_COMPLETE records.
static const uint32_t fc_drm_event_vblank_size = (uint32_t)sizeof(struct drm_event_vblank);
/// sizeof(struct drm_event_crtc_sequence): DRM_EVENT_CRTC_SEQUENCE records.
static const uint32_t fc_drm_event_crtc_sequence_size = (uint32_t)sizeof(struct drm_event_crtc_sequence);

/// DRM_IOCTL_VERSION with empty buffers: 0 on a DRM device, -1 with errno otherwise (ENOTTY for a
/// file that is not one).
int fc_drm_probe(int fd);

/// drmWaitVBlank's request type for the CRTC at `pipe` (its index in the resources): relative or
/// absolute, with DRM_VBLANK_EVENT and DRM_VBLANK_NEXTONMISS as asked.
uint32_t fc_drm_vblank_type(uint32_t pipe, int relative, int event, int next_on_miss);

/// drmWaitVBlank: returns 0 and fills the reply (sequence, seconds, microseconds), or -1 with errno.
int fc_drm_wait_vblank(int fd, uint32_t type, uint32_t sequence, uint64_t user_data,
                       uint32_t *reply_sequence, int64_t *reply_seconds, int64_t *reply_microseconds);

/// drmModeSetCrtc turning the CRTC off (no framebuffer, no connectors, no mode).
int fc_drm_crtc_off(int fd, uint32_t crtc_id);

#endif
