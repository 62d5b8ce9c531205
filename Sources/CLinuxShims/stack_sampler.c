// Another thread's stack, taken from inside it: a signal sent with pthread_kill runs a handler on
// that thread, which records its return addresses with backtrace(3) and posts a semaphore (both
// async-signal-safe once backtrace's unwinder is loaded, which installing does). Naming the
// addresses (dladdr, and the Swift runtime's demangler) happens on the asking thread.
#define _GNU_SOURCE
#include "CLinuxShims.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The Swift runtime's demangler (libswiftCore, in every Swift program).
extern char *swift_demangle(const char *mangled, size_t length, char *output, size_t *outputSize,
                            uint32_t flags);

#define FC_SAMPLE_CAPACITY 64

static void *sample_frames[FC_SAMPLE_CAPACITY];
// Published with release and read with acquire: the frames written before it are then seen whole
// (and the thread sanitizer, which does not see a signal as an ordering, agrees).
static int sample_count;
static sem_t sample_taken;
static pthread_mutex_t sampler_lock = PTHREAD_MUTEX_INITIALIZER;
static int sampler_signal = -1;

static void take_sample(int signo, siginfo_t *info, void *context) {
    (void)signo;
    (void)info;
    (void)context;
    int saved = errno;
    __atomic_store_n(&sample_count, backtrace(sample_frames, FC_SAMPLE_CAPACITY), __ATOMIC_RELEASE);
    sem_post(&sample_taken);
    errno = saved;
}

int fc_stack_sampler_install(void) {
    pthread_mutex_lock(&sampler_lock);
    if (sampler_signal >= 0) {
        pthread_mutex_unlock(&sampler_lock);
        return 0;
    }
    // backtrace loads its unwinder on first use, which is not safe inside a handler: use it once here.
    void *warm[2];
    backtrace(warm, 2);
    sem_init(&sample_taken, 0, 0);
    int signo = SIGRTMIN + 5;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = take_sample;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(signo, &action, NULL) != 0) {
        int error = errno;
        pthread_mutex_unlock(&sampler_lock);
        return error;
    }
    sampler_signal = signo;
    pthread_mutex_unlock(&sampler_lock);
    return 0;
}

void fc_stack_sampler_accept(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGRTMIN + 5);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int fc_stack_sample(unsigned long thread, void **frames, int capacity, int64_t timeout_ns) {
    if (sampler_signal < 0) return -1;
    pthread_mutex_lock(&sampler_lock);
    while (sem_trywait(&sample_taken) == 0) {
    }
    __atomic_store_n(&sample_count, 0, __ATOMIC_RELAXED);
    if (pthread_kill((pthread_t)thread, sampler_signal) != 0) {
        pthread_mutex_unlock(&sampler_lock);
        return -1;
    }
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_ns / 1000000000LL;
    deadline.tv_nsec += timeout_ns % 1000000000LL;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000L;
    }
    int waited;
    while ((waited = sem_timedwait(&sample_taken, &deadline)) != 0 && errno == EINTR) {
    }
    int count = -1;
    if (waited == 0) {
        int taken = __atomic_load_n(&sample_count, __ATOMIC_ACQUIRE);
        count = taken < capacity ? taken : capacity;
        memcpy(frames, sample_frames, (size_t)count * sizeof(void *));
    }
    pthread_mutex_unlock(&sampler_lock);
    return count;
}

int fc_stack_of_this_thread(void **frames, int capacity) { return backtrace(frames, capacity); }

int fc_symbol_name(void *address, char *buffer, size_t capacity) {
    Dl_info info;
    if (capacity == 0 || dladdr(address, &info) == 0) return 0;
    if (info.dli_sname == NULL) {
        // No exported name: the image and the offset in it, for addr2line.
        const char *image = info.dli_fname ? strrchr(info.dli_fname, '/') : NULL;
        image = image ? image + 1 : (info.dli_fname ? info.dli_fname : "?");
        snprintf(buffer, capacity, "%s+0x%lx", image,
                 (unsigned long)((char *)address - (char *)info.dli_fbase));
        return 2;
    }
    const char *name = info.dli_sname;
    char *demangled = NULL;
    if (strncmp(name, "$s", 2) == 0 || strncmp(name, "_$s", 3) == 0) {
        demangled = swift_demangle(name, strlen(name), NULL, NULL, 0);
    }
    const char *chosen = demangled ? demangled : name;
    strncpy(buffer, chosen, capacity - 1);
    buffer[capacity - 1] = 0;
    free(demangled);
    return 1;
}
