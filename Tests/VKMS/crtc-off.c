/* vkms-crtc-off: turns a CRTC off from another process, as a compositor or a user switching
 * consoles would. Built by run-vkms-tests.sh with gcc and libdrm; used by the integration tests.
 * Usage: vkms-crtc-off [DEVICE [CRTC_ID]]  (default /dev/dri/card0, the first CRTC).
 * Prints "begin_ns=<CLOCK_MONOTONIC ns>" just before the call that turns the CRTC off and
 * "off_ns=<CLOCK_MONOTONIC ns>" once it returned: the kernel stops the vblanks between the two (a
 * blocking commit can take frames under emulation).
 * Exit status: 0, or the errno of the call that failed. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "/dev/dri/card0";
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        int code = errno;
        fprintf(stderr, "vkms-crtc-off: open %s: %s\n", path, strerror(code));
        return code;
    }
    if (!drmIsMaster(fd) && drmSetMaster(fd) != 0) {
        int code = errno;
        fprintf(stderr, "vkms-crtc-off: drmSetMaster: %s\n", strerror(code));
        return code;
    }
    uint32_t crtc = 0;
    if (argc > 2) {
        crtc = (uint32_t)strtoul(argv[2], NULL, 10);
    } else {
        drmModeResPtr res = drmModeGetResources(fd);
        if (!res || res->count_crtcs < 1) {
            fprintf(stderr, "vkms-crtc-off: no CRTC\n");
            return ENODEV;
        }
        crtc = res->crtcs[0];
        drmModeFreeResources(res);
    }
    struct timespec begin;
    clock_gettime(CLOCK_MONOTONIC, &begin);
    int result = drmModeSetCrtc(fd, crtc, 0, 0, 0, NULL, 0, NULL);
    if (result != 0) {
        int code = result < 0 ? -result : errno;
        fprintf(stderr, "vkms-crtc-off: drmModeSetCrtc(%u, off): %s\n", crtc, strerror(code));
        return code;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    printf("begin_ns=%lld\n", (long long)begin.tv_sec * 1000000000LL + begin.tv_nsec);
    printf("off_ns=%lld\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    fprintf(stderr, "vkms-crtc-off: CRTC %u turned off by pid %d\n", crtc, (int)getpid());
    drmDropMaster(fd);
    close(fd);
    return 0;
}
