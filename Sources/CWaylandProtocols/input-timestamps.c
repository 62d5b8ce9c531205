// input-timestamps (unstable), version 1: wayland-scanner's private-code for wayland-protocols'
// unstable/input-timestamps/input-timestamps-unstable-v1.xml
// (generated/input-timestamps-unstable-v1-protocol.c, not compiled on its own), under the cwl_ names
// that CWaylandProtocols.h gives its tables.
#include "CWaylandProtocols.h"

#include "generated/input-timestamps-unstable-v1-protocol.c"
