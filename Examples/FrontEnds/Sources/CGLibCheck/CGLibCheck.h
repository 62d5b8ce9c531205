// What glib-main-loop-check calls in C: the polling workaround it is measured against (a GLib timeout
// that drains the dispatch main queue, as SwiftCrossUI's GTK backend does every 50 ms), and whether a
// block runs on the main thread.
#ifndef GLIB_MAIN_LOOP_CHECK_H
#define GLIB_MAIN_LOOP_CHECK_H

#include <glib.h>
#include <sys/syscall.h>
#include <unistd.h>

void _dispatch_main_queue_callback_4CF(void *_Nullable message);

static inline gboolean check_drain_main_queue(gpointer _Nullable unused) {
    (void)unused;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

// A timeout on the default context that drains the main queue every `interval_ms`; its source id.
static inline guint check_add_polling_drain(guint interval_ms) {
    return g_timeout_add(interval_ms, check_drain_main_queue, NULL);
}

static inline int check_is_main_thread(void) {
    return (pid_t)syscall(SYS_gettid) == getpid();
}

#endif
