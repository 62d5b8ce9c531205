// xdg-shell (stable), version 5: wayland-scanner's private-code for wayland-protocols'
// stable/xdg-shell/xdg-shell.xml (generated/xdg-shell-protocol.c, not compiled on its own), under
// the cwl_ names that CWaylandProtocols.h gives its tables.
#include "CWaylandProtocols.h"

#include "generated/xdg-shell-protocol.c"
