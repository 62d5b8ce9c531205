// GLib's public headers, imported into Swift as the CGLib module (pkg-config: glib-2.0), and the two
// libdispatch entry points through which a run loop other than dispatch_main drains the main queue.
#ifndef FRAMECLOCK_CGLIB_H
#define FRAMECLOCK_CGLIB_H

#include <glib.h>
#include <glib-unix.h>
#include <sys/syscall.h>
#include <unistd.h>

// Exported by libdispatch.so (what CoreFoundation's run loop uses on Linux): an eventfd that becomes
// readable when the main queue has work, and the call that drains it (on the main thread only).
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *_Nullable message);

// Whether the calling thread is the process's main thread (its thread id is the process id).
static inline int frameclock_glib_is_main_thread(void) {
    return (pid_t)syscall(SYS_gettid) == getpid();
}

#endif
