#!/bin/bash
# Runs inside the vkms guest, chrooted into the host's root (read-only; /tmp, /run and /root are
# tmpfs): loads the DRM modules and vkms, runs the integration tests as root and as nobody, and
# the vblank-latency report. Its exit status is the guest's.
set -u
run_dir=$1
# shellcheck disable=SC1091
. "$run_dir/env"
export HOME=/root TMPDIR=/tmp PATH=/usr/sbin:/usr/bin:/sbin:/bin
status=0

modprobe drm || status=1
modprobe drm_kms_helper fbdev_emulation=0 || status=1
modprobe drm_shmem_helper || status=1
insmod "$FRAMECLOCK_VKMS_KO" 2>&1 || status=1
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/dri/card0 ] && break; sleep 0.1; done
if [ ! -e /dev/dri/card0 ]; then
    echo "guest: /dev/dri/card0 did not appear"
    exit 1
fi
echo "guest: $(uname -r), vkms loaded: $(ls /dev/dri)"

cd "$FRAMECLOCK_VKMS_REPO" 2>/dev/null || cd /
echo "guest: === integration tests (root) ==="
FRAMECLOCK_VKMS=1 "$FRAMECLOCK_VKMS_BUNDLE" --testing-library swift-testing --filter "$FRAMECLOCK_VKMS_FILTER" \
    || status=1

echo "guest: === integration tests (nobody) ==="
setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all --bounding-set=-all \
    env FRAMECLOCK_VKMS=1 FRAMECLOCK_VKMS_NONROOT=1 HOME=/tmp \
    "$FRAMECLOCK_VKMS_BUNDLE" --testing-library swift-testing --filter "VKMSNonRoot" || status=1

if [ -n "$FRAMECLOCK_VKMS_LATENCY" ]; then
    echo "guest: === vblank-latency ==="
    "$FRAMECLOCK_VKMS_LATENCY" || status=1
else
    echo "guest: vblank-latency not built or not asked for; no latency report"
fi
exit $status
