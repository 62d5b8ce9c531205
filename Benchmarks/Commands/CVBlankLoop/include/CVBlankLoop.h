// The reference a display link is measured against: the plain libdrm loop people write in C
// (queue the next vblank, poll the descriptor, read the event), nothing else.
#ifndef FRAMECLOCK_CVBLANKLOOP_H
#define FRAMECLOCK_CVBLANKLOOP_H

#include <stdint.h>

/// Waits for `frames` consecutive vblanks of CRTC `crtc_id` on the DRM device at `path`, on the
/// calling thread, and stores for each the lateness at the point where such a loop would call its
/// frame callback: CLOCK_MONOTONIC once the event was read and parsed, minus the kernel's vblank
/// timestamp, in nanoseconds. Uses drmCrtcQueueSequence (absolute
/// next sequence, NEXT_ON_MISS) when `use_wait_vblank` is 0, else drmWaitVBlank with
/// DRM_VBLANK_EVENT. `realtime_priority` > 0 asks for SCHED_FIFO at that priority for the loop
/// (restored after), as the display link's frame thread does. Stores the number of vblanks missed
/// in `*missed`. Returns 0, or an errno value.
int vbl_c_loop(const char *path, uint32_t crtc_id, int crtc_index, int frames, int use_wait_vblank,
               int realtime_priority, int64_t *lateness_ns, uint64_t *missed);

#endif
