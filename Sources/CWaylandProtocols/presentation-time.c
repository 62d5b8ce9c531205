// presentation-time (stable), version 1: wayland-scanner's private-code for wayland-protocols'
// stable/presentation-time/presentation-time.xml (generated/presentation-time-protocol.c, not
// compiled on its own), under the cwl_ names that CWaylandProtocols.h gives its tables.
#include "CWaylandProtocols.h"

#include "generated/presentation-time-protocol.c"
