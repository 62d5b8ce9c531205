// A malloc counter to preload (LD_PRELOAD) into a test run: every allocation made by a thread
// increments that thread's count, which fc_malloc_calls_on_this_thread() returns. The tests in
// Tests/FaultInjectionTests/AllocationTests.swift look the function up and count the allocations
// of a per-frame path; without this library they are skipped. Built and used by
// run-allocation-check.sh. glibc only (it forwards to glibc's __libc_* entry points).
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread uint64_t calls;

uint64_t fc_malloc_calls_on_this_thread(void) { return calls; }

void *malloc(size_t size) {
    calls++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    calls++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    calls++;
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    calls++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    calls++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    calls++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
