#define _GNU_SOURCE
#include "CVBlankLoop.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int request(int fd, uint32_t crtc_id, int crtc_index, int use_wait_vblank, uint64_t sequence) {
    if (!use_wait_vblank) {
        uint64_t queued = 0;
        if (drmCrtcQueueSequence(fd, crtc_id, DRM_CRTC_SEQUENCE_NEXT_ON_MISS, sequence, &queued, 0) != 0)
            return errno;
        return 0;
    }
    drmVBlank vbl;
    memset(&vbl, 0, sizeof vbl);
    uint32_t type = DRM_VBLANK_ABSOLUTE | DRM_VBLANK_EVENT | DRM_VBLANK_NEXTONMISS;
    if (crtc_index == 1) {
        type |= DRM_VBLANK_SECONDARY;
    } else if (crtc_index > 1) {
        type |= ((uint32_t)crtc_index << DRM_VBLANK_HIGH_CRTC_SHIFT) & DRM_VBLANK_HIGH_CRTC_MASK;
    }
    vbl.request.type = (drmVBlankSeqType)type;
    vbl.request.sequence = (unsigned int)sequence;
    if (drmWaitVBlank(fd, &vbl) != 0) return errno;
    return 0;
}

int vbl_c_loop(const char *path, uint32_t crtc_id, int crtc_index, int frames, int use_wait_vblank,
               int realtime_priority, int64_t *lateness_ns, uint64_t *missed) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return errno;

    int old_policy = 0;
    struct sched_param old_param;
    pthread_getschedparam(pthread_self(), &old_policy, &old_param);
    if (realtime_priority > 0) {
        struct sched_param param;
        memset(&param, 0, sizeof param);
        param.sched_priority = realtime_priority;
        pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
    }

    int result = 0;
    uint64_t next = 0;
    if (!use_wait_vblank) {
        uint64_t ns = 0;
        if (drmCrtcGetSequence(fd, crtc_id, &next, &ns) != 0) {
            result = errno;
            goto done;
        }
    } else {
        drmVBlank vbl;
        memset(&vbl, 0, sizeof vbl);
        vbl.request.type = (drmVBlankSeqType)(DRM_VBLANK_RELATIVE |
                                              (crtc_index == 1 ? DRM_VBLANK_SECONDARY : 0));
        if (drmWaitVBlank(fd, &vbl) != 0) {
            result = errno;
            goto done;
        }
        next = vbl.reply.sequence;
    }
    next += 1;
    *missed = 0;

    for (int i = 0; i < frames; i++) {
        result = request(fd, crtc_id, crtc_index, use_wait_vblank, next);
        if (result != 0) goto done;
        for (;;) {
            struct pollfd pfd = {.fd = fd, .events = POLLIN};
            int n = poll(&pfd, 1, 1000);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                result = n == 0 ? ETIMEDOUT : errno;
                goto done;
            }
            char buffer[1024];
            ssize_t length = read(fd, buffer, sizeof buffer);
            if (length < 0) {
                if (errno == EINTR || errno == EAGAIN) continue;
                result = errno;
                goto done;
            }
            int got = 0;
            for (ssize_t offset = 0; offset + (ssize_t)sizeof(struct drm_event) <= length;) {
                struct drm_event header;
                memcpy(&header, buffer + offset, sizeof header);
                if (header.length < sizeof header || offset + header.length > (size_t)length) break;
                uint64_t sequence = 0;
                int64_t stamp = 0;
                if (header.type == DRM_EVENT_CRTC_SEQUENCE && header.length >= sizeof(struct drm_event_crtc_sequence)) {
                    struct drm_event_crtc_sequence event;
                    memcpy(&event, buffer + offset, sizeof event);
                    sequence = event.sequence;
                    stamp = event.time_ns;
                    got = 1;
                } else if (header.type == DRM_EVENT_VBLANK && header.length >= sizeof(struct drm_event_vblank)) {
                    struct drm_event_vblank event;
                    memcpy(&event, buffer + offset, sizeof event);
                    sequence = (next & ~(uint64_t)0xffffffffu) | event.sequence;
                    stamp = (int64_t)event.tv_sec * 1000000000LL + (int64_t)event.tv_usec * 1000;
                    got = 1;
                }
                if (got) {
                    /* Where this loop would call its frame callback: the event read and parsed. */
                    lateness_ns[i] = now_ns() - stamp;
                    if (sequence > next) *missed += sequence - next;
                    next = sequence + 1;
                }
                offset += header.length;
            }
            if (got) break;
        }
    }

done:
    pthread_setschedparam(pthread_self(), old_policy, &old_param);
    close(fd);
    return result;
}
