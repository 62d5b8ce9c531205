// A blocked thread's stack, walked from outside it: libunwind's remote interface over this
// process's own memory and unwind tables, starting from the registers the kernel shows.
#define _GNU_SOURCE
#include "CBlockedStack.h"

#include <errno.h>
#include <libunwind.h>
#include <link.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

// How far above a frame's stack pointer its frame-pointer record may lie (its locals in between).
#define FC_FRAME_SEARCH_BYTES (64 * 1024)
// The furthest a caller's frame record may lie above its callee's.
#define FC_FRAME_LINK_MAX_BYTES (1024 * 1024)
// Frames whose call frame could not be found from the unwind tables, each found on the stack.
#define FC_MAX_FRAME_SEARCHES 16
// Swift marks an async frame's saved frame pointer with bit 60.
#define FC_ASYNC_FRAME_BIT (1ULL << 60)
// The loaded segments remembered for a walk.
#define FC_MAX_SEGMENTS 2048

// A loaded image's segment: read in place (the unwind tables, code), where the stack is read
// through process_vm_readv.
struct fc_segment {
    uint64_t start, end;
    bool executable;
};

struct fc_registers {
    unw_word_t pc, sp, bp;
};

static pthread_mutex_t unwind_lock = PTHREAD_MUTEX_INITIALIZER;
static unw_addr_space_t address_space;
static uint8_t frame_search_window[FC_FRAME_SEARCH_BYTES];
static struct fc_segment segments[FC_MAX_SEGMENTS];
static int segment_count;

static int remember_segments(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    for (int index = 0; index < info->dlpi_phnum && segment_count < FC_MAX_SEGMENTS; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_R)) continue;
        uint64_t start = info->dlpi_addr + header->p_vaddr;
        segments[segment_count++] = (struct fc_segment){start, start + header->p_memsz, (header->p_flags & PF_X) != 0};
    }
    return 0;
}

// The loaded segment holding [address, address + length), or NULL.
static const struct fc_segment *segment_holding(uint64_t address, size_t length) {
    for (int index = 0; index < segment_count; index++) {
        if (address >= segments[index].start && address + length <= segments[index].end) return &segments[index];
    }
    return NULL;
}

// Reads `length` bytes at `address` of this process; false where any is not mapped. A loaded
// image is read in place (images stay loaded: Swift programs do not unload them); anything else,
// the stack above all, through the kernel, so that a stale address fails instead of faulting.
static bool read_memory(uint64_t address, void *into, size_t length) {
    if (segment_holding(address, length)) {
        memcpy(into, (const void *)(uintptr_t)address, length);
        return true;
    }
    struct iovec local = {into, length};
    struct iovec remote = {(void *)(uintptr_t)address, length};
    return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)length;
}

static int access_memory(unw_addr_space_t space, unw_word_t address, unw_word_t *value, int write, void *arg) {
    (void)space;
    (void)arg;
    if (write) return -UNW_EREADONLYREG;
    return read_memory(address, value, sizeof *value) ? 0 : -UNW_EINVAL;
}

static int access_register(unw_addr_space_t space, unw_regnum_t reg, unw_word_t *value, int write, void *arg) {
    (void)space;
    const struct fc_registers *registers = arg;
    if (write) return -UNW_EREADONLYREG;
    switch (reg) {
    case UNW_X86_64_RIP: *value = registers->pc; return 0;
    case UNW_X86_64_RSP: *value = registers->sp; return 0;
    case UNW_X86_64_RBP: *value = registers->bp; return 0;
    // Callee-saved registers the kernel does not show: unknown, and no call frame is found from them.
    default: *value = 0; return 0;
    }
}

static int access_fp_register(unw_addr_space_t space, unw_regnum_t reg, unw_fpreg_t *value, int write, void *arg) {
    (void)space;
    (void)reg;
    (void)value;
    (void)write;
    (void)arg;
    return -UNW_EBADREG;
}

static int resume(unw_addr_space_t space, unw_cursor_t *cursor, void *arg) {
    (void)space;
    (void)cursor;
    (void)arg;
    return -UNW_EINVAL;
}

static void make_address_space(void) {
    unw_accessors_t accessors = *unw_get_accessors(unw_local_addr_space);
    accessors.access_mem = access_memory;
    accessors.access_reg = access_register;
    accessors.access_fpreg = access_fp_register;
    accessors.resume = resume;
    accessors.get_proc_name = NULL;
    address_space = unw_create_addr_space(&accessors, 0);
    if (address_space) unw_set_caching_policy(address_space, UNW_CACHE_GLOBAL);
}

