// The Linux calls Glibc's Swift module does not export (they are declared under _GNU_SOURCE or in
// headers outside its module map).
#define _GNU_SOURCE
#include "CWaylandProtocols.h"

#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <unistd.h>

int cwl_memfd_create(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

int cwl_eventfd_create(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

int cwl_eventfd_signal(int fd) {
    uint64_t one = 1;
    return write(fd, &one, sizeof one) == (ssize_t)sizeof one ? 0 : -1;
}

int cwl_eventfd_drain(int fd) {
    uint64_t count;
    return read(fd, &count, sizeof count) == (ssize_t)sizeof count ? 0 : -1;
}
