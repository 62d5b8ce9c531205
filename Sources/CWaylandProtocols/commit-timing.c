// commit-timing (staging), version 1: wayland-scanner's private-code for wayland-protocols'
// staging/commit-timing/commit-timing-v1.xml (generated/commit-timing-v1-protocol.c, not compiled on its own), under the cwl_ names
// that CWaylandProtocols.h gives its tables.
#include "CWaylandProtocols.h"

#include "generated/commit-timing-v1-protocol.c"