// Whether `address` follows a call instruction in a loaded image: a return address.
static bool is_return_address(uint64_t address) {
    const struct fc_segment *segment = address < 8 ? NULL : segment_holding(address - 8, 8);
    if (segment == NULL || !segment->executable) return false;
    uint8_t code[8];
    memcpy(code, (const void *)(uintptr_t)(address - 8), sizeof code);
    if (code[3] == 0xE8) return true;  // call rel32
    // call r/m64 (FF /2) with a ModRM byte, a SIB byte or displacement of 0 to 5 bytes after it.
    for (int length = 2; length <= 7; length++) {
        if (code[8 - length] == 0xFF && (code[9 - length] & 0x38) == 0x10) return true;
    }
    return false;
}

// The frame pointer of the frame whose stack pointer is `sp`: the lowest address at or above it
// holding a frame record (a saved frame pointer, then a return address) that links to another
// record, or ends the chain.
static bool find_frame_record(uint64_t sp, uint64_t *frame_pointer) {
    sp &= ~(uint64_t)7;
    struct iovec local = {frame_search_window, sizeof frame_search_window};
    struct iovec remote = {(void *)(uintptr_t)sp, sizeof frame_search_window};
    ssize_t got = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
    if (got < 16) return false;
    const uint64_t *words = (const uint64_t *)frame_search_window;
    size_t count = (size_t)got / 8;
    for (size_t index = 0; index + 1 < count; index++) {
        uint64_t record = sp + index * 8;
        if (!is_return_address(words[index + 1])) continue;
        uint64_t caller = words[index] & ~FC_ASYNC_FRAME_BIT;
        if (caller == 0) {
            *frame_pointer = record;
            return true;
        }
        if (caller <= record || caller - record > FC_FRAME_LINK_MAX_BYTES) continue;
        uint64_t callers_return;
        if (!read_memory(caller + 8, &callers_return, sizeof callers_return)) continue;
        if (!is_return_address(callers_return)) continue;
        *frame_pointer = record;
        return true;
    }
    return false;
}

static int unwind_locked(uint64_t pc, uint64_t sp, void **frames, int capacity) {
    struct fc_registers registers = {pc, sp, 0};
    unw_cursor_t cursor;
    if (unw_init_remote(&cursor, address_space, &registers) != 0) return -EINVAL;
    int count = 0;
    frames[count++] = (void *)(uintptr_t)pc;
    int searches = 0;
    // The frame the cursor is on: a failed step may leave the cursor changed.
    unw_word_t frame_pc = pc, frame_sp = sp;
    while (count < capacity) {
        int stepped = unw_step(&cursor);
        if (stepped == 0) break;
        if (stepped < 0) {
            // The frame's call frame needs a register the kernel does not show (the frame pointer):
            // find its frame record on the stack and walk on from there.
            uint64_t frame_pointer;
            if (searches++ == FC_MAX_FRAME_SEARCHES || !find_frame_record(frame_sp, &frame_pointer)) break;
            // A caller's pc is a return address: the call it follows is what belongs to the frame.
            registers.pc = count > 1 ? frame_pc - 1 : frame_pc;
            registers.sp = frame_sp;
            registers.bp = frame_pointer;
            if (unw_init_remote(&cursor, address_space, &registers) != 0) break;
            continue;
        }
        unw_word_t next_pc, next_sp;
        if (unw_get_reg(&cursor, UNW_REG_IP, &next_pc) != 0 || unw_get_reg(&cursor, UNW_REG_SP, &next_sp) != 0)
            break;
        // The stack grows down: a caller's frame lies above its callee's.
        if (next_pc == 0 || next_sp < frame_sp) break;
        frame_pc = next_pc;
        frame_sp = next_sp;
        frames[count++] = (void *)(uintptr_t)frame_pc;
    }
    return count;
}

int fc_unwind_blocked_thread(uint64_t pc, uint64_t sp, void **frames, int capacity) {
    if (capacity < 1 || pc == 0 || sp == 0) return -EINVAL;
    pthread_mutex_lock(&unwind_lock);
    if (address_space == NULL) make_address_space();
    segment_count = 0;
    dl_iterate_phdr(remember_segments, NULL);
    int result = address_space ? unwind_locked(pc, sp, frames, capacity) : -ENOMEM;
    pthread_mutex_unlock(&unwind_lock);
    return result;
}

/* The calling thread's id, asked of the kernel once per thread: a dispatching thread marks itself on
 * every frame. A child of fork starts with its parent's cache, so fork clears it. */
static __thread int cached_thread_id;
static pthread_once_t fork_handler_once = PTHREAD_ONCE_INIT;

static void forget_thread_id(void) { cached_thread_id = 0; }

static void install_fork_handler(void) { pthread_atfork(NULL, NULL, forget_thread_id); }

int fc_current_thread_id(void) {
    if (cached_thread_id == 0) {
        pthread_once(&fork_handler_once, install_fork_handler);
        cached_thread_id = (int)syscall(SYS_gettid);
    }
    return cached_thread_id;
}
