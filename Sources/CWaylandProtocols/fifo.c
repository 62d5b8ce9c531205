// fifo (staging), version 1: wayland-scanner's private-code for wayland-protocols'
// staging/fifo/fifo-v1.xml (generated/fifo-v1-protocol.c, not compiled on its own), under the cwl_ names
// that CWaylandProtocols.h gives its tables.
#include "CWaylandProtocols.h"

#include "generated/fifo-v1-protocol.c"
