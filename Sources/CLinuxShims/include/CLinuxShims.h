// What Glibc's Swift module does not import: timerfd, eventfd, ppoll, memfd, prctl, scheduling and errno
// names. Thin wrappers, defined out of line in shims.c; all logic is in Swift. The package's one C
// shim for Linux calls: the Swift face of these calls is the SystemCalls target.
#ifndef FRAMECLOCK_CLINUXSHIMS_H
#define FRAMECLOCK_CLINUXSHIMS_H

#include <poll.h>
#include <stddef.h>
#include <stdint.h>

/// timerfd on CLOCK_MONOTONIC, close-on-exec, blocking unless `nonblocking`. Returns -1 and sets errno on failure.
int fc_timerfd_create(int nonblocking);
/// Arms the timer for an absolute CLOCK_MONOTONIC deadline (TFD_TIMER_ABSTIME); 0 disarms it.
int fc_timerfd_set_absolute(int fd, int64_t deadline_ns);

/// eventfd, non-blocking and close-on-exec.
int fc_eventfd_create(void);

/// epoll_create1(EPOLL_CLOEXEC): an epoll instance, itself readable while any descriptor in it is.
int fc_epoll_create(void);
/// Adds `fd` to the epoll instance, watched for readability (level-triggered).
int fc_epoll_add_readable(int epoll_fd, int fd);

/// ppoll(2) with a relative timeout in nanoseconds (a negative one waits without limit) and no
/// signal mask change. Returns the number of descriptors with events, 0 when the time ran out, or -1
/// with errno.
int fc_ppoll(struct pollfd *fds, nfds_t count, int64_t timeout_ns);

/// An anonymous memory file (memfd_create with MFD_CLOEXEC); -1 and errno on failure.
int fc_memfd_create(const char *name);

/// PR_SET_TIMERSLACK for the calling thread, in nanoseconds.
int fc_set_timer_slack_ns(unsigned long ns);
/// PR_GET_TIMERSLACK for the calling thread, in nanoseconds (-1 on failure).
long fc_get_timer_slack_ns(void);
/// SCHED_FIFO at `priority` for the calling thread; returns 0 or an errno value.
int fc_set_fifo_priority(int priority);
/// Names the calling thread (at most 15 characters are kept).
void fc_set_thread_name(const char *name);
/// Spins briefly in a way that is kind to a sibling hyper-thread.
void fc_cpu_relax(void);

/// Installs the handler that takes a thread's stack when asked (a real-time signal); 0 or an errno.
int fc_stack_sampler_install(void);
/// Lets the calling thread take the sampling signal (a thread started from one that blocks signals,
/// such as a dispatch worker, inherits its mask).
void fc_stack_sampler_accept(void);
/// The stack of `thread` (a pthread_t), innermost first: its return addresses in `frames`, at most
/// `capacity`; their count, or -1 when the thread did not answer within `timeout_ns`.
int fc_stack_sample(unsigned long thread, void **frames, int capacity, int64_t timeout_ns);
/// The calling thread's stack, innermost first; the count of addresses.
int fc_stack_of_this_thread(void **frames, int capacity);
/// The name of the function `address` lies in (demangled when it is Swift's) in `buffer` and 1; its
/// image and offset ("libc.so.6+0x1234") and 2 when it has no exported name; 0 when it lies in no
/// image.
int fc_symbol_name(void *address, char *buffer, size_t capacity);

/// The symbolic name of an errno value, such as "EINVAL" (glibc's strerrorname_np), or NULL for a
/// value glibc has no name for.
const char *fc_errno_name(int code);

#endif
