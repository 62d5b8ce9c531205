// libunwind's generic interface (remote address spaces with accessors of our own), for walking a
// blocked thread's stack from the registers the kernel shows for it.
#include <libunwind.h>
