// A weston 10 module that adds a seat with a pointer and a touch screen and feeds them the events
// written, one command a line, to the FIFO named by $FRAMECLOCK_INPUT_FIFO. Times are CLOCK_MONOTONIC
// nanoseconds; positions are in the surface-local coordinates of the target view.
//
//   target <width> <height>              the topmost view whose surface has that size
//   motion <ns> <x> <y>                  absolute pointer motion, then a pointer frame
//   button <ns> <code> <1|0>             a press or a release, then a pointer frame
//   touch-down <ns> <id> <x> <y>         then a touch frame; touch-motion the same
//   touch-up <ns> <id>                   then a touch frame
//   release-pointer, release-touch       the seat loses that capability (mid-gesture if you like)
//
// Built by the test that loads it: cc -shared -fPIC $(pkg-config --cflags --libs libweston-10).
// libweston exports the notify_* entry points but its backend.h, which declares them, is not
// packaged: the weston 10 prototypes of those and of the seat calls are declared here.

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server.h>
#include <libweston/libweston.h>

#define COMMAND_CAPACITY 4096

void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time, double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time, int32_t button,
                   enum wl_pointer_button_state state);
void notify_pointer_frame(struct weston_seat *seat);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time, int touch_id,
                             double x, double y, const struct weston_point2d_device_normalized *norm,
                             int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *compositor, const char *name);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_pointer(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);
struct weston_touch_device *weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
                                                             void *backend_data,
                                                             const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);

struct injector {
    struct weston_compositor *compositor;
    struct weston_seat seat;
    struct weston_touch_device *touch_device;
    int fifo;
    char pending[COMMAND_CAPACITY];
    size_t pending_length;
    int target_width, target_height;
};

static struct timespec timespec_from_ns(long long ns) {
    struct timespec time = {.tv_sec = ns / 1000000000LL, .tv_nsec = ns % 1000000000LL};
    return time;
}

// The topmost view of a surface of the target size (the view list runs top to bottom).
static struct weston_view *target_view(struct injector *injector) {
    struct weston_view *view;
    wl_list_for_each(view, &injector->compositor->view_list, link) {
        if (view->surface->width == injector->target_width && view->surface->height == injector->target_height)
            return view;
    }
    return NULL;
}

// Surface-local x, y to global coordinates; false when no view has the target size.
static int to_global(struct injector *injector, double x, double y, double *gx, double *gy) {
    struct weston_view *view = target_view(injector);
    if (!view) {
        weston_log("input injector: no view of %dx%d\n", injector->target_width, injector->target_height);
        return 0;
    }
    float fx, fy;
    weston_view_to_global_float(view, (float)x, (float)y, &fx, &fy);
    *gx = fx;
    *gy = fy;
    return 1;
}

static void touch(struct injector *injector, long long ns, int id, double x, double y, int type) {
    if (!injector->touch_device) return;
    struct timespec time = timespec_from_ns(ns);
    double gx = 0, gy = 0;
    if (type != WL_TOUCH_UP && !to_global(injector, x, y, &gx, &gy)) return;
    notify_touch_normalized(injector->touch_device, &time, id, gx, gy, NULL, type);
    notify_touch_frame(injector->touch_device);
}

static void run_command(struct injector *injector, const char *line) {
    long long ns;
    double x, y;
    int a, b;
    struct timespec time;
    if (sscanf(line, "target %d %d", &a, &b) == 2) {
        injector->target_width = a;
        injector->target_height = b;
    } else if (sscanf(line, "motion %lld %lf %lf", &ns, &x, &y) == 3) {
        double gx, gy;
        if (!injector->seat.pointer_state || !to_global(injector, x, y, &gx, &gy)) return;
        time = timespec_from_ns(ns);
        notify_motion_absolute(&injector->seat, &time, gx, gy);
        notify_pointer_frame(&injector->seat);
    } else if (sscanf(line, "button %lld %d %d", &ns, &a, &b) == 3) {
        if (!injector->seat.pointer_state) return;
        time = timespec_from_ns(ns);
        notify_button(&injector->seat, &time, a,
                      b ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        notify_pointer_frame(&injector->seat);
    } else if (sscanf(line, "touch-down %lld %d %lf %lf", &ns, &a, &x, &y) == 4) {
        touch(injector, ns, a, x, y, WL_TOUCH_DOWN);
    } else if (sscanf(line, "touch-motion %lld %d %lf %lf", &ns, &a, &x, &y) == 4) {
        touch(injector, ns, a, x, y, WL_TOUCH_MOTION);
    } else if (sscanf(line, "touch-up %lld %d", &ns, &a) == 2) {
        touch(injector, ns, a, 0, 0, WL_TOUCH_UP);
    } else if (strncmp(line, "release-pointer", 15) == 0) {
        if (injector->seat.pointer_state) weston_seat_release_pointer(&injector->seat);
    } else if (strncmp(line, "release-touch", 13) == 0) {
        if (injector->touch_device) {
            weston_touch_device_destroy(injector->touch_device);
            injector->touch_device = NULL;
            weston_seat_release_touch(&injector->seat);
        }
    } else {
        weston_log("input injector: unknown command '%s'\n", line);
    }
}

// Runs each complete line read from the FIFO; a partial line waits for the rest.
static int fifo_readable(int fd, uint32_t mask, void *data) {
    struct injector *injector = data;
    (void)mask;
    for (;;) {
        ssize_t got = read(fd, injector->pending + injector->pending_length,
                           COMMAND_CAPACITY - 1 - injector->pending_length);
        if (got <= 0) break;
        injector->pending_length += (size_t)got;
        injector->pending[injector->pending_length] = '\0';
        char *start = injector->pending, *end;
        while ((end = strchr(start, '\n'))) {
            *end = '\0';
            run_command(injector, start);
            start = end + 1;
        }
        injector->pending_length -= (size_t)(start - injector->pending);
        memmove(injector->pending, start, injector->pending_length);
        if (injector->pending_length == COMMAND_CAPACITY - 1) injector->pending_length = 0;  // no newline: drop
    }
    return 0;
}

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]) {
    (void)argc;
    (void)argv;
    const char *path = getenv("FRAMECLOCK_INPUT_FIFO");
    if (!path) {
        weston_log("input injector: FRAMECLOCK_INPUT_FIFO is not set\n");
        return -1;
    }
    struct injector *injector = calloc(1, sizeof *injector);
    if (!injector) return -1;
    injector->compositor = compositor;
    // Read and write, so that a writer closing never makes the FIFO read as ended.
    injector->fifo = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (injector->fifo < 0) {
        weston_log("input injector: cannot open %s: %s\n", path, strerror(errno));
        free(injector);
        return -1;
    }
    weston_seat_init(&injector->seat, compositor, "injected");
    weston_seat_init_pointer(&injector->seat);
    weston_seat_init_touch(&injector->seat);
    injector->touch_device =
        weston_touch_create_touch_device(injector->seat.touch_state, "/injected/touch", NULL, NULL);
    wl_event_loop_add_fd(wl_display_get_event_loop(compositor->wl_display), injector->fifo, WL_EVENT_READABLE,
                         fifo_readable, injector);
    weston_log("input injector: reading %s\n", path);
    return 0;
}
