#ifndef C_BLOCKED_STACK_H
#define C_BLOCKED_STACK_H

#include <stdint.h>

/// The return addresses of a thread of this process that is blocked in the kernel, innermost first,
/// walked with libunwind's DWARF unwinder from its program counter `pc` and stack pointer `sp` (as
/// /proc/self/task/TID/syscall shows them), without stopping or signalling the thread: its stack is
/// this process's memory, read with process_vm_readv so that a stale address fails instead of
/// faulting. Where a frame's call frame needs the frame pointer, which the kernel does not show, the
/// frame-pointer record is found on the stack (a chain of saved frame pointers and return addresses
/// that follow a call). Returns the count of addresses in `frames` (at most `capacity`, the first
/// being `pc`), or a negative errno.
int fc_unwind_blocked_thread(uint64_t pc, uint64_t sp, void **frames, int capacity);

/// The calling thread's kernel thread id (gettid), which names it in /proc/self/task.
int fc_current_thread_id(void);

#endif
