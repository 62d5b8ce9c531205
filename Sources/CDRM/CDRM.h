// libdrm's public headers, imported into Swift as the CDRM module (pkg-config: libdrm).
#ifndef FRAMECLOCK_CDRM_H
#define FRAMECLOCK_CDRM_H

#include <xf86drm.h>
#include <xf86drmMode.h>

#endif
